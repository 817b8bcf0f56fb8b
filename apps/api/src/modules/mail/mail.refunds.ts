import type { Texts } from './mail.notices';

/**
 * The mails of the back office's refunds (decision 0048): an order or one of its prompts and a
 * generation refunded to the balance, a deposit refunded to its payment method, and such a refund
 * that the card or account could not take after all (its credits are back). A line naming a
 * value the sender does not give is left out (the prompts no longer downloadable, a reason).
 */
export type RefundMailKind =
  | 'refund-order'
  | 'refund-generation'
  | 'refund-deposit'
  | 'refund-deposit-failed';

const greetings: Record<string, string> = {
  en: 'Hello {name},',
  de: 'Hallo {name},',
  fr: 'Bonjour {name},',
  es: 'Hola, {name}:',
  it: 'Ciao {name},',
  pl: 'Cześć {name},',
};

type Written = Omit<Texts, 'greeting'>;

function inEach(written: Record<string, Written>): Record<string, Texts> {
  return Object.fromEntries(
    Object.entries(written).map(([language, texts]) => [
      language,
      { ...texts, greeting: greetings[language] ?? 'Hello {name},' },
    ]),
  );
}

export const refundTexts: Record<RefundMailKind, Record<string, Texts>> = {
  'refund-order': inEach({
    en: {
      subject: 'A refund of {amount} for your order no. {number}',
      lines: [
        'We refunded {amount} for your order no. {number} to your PromptMarket balance.',
        'Reason: {reason}',
        'Refunded in full, so no longer yours to download: {revoked}',
      ],
      action: 'View your balance',
      footer: 'You receive this e-mail as the credit note of a refund to your PromptMarket account.',
    },
    de: {
      subject: 'Eine Erstattung von {amount} für deine Bestellung Nr. {number}',
      lines: [
        'wir haben dir {amount} für deine Bestellung Nr. {number} auf dein PromptMarket-Guthaben erstattet.',
        'Grund: {reason}',
        'Vollständig erstattet und daher nicht mehr zum Herunterladen verfügbar: {revoked}',
      ],
      action: 'Dein Guthaben ansehen',
      footer: 'Du erhältst diese E-Mail als Gutschrift einer Erstattung auf dein PromptMarket-Konto.',
    },
    fr: {
      subject: 'Un remboursement de {amount} pour votre commande n° {number}',
      lines: [
        'Nous avons remboursé {amount} pour votre commande n° {number} sur votre solde PromptMarket.',
        'Motif : {reason}',
        'Remboursé en totalité, donc plus disponible au téléchargement : {revoked}',
      ],
      action: 'Voir votre solde',
      footer: 'Vous recevez cet e-mail comme avoir d’un remboursement sur votre compte PromptMarket.',
    },
    es: {
      subject: 'Un reembolso de {amount} por tu pedido n.º {number}',
      lines: [
        'Te hemos reembolsado {amount} por tu pedido n.º {number} en tu saldo de PromptMarket.',
        'Motivo: {reason}',
        'Reembolsado por completo, por lo que ya no puedes descargarlo: {revoked}',
      ],
      action: 'Ver tu saldo',
      footer: 'Recibes este correo como nota de abono de un reembolso en tu cuenta de PromptMarket.',
    },
    it: {
      subject: 'Un rimborso di {amount} per il tuo ordine n. {number}',
      lines: [
        'ti abbiamo rimborsato {amount} per il tuo ordine n. {number} sul tuo saldo PromptMarket.',
        'Motivo: {reason}',
        'Rimborsato per intero, quindi non più scaricabile: {revoked}',
      ],
      action: 'Vedi il tuo saldo',
      footer: 'Ricevi questa e-mail come nota di credito di un rimborso sul tuo account PromptMarket.',
    },
    pl: {
      subject: 'Zwrot {amount} za Twoje zamówienie nr {number}',
      lines: [
        'zwróciliśmy {amount} za Twoje zamówienie nr {number} na Twoje saldo w PromptMarket.',
        'Powód: {reason}',
        'Zwrócone w całości, więc nie można już pobrać: {revoked}',
      ],
      action: 'Zobacz swoje saldo',
      footer: 'Otrzymujesz ten e-mail jako notę uznaniową zwrotu na Twoje konto PromptMarket.',
    },
  }),
  'refund-generation': inEach({
    en: {
      subject: 'A refund of {amount} for your image no. {number}',
      lines: [
        'We refunded {amount} for your image no. {number} ("{title}") to your PromptMarket balance.',
        'Reason: {reason}',
      ],
      action: 'View your balance',
      footer: 'You receive this e-mail as the credit note of a refund to your PromptMarket account.',
    },
    de: {
      subject: 'Eine Erstattung von {amount} für dein Bild Nr. {number}',
      lines: [
        'wir haben dir {amount} für dein Bild Nr. {number} („{title}“) auf dein PromptMarket-Guthaben erstattet.',
        'Grund: {reason}',
      ],
      action: 'Dein Guthaben ansehen',
      footer: 'Du erhältst diese E-Mail als Gutschrift einer Erstattung auf dein PromptMarket-Konto.',
    },
    fr: {
      subject: 'Un remboursement de {amount} pour votre image n° {number}',
      lines: [
        'Nous avons remboursé {amount} pour votre image n° {number} (« {title} ») sur votre solde PromptMarket.',
        'Motif : {reason}',
      ],
      action: 'Voir votre solde',
      footer: 'Vous recevez cet e-mail comme avoir d’un remboursement sur votre compte PromptMarket.',
    },
    es: {
      subject: 'Un reembolso de {amount} por tu imagen n.º {number}',
      lines: [
        'Te hemos reembolsado {amount} por tu imagen n.º {number} («{title}») en tu saldo de PromptMarket.',
        'Motivo: {reason}',
      ],
      action: 'Ver tu saldo',
      footer: 'Recibes este correo como nota de abono de un reembolso en tu cuenta de PromptMarket.',
    },
    it: {
      subject: 'Un rimborso di {amount} per la tua immagine n. {number}',
      lines: [
        'ti abbiamo rimborsato {amount} per la tua immagine n. {number} («{title}») sul tuo saldo PromptMarket.',
        'Motivo: {reason}',
      ],
      action: 'Vedi il tuo saldo',
      footer: 'Ricevi questa e-mail come nota di credito di un rimborso sul tuo account PromptMarket.',
    },
    pl: {
      subject: 'Zwrot {amount} za Twój obraz nr {number}',
      lines: [
        'zwróciliśmy {amount} za Twój obraz nr {number} („{title}”) na Twoje saldo w PromptMarket.',
        'Powód: {reason}',
      ],
      action: 'Zobacz swoje saldo',
      footer: 'Otrzymujesz ten e-mail jako notę uznaniową zwrotu na Twoje konto PromptMarket.',
    },
  }),
  'refund-deposit': inEach({
    en: {
      subject: 'Your deposit no. {number} was refunded',
      lines: [
        'We refunded {price} of your deposit no. {number} to the card or account you paid with.',
        'The {amount} it bought were taken from your PromptMarket balance.',
        'Reason: {reason}',
        'Depending on your bank, the money can take 5 to 10 business days to show on your statement.',
      ],
      action: 'View your balance',
      footer: 'You receive this e-mail as the credit note of a refund of your PromptMarket deposit.',
    },
    de: {
      subject: 'Deine Einzahlung Nr. {number} wurde erstattet',
      lines: [
        'wir haben {price} deiner Einzahlung Nr. {number} auf die Karte oder das Konto erstattet, mit dem du bezahlt hast.',
        'Die dafür gutgeschriebenen {amount} wurden von deinem PromptMarket-Guthaben abgezogen.',
        'Grund: {reason}',
        'Je nach Bank kann es 5 bis 10 Werktage dauern, bis das Geld auf deinem Kontoauszug erscheint.',
      ],
      action: 'Dein Guthaben ansehen',
      footer: 'Du erhältst diese E-Mail als Gutschrift der Erstattung deiner PromptMarket-Einzahlung.',
    },
    fr: {
      subject: 'Votre dépôt n° {number} a été remboursé',
      lines: [
        'Nous avons remboursé {price} de votre dépôt n° {number} sur la carte ou le compte avec lequel vous avez payé.',
        'Les {amount} qu’il vous avait apportés ont été retirés de votre solde PromptMarket.',
        'Motif : {reason}',
        'Selon votre banque, l’argent peut mettre 5 à 10 jours ouvrés à apparaître sur votre relevé.',
      ],
      action: 'Voir votre solde',
      footer: 'Vous recevez cet e-mail comme avoir du remboursement de votre dépôt PromptMarket.',
    },
    es: {
      subject: 'Se ha reembolsado tu depósito n.º {number}',
      lines: [
        'Hemos reembolsado {price} de tu depósito n.º {number} a la tarjeta o cuenta con la que pagaste.',
        'Los {amount} que te abonó se han descontado de tu saldo de PromptMarket.',
        'Motivo: {reason}',
        'Según tu banco, el dinero puede tardar de 5 a 10 días hábiles en aparecer en tu extracto.',
      ],
      action: 'Ver tu saldo',
      footer: 'Recibes este correo como nota de abono del reembolso de tu depósito en PromptMarket.',
    },
    it: {
      subject: 'Il tuo deposito n. {number} è stato rimborsato',
      lines: [
        'abbiamo rimborsato {price} del tuo deposito n. {number} sulla carta o sul conto con cui hai pagato.',
        'I {amount} che ti aveva accreditato sono stati tolti dal tuo saldo PromptMarket.',
        'Motivo: {reason}',
        'A seconda della tua banca, il denaro può impiegare da 5 a 10 giorni lavorativi per comparire nell’estratto conto.',
      ],
      action: 'Vedi il tuo saldo',
      footer: 'Ricevi questa e-mail come nota di credito del rimborso del tuo deposito PromptMarket.',
    },
    pl: {
      subject: 'Twoja wpłata nr {number} została zwrócona',
      lines: [
        'zwróciliśmy {price} z Twojej wpłaty nr {number} na kartę lub konto, z którego zapłacono.',
        'Doładowane nią {amount} zostały pobrane z Twojego salda w PromptMarket.',
        'Powód: {reason}',
        'W zależności od banku pieniądze mogą pojawić się na wyciągu po 5–10 dniach roboczych.',
      ],
      action: 'Zobacz swoje saldo',
      footer: 'Otrzymujesz ten e-mail jako notę uznaniową zwrotu Twojej wpłaty w PromptMarket.',
    },
  }),
  'refund-deposit-failed': inEach({
    en: {
      subject: 'The refund of your deposit no. {number} did not go through',
      lines: [
        'The refund of {price} to the card or account you paid your deposit no. {number} with did not go through: your bank could not take it.',
        'The {amount} it had taken are back on your PromptMarket balance. Please contact us so that we can refund you another way.',
      ],
      action: 'View your balance',
      footer: 'You receive this e-mail because a refund to your PromptMarket account changed.',
    },
    de: {
      subject: 'Die Erstattung deiner Einzahlung Nr. {number} ist nicht durchgegangen',
      lines: [
        'die Erstattung von {price} auf die Karte oder das Konto, mit dem du deine Einzahlung Nr. {number} bezahlt hast, ist nicht durchgegangen: Deine Bank konnte sie nicht annehmen.',
        'Die dafür abgezogenen {amount} sind wieder auf deinem PromptMarket-Guthaben. Bitte kontaktiere uns, damit wir dir den Betrag auf anderem Weg erstatten.',
      ],
      action: 'Dein Guthaben ansehen',
      footer: 'Du erhältst diese E-Mail, weil sich eine Erstattung auf dein PromptMarket-Konto geändert hat.',
    },
    fr: {
      subject: 'Le remboursement de votre dépôt n° {number} n’a pas abouti',
      lines: [
        'Le remboursement de {price} sur la carte ou le compte avec lequel vous avez payé votre dépôt n° {number} n’a pas abouti : votre banque n’a pas pu l’accepter.',
        'Les {amount} qui avaient été retirés sont de nouveau sur votre solde PromptMarket. Contactez-nous pour que nous vous remboursions autrement.',
      ],
      action: 'Voir votre solde',
      footer: 'Vous recevez cet e-mail car un remboursement sur votre compte PromptMarket a changé.',
    },
    es: {
      subject: 'El reembolso de tu depósito n.º {number} no se ha completado',
      lines: [
        'El reembolso de {price} a la tarjeta o cuenta con la que pagaste tu depósito n.º {number} no se ha completado: tu banco no pudo aceptarlo.',
        'Los {amount} que se habían descontado vuelven a estar en tu saldo de PromptMarket. Contáctanos para que te lo reembolsemos de otra forma.',
      ],
      action: 'Ver tu saldo',
      footer: 'Recibes este correo porque ha cambiado un reembolso en tu cuenta de PromptMarket.',
    },
    it: {
      subject: 'Il rimborso del tuo deposito n. {number} non è andato a buon fine',
      lines: [
        'il rimborso di {price} sulla carta o sul conto con cui hai pagato il deposito n. {number} non è andato a buon fine: la tua banca non ha potuto accettarlo.',
        'I {amount} che erano stati tolti sono di nuovo sul tuo saldo PromptMarket. Contattaci per ricevere il rimborso in un altro modo.',
      ],
      action: 'Vedi il tuo saldo',
      footer: 'Ricevi questa e-mail perché è cambiato un rimborso sul tuo account PromptMarket.',
    },
    pl: {
      subject: 'Zwrot Twojej wpłaty nr {number} nie doszedł do skutku',
      lines: [
        'zwrot {price} na kartę lub konto, z którego zapłacono wpłatę nr {number}, nie doszedł do skutku: Twój bank nie mógł go przyjąć.',
        'Pobrane wtedy {amount} wróciły na Twoje saldo w PromptMarket. Skontaktuj się z nami, abyśmy zwrócili pieniądze w inny sposób.',
      ],
      action: 'Zobacz swoje saldo',
      footer: 'Otrzymujesz ten e-mail, ponieważ zmienił się zwrot na Twoim koncie PromptMarket.',
    },
  }),
};
