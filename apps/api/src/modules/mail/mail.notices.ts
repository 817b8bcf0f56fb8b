/**
 * The texts of the mails that tell a user what happened to their money, offers, verification and
 * password. A line naming a value in braces is left out when the sender does not give it; a line
 * that is just `{items}` is a list (mail.templates.ts renders them).
 */

export type Texts = { subject: string; greeting: string; lines: string[]; action: string; footer: string };

export type NoticeKind =
  | 'deposit-credited'
  | 'deposit-failed'
  | 'purchase'
  | 'generation-refunded'
  | 'password-changed'
  | 'offer-priced'
  | 'offer-published'
  | 'offer-declined'
  | 'verification-approved'
  | 'verification-declined'
  | 'payout-sent'
  | 'payout-paid';

const greetings = {
  en: 'Hello {name},',
  de: 'Hallo {name},',
  fr: 'Bonjour {name},',
  es: 'Hola, {name}:',
  it: 'Ciao {name},',
  pl: 'Cześć {name},',
} as const;

type Language = keyof typeof greetings;
type Written = Omit<Texts, 'greeting'>;

/** Each language's texts with its greeting. */
function inEach(written: Record<Language, Written>): Record<string, Texts> {
  return Object.fromEntries(
    Object.entries(written).map(([language, texts]) => [
      language,
      { ...texts, greeting: greetings[language as Language] },
    ]),
  );
}

export const noticeTexts: Record<NoticeKind, Record<string, Texts>> = {
  'deposit-credited': inEach({
    en: {
      subject: 'Your deposit no. {number} was credited',
      lines: [
        'Your deposit no. {number} has arrived: your balance grew by {amount}.',
        'Thank you for topping up. You can spend the balance on prompts and generations.',
      ],
      action: 'View your deposits',
      footer: 'You receive this e-mail as the receipt of a deposit to your PromptMarket account.',
    },
    de: {
      subject: 'Deine Einzahlung Nr. {number} wurde gutgeschrieben',
      lines: [
        'deine Einzahlung Nr. {number} ist angekommen: Dein Guthaben ist um {amount} gestiegen.',
        'Danke fürs Aufladen. Du kannst das Guthaben für Prompts und Generierungen verwenden.',
      ],
      action: 'Deine Einzahlungen ansehen',
      footer: 'Du erhältst diese E-Mail als Beleg einer Einzahlung auf dein PromptMarket-Konto.',
    },
    fr: {
      subject: 'Votre dépôt n° {number} a été crédité',
      lines: [
        'Votre dépôt n° {number} est arrivé : votre solde a augmenté de {amount}.',
        'Merci pour votre rechargement. Vous pouvez utiliser le solde pour des prompts et des générations.',
      ],
      action: 'Voir vos dépôts',
      footer: 'Vous recevez cet e-mail comme reçu d’un dépôt sur votre compte PromptMarket.',
    },
    es: {
      subject: 'Se ha abonado tu depósito n.º {number}',
      lines: [
        'Tu depósito n.º {number} ha llegado: tu saldo ha aumentado en {amount}.',
        'Gracias por recargar. Puedes usar el saldo en prompts y generaciones.',
      ],
      action: 'Ver tus depósitos',
      footer: 'Recibes este correo como recibo de un depósito en tu cuenta de PromptMarket.',
    },
    it: {
      subject: 'Il tuo deposito n. {number} è stato accreditato',
      lines: [
        'il tuo deposito n. {number} è arrivato: il tuo saldo è aumentato di {amount}.',
        'Grazie per la ricarica. Puoi usare il saldo per prompt e generazioni.',
      ],
      action: 'Vedi i tuoi depositi',
      footer: 'Ricevi questa e-mail come ricevuta di un deposito sul tuo account PromptMarket.',
    },
    pl: {
      subject: 'Twoja wpłata nr {number} została zaksięgowana',
      lines: [
        'Twoja wpłata nr {number} dotarła: do Twojego salda dodano {amount}.',
        'Dziękujemy za doładowanie. Saldo możesz wykorzystać na prompty i generowanie obrazów.',
      ],
      action: 'Zobacz swoje wpłaty',
      footer: 'Otrzymujesz tę wiadomość jako potwierdzenie wpłaty na Twoje konto PromptMarket.',
    },
  }),
  'deposit-failed': inEach({
    en: {
      subject: 'Your deposit no. {number} did not go through',
      lines: [
        'The payment for your deposit no. {number} of {amount} failed: the payment provider reported that it was not paid, so nothing was added to your balance and nothing was charged.',
        'You can try again, with another payment method if you like.',
      ],
      action: 'Try again',
      footer: 'You receive this e-mail because a deposit was started from your PromptMarket account.',
    },
    de: {
      subject: 'Deine Einzahlung Nr. {number} ist fehlgeschlagen',
      lines: [
        'die Zahlung für deine Einzahlung Nr. {number} über {amount} ist fehlgeschlagen: Der Zahlungsanbieter hat gemeldet, dass sie nicht bezahlt wurde. Deinem Guthaben wurde nichts gutgeschrieben und nichts belastet.',
        'Du kannst es noch einmal versuchen, gern auch mit einer anderen Zahlungsart.',
      ],
      action: 'Erneut versuchen',
      footer: 'Du erhältst diese E-Mail, weil von deinem PromptMarket-Konto eine Einzahlung gestartet wurde.',
    },
    fr: {
      subject: 'Votre dépôt n° {number} n’a pas abouti',
      lines: [
        'Le paiement de votre dépôt n° {number} de {amount} a échoué : le prestataire de paiement a signalé qu’il n’a pas été payé. Rien n’a été ajouté à votre solde ni débité.',
        'Vous pouvez réessayer, avec un autre moyen de paiement si vous le souhaitez.',
      ],
      action: 'Réessayer',
      footer: 'Vous recevez cet e-mail car un dépôt a été lancé depuis votre compte PromptMarket.',
    },
    es: {
      subject: 'Tu depósito n.º {number} no se ha completado',
      lines: [
        'El pago de tu depósito n.º {number} de {amount} ha fallado: el proveedor de pagos ha informado de que no se pagó, así que no se ha añadido nada a tu saldo ni se ha cobrado nada.',
        'Puedes intentarlo de nuevo, si quieres con otro método de pago.',
      ],
      action: 'Intentar de nuevo',
      footer: 'Recibes este correo porque se inició un depósito desde tu cuenta de PromptMarket.',
    },
    it: {
      subject: 'Il tuo deposito n. {number} non è andato a buon fine',
      lines: [
        'il pagamento del tuo deposito n. {number} di {amount} non è riuscito: il fornitore dei pagamenti ha segnalato che non è stato pagato, quindi nulla è stato aggiunto al tuo saldo né addebitato.',
        'Puoi riprovare, se vuoi con un altro metodo di pagamento.',
      ],
      action: 'Riprova',
      footer: 'Ricevi questa e-mail perché dal tuo account PromptMarket è stato avviato un deposito.',
    },
    pl: {
      subject: 'Twoja wpłata nr {number} nie powiodła się',
      lines: [
        'płatność za Twoją wpłatę nr {number} na kwotę {amount} nie powiodła się: operator płatności zgłosił, że nie została opłacona. Do salda nic nie dodano i nic nie pobrano.',
        'Możesz spróbować ponownie, także inną metodą płatności.',
      ],
      action: 'Spróbuj ponownie',
      footer: 'Otrzymujesz tę wiadomość, ponieważ z Twojego konta PromptMarket rozpoczęto wpłatę.',
    },
  }),
  purchase: inEach({
    en: {
      subject: 'Your PromptMarket order no. {number}',
      lines: [
        'Thank you for your purchase. Your order no. {number} is paid and its prompts are ready to download:',
        '{items}',
        'Total: {total}',
        'The order and its downloads are in the orders tab of your dashboard.',
      ],
      action: 'Open your orders',
      footer: 'You receive this e-mail as the receipt of a purchase with your PromptMarket account.',
    },
    de: {
      subject: 'Deine PromptMarket-Bestellung Nr. {number}',
      lines: [
        'danke für deinen Einkauf. Deine Bestellung Nr. {number} ist bezahlt, und ihre Prompts stehen zum Download bereit:',
        '{items}',
        'Summe: {total}',
        'Die Bestellung und ihre Downloads findest du im Tab „Bestellungen“ deines Dashboards.',
      ],
      action: 'Deine Bestellungen öffnen',
      footer: 'Du erhältst diese E-Mail als Beleg eines Einkaufs mit deinem PromptMarket-Konto.',
    },
    fr: {
      subject: 'Votre commande PromptMarket n° {number}',
      lines: [
        'Merci pour votre achat. Votre commande n° {number} est payée et ses prompts sont prêts à être téléchargés :',
        '{items}',
        'Total : {total}',
        'La commande et ses téléchargements se trouvent dans l’onglet Commandes de votre tableau de bord.',
      ],
      action: 'Ouvrir vos commandes',
      footer: 'Vous recevez cet e-mail comme reçu d’un achat avec votre compte PromptMarket.',
    },
    es: {
      subject: 'Tu pedido de PromptMarket n.º {number}',
      lines: [
        'Gracias por tu compra. Tu pedido n.º {number} está pagado y sus prompts están listos para descargar:',
        '{items}',
        'Total: {total}',
        'El pedido y sus descargas están en la pestaña Pedidos de tu panel.',
      ],
      action: 'Abrir tus pedidos',
      footer: 'Recibes este correo como recibo de una compra con tu cuenta de PromptMarket.',
    },
    it: {
      subject: 'Il tuo ordine PromptMarket n. {number}',
      lines: [
        'grazie per il tuo acquisto. Il tuo ordine n. {number} è pagato e i suoi prompt sono pronti da scaricare:',
        '{items}',
        'Totale: {total}',
        'L’ordine e i suoi download sono nella scheda Ordini della tua dashboard.',
      ],
      action: 'Apri i tuoi ordini',
      footer: 'Ricevi questa e-mail come ricevuta di un acquisto con il tuo account PromptMarket.',
    },
    pl: {
      subject: 'Twoje zamówienie PromptMarket nr {number}',
      lines: [
        'dziękujemy za zakup. Twoje zamówienie nr {number} jest opłacone, a jego prompty są gotowe do pobrania:',
        '{items}',
        'Razem: {total}',
        'Zamówienie i pliki do pobrania znajdziesz w zakładce Zamówienia w swoim panelu.',
      ],
      action: 'Otwórz swoje zamówienia',
      footer: 'Otrzymujesz tę wiadomość jako potwierdzenie zakupu z Twojego konta PromptMarket.',
    },
  }),
  'generation-refunded': inEach({
    en: {
      subject: 'Your generation failed and was refunded',
      lines: [
        'A picture you paid for could not be generated. Its cost, {amount}, was given back to your balance.',
        'You can try again with the same prompt at any time.',
      ],
      action: 'Generate again',
      footer: 'You receive this e-mail as the receipt of a refund to your PromptMarket account.',
    },
    de: {
      subject: 'Deine Generierung ist fehlgeschlagen und wurde erstattet',
      lines: [
        'ein Bild, für das du bezahlt hast, konnte nicht erzeugt werden. Sein Preis, {amount}, wurde deinem Guthaben zurückgegeben.',
        'Du kannst es jederzeit mit demselben Prompt noch einmal versuchen.',
      ],
      action: 'Erneut generieren',
      footer: 'Du erhältst diese E-Mail als Beleg einer Erstattung auf dein PromptMarket-Konto.',
    },
    fr: {
      subject: 'Votre génération a échoué et a été remboursée',
      lines: [
        'Une image que vous avez payée n’a pas pu être générée. Son coût, {amount}, a été rendu à votre solde.',
        'Vous pouvez réessayer à tout moment avec le même prompt.',
      ],
      action: 'Générer à nouveau',
      footer: 'Vous recevez cet e-mail comme reçu d’un remboursement sur votre compte PromptMarket.',
    },
    es: {
      subject: 'Tu generación ha fallado y se ha reembolsado',
      lines: [
        'No se ha podido generar una imagen que pagaste. Su coste, {amount}, se ha devuelto a tu saldo.',
        'Puedes volver a intentarlo con el mismo prompt cuando quieras.',
      ],
      action: 'Generar de nuevo',
      footer: 'Recibes este correo como recibo de un reembolso en tu cuenta de PromptMarket.',
    },
    it: {
      subject: 'La tua generazione non è riuscita ed è stata rimborsata',
      lines: [
        'non è stato possibile generare un’immagine che hai pagato. Il suo costo, {amount}, è stato restituito al tuo saldo.',
        'Puoi riprovare con lo stesso prompt in qualsiasi momento.',
      ],
      action: 'Genera di nuovo',
      footer: 'Ricevi questa e-mail come ricevuta di un rimborso sul tuo account PromptMarket.',
    },
    pl: {
      subject: 'Generowanie nie powiodło się, zwróciliśmy środki',
      lines: [
        'nie udało się wygenerować obrazu, za który zapłacono. Jego koszt, {amount}, wrócił na Twoje saldo.',
        'W każdej chwili możesz spróbować ponownie z tym samym promptem.',
      ],
      action: 'Generuj ponownie',
      footer: 'Otrzymujesz tę wiadomość jako potwierdzenie zwrotu na Twoje konto PromptMarket.',
    },
  }),
  'password-changed': inEach({
    en: {
      subject: 'The password of your account was changed',
      lines: [
        'The password of your PromptMarket account was just changed.',
        'If this was you, there is nothing more to do. If this was not you, contact us right away so we can secure your account.',
      ],
      action: 'Contact us',
      footer: 'You receive this e-mail because this address belongs to a PromptMarket account.',
    },
    de: {
      subject: 'Das Passwort deines Kontos wurde geändert',
      lines: [
        'das Passwort deines PromptMarket-Kontos wurde soeben geändert.',
        'Wenn du das warst, ist nichts weiter zu tun. Wenn nicht, melde dich sofort bei uns, damit wir dein Konto sichern können.',
      ],
      action: 'Kontakt aufnehmen',
      footer: 'Du erhältst diese E-Mail, weil diese Adresse zu einem PromptMarket-Konto gehört.',
    },
    fr: {
      subject: 'Le mot de passe de votre compte a été modifié',
      lines: [
        'Le mot de passe de votre compte PromptMarket vient d’être modifié.',
        'Si c’est vous, il n’y a rien d’autre à faire. Si ce n’est pas vous, contactez-nous immédiatement pour que nous sécurisions votre compte.',
      ],
      action: 'Nous contacter',
      footer: 'Vous recevez cet e-mail car cette adresse appartient à un compte PromptMarket.',
    },
    es: {
      subject: 'Se ha cambiado la contraseña de tu cuenta',
      lines: [
        'Se acaba de cambiar la contraseña de tu cuenta de PromptMarket.',
        'Si has sido tú, no tienes que hacer nada más. Si no has sido tú, contáctanos de inmediato para que protejamos tu cuenta.',
      ],
      action: 'Contactar',
      footer: 'Recibes este correo porque esta dirección pertenece a una cuenta de PromptMarket.',
    },
    it: {
      subject: 'La password del tuo account è stata cambiata',
      lines: [
        'la password del tuo account PromptMarket è appena stata cambiata.',
        'Se sei stato tu, non devi fare altro. Se non sei stato tu, contattaci subito, così potremo mettere al sicuro il tuo account.',
      ],
      action: 'Contattaci',
      footer: 'Ricevi questa e-mail perché questo indirizzo appartiene a un account PromptMarket.',
    },
    pl: {
      subject: 'Hasło do Twojego konta zostało zmienione',
      lines: [
        'hasło do Twojego konta PromptMarket zostało właśnie zmienione.',
        'Jeśli to Ty, nie musisz nic robić. Jeśli to nie Ty, skontaktuj się z nami natychmiast, abyśmy mogli zabezpieczyć Twoje konto.',
      ],
      action: 'Skontaktuj się z nami',
      footer: 'Otrzymujesz tę wiadomość, ponieważ ten adres należy do konta PromptMarket.',
    },
  }),
  'offer-priced': inEach({
    en: {
      subject: 'We have priced your offer “{title}”',
      lines: [
        'We looked at your offer “{title}” and propose to buy it for {price}.',
        'Please accept or decline this price in your dashboard. Once you accept, we pay you and publish the work.',
      ],
      action: 'Answer the offer',
      footer: 'You receive this e-mail because you offered a work to PromptMarket.',
    },
    de: {
      subject: 'Wir haben einen Preis für dein Angebot „{title}“',
      lines: [
        'wir haben uns dein Angebot „{title}“ angesehen und bieten dir {price} dafür.',
        'Bitte nimm diesen Preis in deinem Dashboard an oder lehne ihn ab. Sobald du annimmst, bezahlen wir dich und veröffentlichen das Werk.',
      ],
      action: 'Auf das Angebot antworten',
      footer: 'Du erhältst diese E-Mail, weil du PromptMarket ein Werk angeboten hast.',
    },
    fr: {
      subject: 'Nous avons fixé un prix pour votre offre « {title} »',
      lines: [
        'Nous avons examiné votre offre « {title} » et vous proposons de l’acheter pour {price}.',
        'Acceptez ou refusez ce prix dans votre tableau de bord. Dès que vous acceptez, nous vous payons et publions l’œuvre.',
      ],
      action: 'Répondre à l’offre',
      footer: 'Vous recevez cet e-mail car vous avez proposé une œuvre à PromptMarket.',
    },
    es: {
      subject: 'Hemos puesto precio a tu oferta «{title}»',
      lines: [
        'Hemos revisado tu oferta «{title}» y te proponemos comprarla por {price}.',
        'Acepta o rechaza este precio en tu panel. En cuanto lo aceptes, te pagamos y publicamos la obra.',
      ],
      action: 'Responder a la oferta',
      footer: 'Recibes este correo porque ofreciste una obra a PromptMarket.',
    },
    it: {
      subject: 'Abbiamo fatto un prezzo per la tua offerta «{title}»',
      lines: [
        'abbiamo esaminato la tua offerta «{title}» e ti proponiamo di acquistarla per {price}.',
        'Accetta o rifiuta questo prezzo nella tua dashboard. Appena accetti, ti paghiamo e pubblichiamo l’opera.',
      ],
      action: 'Rispondi all’offerta',
      footer: 'Ricevi questa e-mail perché hai offerto un’opera a PromptMarket.',
    },
    pl: {
      subject: 'Wyceniliśmy Twoją ofertę „{title}”',
      lines: [
        'przejrzeliśmy Twoją ofertę „{title}” i proponujemy jej zakup za {price}.',
        'Przyjmij lub odrzuć tę cenę w swoim panelu. Gdy ją przyjmiesz, zapłacimy i opublikujemy dzieło.',
      ],
      action: 'Odpowiedz na ofertę',
      footer: 'Otrzymujesz tę wiadomość, ponieważ zaoferowano PromptMarket dzieło z Twojego konta.',
    },
  }),
  'offer-published': inEach({
    en: {
      subject: 'Your work “{title}” is published',
      lines: [
        'The work “{title}” you sold us is now on sale in the shop.',
        'Thank you for selling on PromptMarket; you are welcome to offer us more of your works.',
      ],
      action: 'Your offers',
      footer: 'You receive this e-mail because you sold a work on PromptMarket.',
    },
    de: {
      subject: 'Dein Werk „{title}“ ist veröffentlicht',
      lines: [
        'das Werk „{title}“, das du uns verkauft hast, ist jetzt im Shop erhältlich.',
        'Danke, dass du auf PromptMarket verkaufst; biete uns gern weitere deiner Werke an.',
      ],
      action: 'Deine Angebote',
      footer: 'Du erhältst diese E-Mail, weil du ein Werk auf PromptMarket verkauft hast.',
    },
    fr: {
      subject: 'Votre œuvre « {title} » est publiée',
      lines: [
        'L’œuvre « {title} » que vous nous avez vendue est maintenant en vente dans la boutique.',
        'Merci de vendre sur PromptMarket ; n’hésitez pas à nous proposer d’autres œuvres.',
      ],
      action: 'Vos offres',
      footer: 'Vous recevez cet e-mail car vous avez vendu une œuvre sur PromptMarket.',
    },
    es: {
      subject: 'Tu obra «{title}» está publicada',
      lines: [
        'La obra «{title}» que nos vendiste ya está a la venta en la tienda.',
        'Gracias por vender en PromptMarket; puedes ofrecernos más obras cuando quieras.',
      ],
      action: 'Tus ofertas',
      footer: 'Recibes este correo porque vendiste una obra en PromptMarket.',
    },
    it: {
      subject: 'La tua opera «{title}» è pubblicata',
      lines: [
        'l’opera «{title}» che ci hai venduto è ora in vendita nel negozio.',
        'Grazie per vendere su PromptMarket; offrici pure altre tue opere.',
      ],
      action: 'Le tue offerte',
      footer: 'Ricevi questa e-mail perché hai venduto un’opera su PromptMarket.',
    },
    pl: {
      subject: 'Twoje dzieło „{title}” zostało opublikowane',
      lines: [
        'dzieło „{title}”, które od Ciebie kupiliśmy, jest już w sprzedaży w sklepie.',
        'Dziękujemy za sprzedaż w PromptMarket; zapraszamy do oferowania kolejnych dzieł.',
      ],
      action: 'Twoje oferty',
      footer: 'Otrzymujesz tę wiadomość, ponieważ sprzedano dzieło w PromptMarket z Twojego konta.',
    },
  }),
  'offer-declined': inEach({
    en: {
      subject: 'Your offer “{title}” was declined',
      lines: [
        'We looked at your offer “{title}” and decided not to buy it.',
        'The reason: {reason}',
        'Thank you for offering it; you are welcome to offer us other works.',
      ],
      action: 'Your offers',
      footer: 'You receive this e-mail because you offered a work to PromptMarket.',
    },
    de: {
      subject: 'Dein Angebot „{title}“ wurde abgelehnt',
      lines: [
        'wir haben uns dein Angebot „{title}“ angesehen und uns entschieden, es nicht zu kaufen.',
        'Der Grund: {reason}',
        'Danke für dein Angebot; biete uns gern andere Werke an.',
      ],
      action: 'Deine Angebote',
      footer: 'Du erhältst diese E-Mail, weil du PromptMarket ein Werk angeboten hast.',
    },
    fr: {
      subject: 'Votre offre « {title} » a été refusée',
      lines: [
        'Nous avons examiné votre offre « {title} » et avons décidé de ne pas l’acheter.',
        'La raison : {reason}',
        'Merci de nous l’avoir proposée ; n’hésitez pas à nous proposer d’autres œuvres.',
      ],
      action: 'Vos offres',
      footer: 'Vous recevez cet e-mail car vous avez proposé une œuvre à PromptMarket.',
    },
    es: {
      subject: 'Tu oferta «{title}» ha sido rechazada',
      lines: [
        'Hemos revisado tu oferta «{title}» y hemos decidido no comprarla.',
        'El motivo: {reason}',
        'Gracias por ofrecérnosla; puedes ofrecernos otras obras cuando quieras.',
      ],
      action: 'Tus ofertas',
      footer: 'Recibes este correo porque ofreciste una obra a PromptMarket.',
    },
    it: {
      subject: 'La tua offerta «{title}» è stata rifiutata',
      lines: [
        'abbiamo esaminato la tua offerta «{title}» e abbiamo deciso di non acquistarla.',
        'Il motivo: {reason}',
        'Grazie per avercela proposta; offrici pure altre opere.',
      ],
      action: 'Le tue offerte',
      footer: 'Ricevi questa e-mail perché hai offerto un’opera a PromptMarket.',
    },
    pl: {
      subject: 'Twoja oferta „{title}” została odrzucona',
      lines: [
        'przejrzeliśmy Twoją ofertę „{title}” i postanowiliśmy jej nie kupować.',
        'Powód: {reason}',
        'Dziękujemy za propozycję; zapraszamy do oferowania innych dzieł.',
      ],
      action: 'Twoje oferty',
      footer: 'Otrzymujesz tę wiadomość, ponieważ zaoferowano PromptMarket dzieło z Twojego konta.',
    },
  }),
  'verification-approved': inEach({
    en: {
      subject: 'Your identity is verified',
      lines: [
        'Your identity verification was approved. You can now sell us works of any price and be paid for them.',
      ],
      action: 'Your offers',
      footer: 'You receive this e-mail because you sent an identity verification to PromptMarket.',
    },
    de: {
      subject: 'Deine Identität ist bestätigt',
      lines: [
        'deine Identitätsprüfung wurde genehmigt. Du kannst uns jetzt Werke zu jedem Preis verkaufen und dafür bezahlt werden.',
      ],
      action: 'Deine Angebote',
      footer: 'Du erhältst diese E-Mail, weil du PromptMarket eine Identitätsprüfung geschickt hast.',
    },
    fr: {
      subject: 'Votre identité est vérifiée',
      lines: [
        'Votre vérification d’identité a été approuvée. Vous pouvez maintenant nous vendre des œuvres de tout prix et être payé pour elles.',
      ],
      action: 'Vos offres',
      footer: 'Vous recevez cet e-mail car vous avez envoyé une vérification d’identité à PromptMarket.',
    },
    es: {
      subject: 'Tu identidad está verificada',
      lines: [
        'Tu verificación de identidad ha sido aprobada. Ya puedes vendernos obras de cualquier precio y cobrar por ellas.',
      ],
      action: 'Tus ofertas',
      footer: 'Recibes este correo porque enviaste una verificación de identidad a PromptMarket.',
    },
    it: {
      subject: 'La tua identità è verificata',
      lines: [
        'la tua verifica dell’identità è stata approvata. Ora puoi venderci opere di qualsiasi prezzo ed essere pagato per esse.',
      ],
      action: 'Le tue offerte',
      footer: 'Ricevi questa e-mail perché hai inviato una verifica dell’identità a PromptMarket.',
    },
    pl: {
      subject: 'Twoja tożsamość została potwierdzona',
      lines: [
        'weryfikacja Twojej tożsamości została zatwierdzona. Możesz teraz sprzedawać nam dzieła w dowolnej cenie i otrzymywać za nie zapłatę.',
      ],
      action: 'Twoje oferty',
      footer:
        'Otrzymujesz tę wiadomość, ponieważ z Twojego konta wysłano weryfikację tożsamości do PromptMarket.',
    },
  }),
  'verification-declined': inEach({
    en: {
      subject: 'Your identity verification was declined',
      lines: [
        'We could not approve your identity verification.',
        'The reason: {reason}',
        'Please send it again from your dashboard with what is missing.',
      ],
      action: 'Send the verification again',
      footer: 'You receive this e-mail because you sent an identity verification to PromptMarket.',
    },
    de: {
      subject: 'Deine Identitätsprüfung wurde abgelehnt',
      lines: [
        'wir konnten deine Identitätsprüfung nicht genehmigen.',
        'Der Grund: {reason}',
        'Bitte schicke sie in deinem Dashboard mit dem Fehlenden noch einmal.',
      ],
      action: 'Prüfung erneut senden',
      footer: 'Du erhältst diese E-Mail, weil du PromptMarket eine Identitätsprüfung geschickt hast.',
    },
    fr: {
      subject: 'Votre vérification d’identité a été refusée',
      lines: [
        'Nous n’avons pas pu approuver votre vérification d’identité.',
        'La raison : {reason}',
        'Renvoyez-la depuis votre tableau de bord avec ce qui manque.',
      ],
      action: 'Renvoyer la vérification',
      footer: 'Vous recevez cet e-mail car vous avez envoyé une vérification d’identité à PromptMarket.',
    },
    es: {
      subject: 'Tu verificación de identidad ha sido rechazada',
      lines: [
        'No hemos podido aprobar tu verificación de identidad.',
        'El motivo: {reason}',
        'Vuelve a enviarla desde tu panel con lo que falta.',
      ],
      action: 'Enviar la verificación de nuevo',
      footer: 'Recibes este correo porque enviaste una verificación de identidad a PromptMarket.',
    },
    it: {
      subject: 'La tua verifica dell’identità è stata rifiutata',
      lines: [
        'non abbiamo potuto approvare la tua verifica dell’identità.',
        'Il motivo: {reason}',
        'Inviala di nuovo dalla tua dashboard con ciò che manca.',
      ],
      action: 'Invia di nuovo la verifica',
      footer: 'Ricevi questa e-mail perché hai inviato una verifica dell’identità a PromptMarket.',
    },
    pl: {
      subject: 'Weryfikacja Twojej tożsamości została odrzucona',
      lines: [
        'nie mogliśmy zatwierdzić weryfikacji Twojej tożsamości.',
        'Powód: {reason}',
        'Wyślij ją ponownie ze swojego panelu, uzupełniając braki.',
      ],
      action: 'Wyślij weryfikację ponownie',
      footer:
        'Otrzymujesz tę wiadomość, ponieważ z Twojego konta wysłano weryfikację tożsamości do PromptMarket.',
    },
  }),
  'payout-sent': inEach({
    en: {
      subject: 'Your payout of {amount} for “{title}” is on its way',
      lines: [
        'We have sent the payout of {amount} for your work “{title}”, which you sold us.',
        'Depending on your bank, it arrives within a few working days; we write again once it is paid.',
      ],
      action: 'Your payouts',
      footer: 'You receive this e-mail because you sold a work on PromptMarket.',
    },
    de: {
      subject: 'Deine Auszahlung über {amount} für „{title}“ ist unterwegs',
      lines: [
        'wir haben die Auszahlung über {amount} für dein Werk „{title}“ abgeschickt, das du uns verkauft hast.',
        'Je nach Bank kommt sie innerhalb weniger Werktage an; wir melden uns, sobald sie ausgezahlt ist.',
      ],
      action: 'Deine Auszahlungen',
      footer: 'Du erhältst diese E-Mail, weil du ein Werk auf PromptMarket verkauft hast.',
    },
    fr: {
      subject: 'Votre versement de {amount} pour « {title} » est en route',
      lines: [
        'Nous avons envoyé le versement de {amount} pour votre œuvre « {title} », que vous nous avez vendue.',
        'Selon votre banque, il arrive sous quelques jours ouvrés ; nous vous écrirons dès qu’il sera payé.',
      ],
      action: 'Vos versements',
      footer: 'Vous recevez cet e-mail car vous avez vendu une œuvre sur PromptMarket.',
    },
    es: {
      subject: 'Tu pago de {amount} por «{title}» está en camino',
      lines: [
        'Hemos enviado el pago de {amount} por tu obra «{title}», que nos vendiste.',
        'Según tu banco, llegará en unos pocos días hábiles; te escribiremos cuando esté pagado.',
      ],
      action: 'Tus pagos',
      footer: 'Recibes este correo porque vendiste una obra en PromptMarket.',
    },
    it: {
      subject: 'Il tuo pagamento di {amount} per «{title}» è in arrivo',
      lines: [
        'abbiamo inviato il pagamento di {amount} per la tua opera «{title}», che ci hai venduto.',
        'A seconda della tua banca, arriverà entro pochi giorni lavorativi; ti scriveremo quando sarà pagato.',
      ],
      action: 'I tuoi pagamenti',
      footer: 'Ricevi questa e-mail perché hai venduto un’opera su PromptMarket.',
    },
    pl: {
      subject: 'Twoja wypłata {amount} za „{title}” jest w drodze',
      lines: [
        'wysłaliśmy wypłatę {amount} za Twoje dzieło „{title}”, które od Ciebie kupiliśmy.',
        'W zależności od banku dotrze w ciągu kilku dni roboczych; napiszemy ponownie, gdy zostanie zrealizowana.',
      ],
      action: 'Twoje wypłaty',
      footer: 'Otrzymujesz tę wiadomość, ponieważ sprzedano dzieło w PromptMarket z Twojego konta.',
    },
  }),
  'payout-paid': inEach({
    en: {
      subject: 'Your payout of {amount} for “{title}” was paid',
      lines: [
        'The payout of {amount} for your work “{title}”, which you sold us, was paid to your account or card.',
        'Thank you for selling on PromptMarket.',
      ],
      action: 'Your payouts',
      footer: 'You receive this e-mail as the receipt of a payout for a work you sold on PromptMarket.',
    },
    de: {
      subject: 'Deine Auszahlung über {amount} für „{title}“ ist erfolgt',
      lines: [
        'die Auszahlung über {amount} für dein Werk „{title}“, das du uns verkauft hast, wurde auf dein Konto oder deine Karte überwiesen.',
        'Danke, dass du auf PromptMarket verkaufst.',
      ],
      action: 'Deine Auszahlungen',
      footer:
        'Du erhältst diese E-Mail als Beleg einer Auszahlung für ein Werk, das du auf PromptMarket verkauft hast.',
    },
    fr: {
      subject: 'Votre versement de {amount} pour « {title} » a été payé',
      lines: [
        'Le versement de {amount} pour votre œuvre « {title} », que vous nous avez vendue, a été payé sur votre compte ou votre carte.',
        'Merci de vendre sur PromptMarket.',
      ],
      action: 'Vos versements',
      footer: 'Vous recevez cet e-mail comme reçu du versement d’une œuvre vendue sur PromptMarket.',
    },
    es: {
      subject: 'Se ha abonado tu pago de {amount} por «{title}»',
      lines: [
        'El pago de {amount} por tu obra «{title}», que nos vendiste, se ha abonado en tu cuenta o tarjeta.',
        'Gracias por vender en PromptMarket.',
      ],
      action: 'Tus pagos',
      footer: 'Recibes este correo como recibo del pago de una obra que vendiste en PromptMarket.',
    },
    it: {
      subject: 'Il tuo pagamento di {amount} per «{title}» è stato effettuato',
      lines: [
        'il pagamento di {amount} per la tua opera «{title}», che ci hai venduto, è stato accreditato sul tuo conto o sulla tua carta.',
        'Grazie per vendere su PromptMarket.',
      ],
      action: 'I tuoi pagamenti',
      footer: 'Ricevi questa e-mail come ricevuta del pagamento di un’opera venduta su PromptMarket.',
    },
    pl: {
      subject: 'Twoja wypłata {amount} za „{title}” została zrealizowana',
      lines: [
        'wypłata {amount} za Twoje dzieło „{title}”, które od Ciebie kupiliśmy, trafiła na Twoje konto lub kartę.',
        'Dziękujemy za sprzedaż w PromptMarket.',
      ],
      action: 'Twoje wypłaty',
      footer: 'Otrzymujesz tę wiadomość jako potwierdzenie wypłaty za dzieło sprzedane w PromptMarket.',
    },
  }),
};
