import { escapeHtml } from '../../lib/escape-html';
import { type NewsletterMailKind, newsletterTexts } from './mail.newsletter';
import { type NoticeKind, noticeTexts, type Texts } from './mail.notices';
import { type RefundMailKind, refundTexts } from './mail.refunds';

/** The transactional mails, in each of the shop's languages; English for any other. */

export type MailKind =
  | 'verify-email'
  | 'reset-password'
  | 'email-changed'
  | 'newsletter-welcome'
  | 'payout-failed'
  | 'account-deleted'
  | NoticeKind
  | RefundMailKind
  | NewsletterMailKind;

/** Every mail's texts by kind and language. */
export const mailTexts: Record<MailKind, Record<string, Texts>> = {
  ...noticeTexts,
  ...refundTexts,
  ...newsletterTexts,
  'account-deleted': {
    en: {
      subject: 'Your PromptMarket account was deleted',
      greeting: 'Hello {name},',
      lines: [
        'Your PromptMarket account was deleted as you asked, with its personal data. You can no longer sign in with it.',
        'The balance of {amount} that was left on it was given up, as you chose before deleting.',
        'Your orders and payments stay recorded without your name, as bookkeeping requires.',
      ],
      action: 'Contact us',
      footer:
        'You receive this e-mail because this address belonged to a PromptMarket account. If you did not delete it, contact us right away.',
    },
    de: {
      subject: 'Dein PromptMarket-Konto wurde gelöscht',
      greeting: 'Hallo {name},',
      lines: [
        'Dein PromptMarket-Konto wurde wie gewünscht mit seinen persönlichen Daten gelöscht. Du kannst dich damit nicht mehr anmelden.',
        'Das verbliebene Guthaben von {amount} ist verfallen, wie du es vor dem Löschen gewählt hast.',
        'Deine Bestellungen und Zahlungen bleiben ohne deinen Namen verbucht, wie es die Buchführung verlangt.',
      ],
      action: 'Kontaktiere uns',
      footer:
        'Du erhältst diese E-Mail, weil diese Adresse zu einem PromptMarket-Konto gehörte. Wenn du es nicht gelöscht hast, kontaktiere uns sofort.',
    },
    fr: {
      subject: 'Votre compte PromptMarket a été supprimé',
      greeting: 'Bonjour {name},',
      lines: [
        'Votre compte PromptMarket a été supprimé à votre demande, avec ses données personnelles. Vous ne pouvez plus vous y connecter.',
        'Le solde de {amount} qui y restait a été abandonné, comme vous l’avez choisi avant la suppression.',
        'Vos commandes et paiements restent enregistrés sans votre nom, comme l’exige la comptabilité.',
      ],
      action: 'Nous contacter',
      footer:
        'Vous recevez cet e-mail car cette adresse appartenait à un compte PromptMarket. Si vous ne l’avez pas supprimé, contactez-nous immédiatement.',
    },
    es: {
      subject: 'Se ha eliminado tu cuenta de PromptMarket',
      greeting: 'Hola {name}:',
      lines: [
        'Tu cuenta de PromptMarket se ha eliminado como pediste, junto con sus datos personales. Ya no puedes iniciar sesión con ella.',
        'El saldo de {amount} que quedaba se ha perdido, como elegiste antes de eliminarla.',
        'Tus pedidos y pagos siguen registrados sin tu nombre, como exige la contabilidad.',
      ],
      action: 'Contáctanos',
      footer:
        'Recibes este correo porque esta dirección pertenecía a una cuenta de PromptMarket. Si no la eliminaste tú, contáctanos de inmediato.',
    },
    it: {
      subject: 'Il tuo account PromptMarket è stato eliminato',
      greeting: 'Ciao {name},',
      lines: [
        'Il tuo account PromptMarket è stato eliminato come hai chiesto, insieme ai suoi dati personali. Non puoi più accedervi.',
        'Il saldo di {amount} rimasto è stato perso, come hai scelto prima dell’eliminazione.',
        'I tuoi ordini e pagamenti restano registrati senza il tuo nome, come richiede la contabilità.',
      ],
      action: 'Contattaci',
      footer:
        'Ricevi questa e-mail perché questo indirizzo apparteneva a un account PromptMarket. Se non l’hai eliminato tu, contattaci subito.',
    },
    pl: {
      subject: 'Twoje konto PromptMarket zostało usunięte',
      greeting: 'Cześć {name},',
      lines: [
        'Twoje konto PromptMarket zostało usunięte na Twoją prośbę wraz z danymi osobowymi. Nie możesz się już na nie zalogować.',
        'Pozostałe na nim saldo w wysokości {amount} przepadło, tak jak wybrałeś przed usunięciem.',
        'Twoje zamówienia i płatności pozostają zapisane bez Twojego nazwiska, jak wymaga tego księgowość.',
      ],
      action: 'Skontaktuj się z nami',
      footer:
        'Otrzymujesz tę wiadomość, ponieważ ten adres należał do konta PromptMarket. Jeśli to nie Ty je usunąłeś, skontaktuj się z nami natychmiast.',
    },
  },
  'payout-failed': {
    en: {
      subject: 'Your payout for “{title}” could not be completed',
      greeting: 'Hello {name},',
      lines: [
        'The payout for your work “{title}”, which you sold us, did not reach your account or card. What we owe you is kept for you.',
        'Please check your payout details, give new ones in your dashboard, and we will send it again.',
      ],
      action: 'Give new payout details',
      footer: 'You receive this e-mail because you sold a work on PromptMarket.',
    },
    de: {
      subject: 'Deine Auszahlung für „{title}“ konnte nicht ausgeführt werden',
      greeting: 'Hallo {name},',
      lines: [
        'die Auszahlung für dein Werk „{title}“, das du uns verkauft hast, ist nicht auf deinem Konto oder deiner Karte angekommen. Der Betrag bleibt für dich reserviert.',
        'Bitte prüfe deine Auszahlungsdaten, gib in deinem Dashboard neue an, und wir senden die Auszahlung erneut.',
      ],
      action: 'Neue Auszahlungsdaten angeben',
      footer: 'Du erhältst diese E-Mail, weil du ein Werk auf PromptMarket verkauft hast.',
    },
    fr: {
      subject: 'Votre versement pour « {title} » n’a pas pu aboutir',
      greeting: 'Bonjour {name},',
      lines: [
        'Le versement pour votre œuvre « {title} », que vous nous avez vendue, n’est pas arrivé sur votre compte ou votre carte. Ce que nous vous devons vous reste acquis.',
        'Vérifiez vos coordonnées de versement, indiquez-en de nouvelles dans votre tableau de bord, et nous l’enverrons à nouveau.',
      ],
      action: 'Indiquer de nouvelles coordonnées',
      footer: 'Vous recevez cet e-mail car vous avez vendu une œuvre sur PromptMarket.',
    },
    es: {
      subject: 'No se ha podido completar tu pago por «{title}»',
      greeting: 'Hola, {name}:',
      lines: [
        'El pago por tu obra «{title}», que nos vendiste, no ha llegado a tu cuenta ni a tu tarjeta. Lo que te debemos sigue reservado para ti.',
        'Revisa tus datos de cobro, indica unos nuevos en tu panel y volveremos a enviarlo.',
      ],
      action: 'Indicar nuevos datos de cobro',
      footer: 'Recibes este correo porque vendiste una obra en PromptMarket.',
    },
    it: {
      subject: 'Non è stato possibile completare il tuo pagamento per «{title}»',
      greeting: 'Ciao {name},',
      lines: [
        'il pagamento per la tua opera «{title}», che ci hai venduto, non è arrivato sul tuo conto o sulla tua carta. Quanto ti dobbiamo resta riservato a te.',
        'Controlla i tuoi dati di pagamento, indicane di nuovi nella tua dashboard e lo invieremo di nuovo.',
      ],
      action: 'Indica nuovi dati di pagamento',
      footer: 'Ricevi questa e-mail perché hai venduto un’opera su PromptMarket.',
    },
    pl: {
      subject: 'Nie udało się zrealizować Twojej wypłaty za „{title}”',
      greeting: 'Cześć {name},',
      lines: [
        'Wypłata za Twoje dzieło „{title}”, które nam sprzedałeś, nie dotarła na Twoje konto ani kartę. Należna kwota pozostaje zarezerwowana dla Ciebie.',
        'Sprawdź dane do wypłaty, podaj nowe w swoim panelu, a wyślemy ją ponownie.',
      ],
      action: 'Podaj nowe dane do wypłaty',
      footer: 'Otrzymujesz tę wiadomość, ponieważ sprzedałeś dzieło w PromptMarket.',
    },
  },
  'email-changed': {
    en: {
      subject: 'The e-mail address of your account was changed',
      greeting: 'Hello {name},',
      lines: [
        'The e-mail address of your PromptMarket account was just changed, and this address no longer receives its mails.',
        'If you made this change, there is nothing more to do. If you did not, contact us right away so we can secure your account.',
      ],
      action: 'Contact us',
      footer: 'You receive this e-mail because this address belonged to a PromptMarket account.',
    },
    de: {
      subject: 'Die E-Mail-Adresse deines Kontos wurde geändert',
      greeting: 'Hallo {name},',
      lines: [
        'die E-Mail-Adresse deines PromptMarket-Kontos wurde soeben geändert; an diese Adresse gehen keine Mails des Kontos mehr.',
        'Wenn du das warst, ist nichts weiter zu tun. Wenn nicht, melde dich sofort bei uns, damit wir dein Konto sichern können.',
      ],
      action: 'Kontakt aufnehmen',
      footer: 'Du erhältst diese E-Mail, weil diese Adresse zu einem PromptMarket-Konto gehörte.',
    },
    fr: {
      subject: 'L’adresse e-mail de votre compte a été modifiée',
      greeting: 'Bonjour {name},',
      lines: [
        'L’adresse e-mail de votre compte PromptMarket vient d’être modifiée ; cette adresse ne recevra plus ses e-mails.',
        'Si c’est vous, il n’y a rien d’autre à faire. Sinon, contactez-nous immédiatement pour que nous sécurisions votre compte.',
      ],
      action: 'Nous contacter',
      footer: 'Vous recevez cet e-mail car cette adresse appartenait à un compte PromptMarket.',
    },
    es: {
      subject: 'Se ha cambiado la dirección de correo de tu cuenta',
      greeting: 'Hola, {name}:',
      lines: [
        'Se acaba de cambiar la dirección de correo de tu cuenta de PromptMarket; esta dirección ya no recibirá sus correos.',
        'Si has sido tú, no tienes que hacer nada más. Si no, contáctanos de inmediato para que protejamos tu cuenta.',
      ],
      action: 'Contactar',
      footer: 'Recibes este correo porque esta dirección pertenecía a una cuenta de PromptMarket.',
    },
    it: {
      subject: 'L’indirizzo e-mail del tuo account è stato cambiato',
      greeting: 'Ciao {name},',
      lines: [
        'l’indirizzo e-mail del tuo account PromptMarket è appena stato cambiato; questo indirizzo non riceverà più le sue e-mail.',
        'Se sei stato tu, non devi fare altro. Altrimenti contattaci subito, così potremo mettere al sicuro il tuo account.',
      ],
      action: 'Contattaci',
      footer: 'Ricevi questa e-mail perché questo indirizzo apparteneva a un account PromptMarket.',
    },
    pl: {
      subject: 'Adres e-mail Twojego konta został zmieniony',
      greeting: 'Cześć {name},',
      lines: [
        'adres e-mail Twojego konta PromptMarket został właśnie zmieniony; ten adres nie będzie już otrzymywać jego wiadomości.',
        'Jeśli to Ty, nie musisz nic robić. Jeśli nie, skontaktuj się z nami natychmiast, abyśmy mogli zabezpieczyć Twoje konto.',
      ],
      action: 'Skontaktuj się z nami',
      footer: 'Otrzymujesz tę wiadomość, ponieważ ten adres należał do konta PromptMarket.',
    },
  },
  'newsletter-welcome': {
    en: {
      subject: 'You are subscribed to the PromptMarket newsletter',
      greeting: 'Hello,',
      lines: ['Thank you for subscribing. We will write to you about new prompts, styles and offers.'],
      action: 'Visit the shop',
      footer: 'You receive this e-mail because this address was entered in our newsletter form.',
    },
    de: {
      subject: 'Du hast den PromptMarket-Newsletter abonniert',
      greeting: 'Hallo,',
      lines: ['danke für dein Abonnement. Wir schreiben dir über neue Prompts, Stile und Angebote.'],
      action: 'Zum Shop',
      footer: 'Du erhältst diese E-Mail, weil diese Adresse in unser Newsletter-Formular eingetragen wurde.',
    },
    fr: {
      subject: 'Vous êtes abonné à la newsletter PromptMarket',
      greeting: 'Bonjour,',
      lines: [
        'Merci pour votre abonnement. Nous vous écrirons au sujet des nouveaux prompts, styles et offres.',
      ],
      action: 'Visiter la boutique',
      footer: 'Vous recevez cet e-mail car cette adresse a été saisie dans notre formulaire de newsletter.',
    },
    es: {
      subject: 'Te has suscrito al boletín de PromptMarket',
      greeting: 'Hola:',
      lines: ['Gracias por suscribirte. Te escribiremos sobre nuevos prompts, estilos y ofertas.'],
      action: 'Visitar la tienda',
      footer: 'Recibes este correo porque esta dirección se introdujo en nuestro formulario del boletín.',
    },
    it: {
      subject: 'Sei iscritto alla newsletter di PromptMarket',
      greeting: 'Ciao,',
      lines: ['grazie per l’iscrizione. Ti scriveremo di nuovi prompt, stili e offerte.'],
      action: 'Visita il negozio',
      footer:
        'Ricevi questa e-mail perché questo indirizzo è stato inserito nel modulo della nostra newsletter.',
    },
    pl: {
      subject: 'Zapisano Cię do newslettera PromptMarket',
      greeting: 'Cześć,',
      lines: ['dziękujemy za zapisanie się. Będziemy pisać o nowych promptach, stylach i ofertach.'],
      action: 'Odwiedź sklep',
      footer: 'Otrzymujesz tę wiadomość, ponieważ ten adres został wpisany w formularzu naszego newslettera.',
    },
  },
  'verify-email': {
    en: {
      subject: 'Verify your e-mail address',
      greeting: 'Hello {name},',
      lines: [
        'Please confirm your e-mail address by opening the link below. The link is valid for 60 minutes.',
      ],
      action: 'Verify e-mail address',
      footer: 'If you did not create an account, you can ignore this e-mail.',
    },
    de: {
      subject: 'Bestätige deine E-Mail-Adresse',
      greeting: 'Hallo {name},',
      lines: [
        'bitte bestätige deine E-Mail-Adresse über den folgenden Link. Der Link ist 60 Minuten gültig.',
      ],
      action: 'E-Mail-Adresse bestätigen',
      footer: 'Wenn du kein Konto erstellt hast, kannst du diese E-Mail ignorieren.',
    },
    fr: {
      subject: 'Confirmez votre adresse e-mail',
      greeting: 'Bonjour {name},',
      lines: [
        'Veuillez confirmer votre adresse e-mail en ouvrant le lien ci-dessous. Le lien est valable 60 minutes.',
      ],
      action: "Confirmer l'adresse e-mail",
      footer: "Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.",
    },
    es: {
      subject: 'Verifica tu correo electrónico',
      greeting: 'Hola, {name}:',
      lines: [
        'Confirma tu correo electrónico abriendo el enlace de abajo. El enlace es válido durante 60 minutos.',
      ],
      action: 'Verificar correo electrónico',
      footer: 'Si no has creado ninguna cuenta, puedes ignorar este correo.',
    },
    it: {
      subject: 'Verifica il tuo indirizzo e-mail',
      greeting: 'Ciao {name},',
      lines: ['conferma il tuo indirizzo e-mail aprendo il link qui sotto. Il link è valido per 60 minuti.'],
      action: 'Verifica indirizzo e-mail',
      footer: 'Se non hai creato un account, puoi ignorare questa e-mail.',
    },
    pl: {
      subject: 'Potwierdź swój adres e-mail',
      greeting: 'Cześć {name},',
      lines: ['potwierdź swój adres e-mail, otwierając poniższy link. Link jest ważny przez 60 minut.'],
      action: 'Potwierdź adres e-mail',
      footer: 'Jeśli nie zakładałeś konta, zignoruj tę wiadomość.',
    },
  },
  'reset-password': {
    en: {
      subject: 'Reset your password',
      greeting: 'Hello {name},',
      lines: [
        'We received a request to reset the password of your account. Open the link below to choose a new one. The link is valid for 60 minutes and can be used once.',
      ],
      action: 'Reset password',
      footer: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    },
    de: {
      subject: 'Setze dein Passwort zurück',
      greeting: 'Hallo {name},',
      lines: [
        'wir haben eine Anfrage erhalten, das Passwort deines Kontos zurückzusetzen. Öffne den folgenden Link, um ein neues zu wählen. Der Link ist 60 Minuten gültig und kann einmal verwendet werden.',
      ],
      action: 'Passwort zurücksetzen',
      footer:
        'Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren: Dein Passwort bleibt unverändert.',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe',
      greeting: 'Bonjour {name},',
      lines: [
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Ouvrez le lien ci-dessous pour en choisir un nouveau. Le lien est valable 60 minutes et ne peut servir qu’une fois.',
      ],
      action: 'Réinitialiser le mot de passe',
      footer:
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    },
    es: {
      subject: 'Restablece tu contraseña',
      greeting: 'Hola, {name}:',
      lines: [
        'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta. Abre el enlace de abajo para elegir una nueva. El enlace es válido durante 60 minutos y solo se puede usar una vez.',
      ],
      action: 'Restablecer contraseña',
      footer: 'Si no lo has solicitado, puedes ignorar este correo: tu contraseña no cambia.',
    },
    it: {
      subject: 'Reimposta la tua password',
      greeting: 'Ciao {name},',
      lines: [
        'abbiamo ricevuto una richiesta di reimpostare la password del tuo account. Apri il link qui sotto per sceglierne una nuova. Il link è valido per 60 minuti e si può usare una sola volta.',
      ],
      action: 'Reimposta password',
      footer: 'Se non hai fatto tu questa richiesta, ignora questa e-mail: la tua password resta invariata.',
    },
    pl: {
      subject: 'Zresetuj swoje hasło',
      greeting: 'Cześć {name},',
      lines: [
        'otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta. Otwórz poniższy link, aby ustawić nowe. Link jest ważny przez 60 minut i można go użyć tylko raz.',
      ],
      action: 'Zresetuj hasło',
      footer: 'Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
    },
  },
};

export type RenderedMail = { subject: string; text: string; html: string };

/** The values a mail's texts name in braces, each a plain string the renderer escapes for HTML. */
export type MailValues = {
  url: string;
  name?: string;
  amount?: string;
  number?: string;
  total?: string;
  title?: string;
  price?: string;
  reason?: string;
  /** A refund's prompts that can no longer be downloaded, as one line of titles. */
  revoked?: string;
  /** The lines a `{items}` line stands for, one each (a purchase's prompts with their prices). */
  items?: string[];
  /** A receipt's number and its page: the mail links to it below its lines. */
  receipt?: string;
  receipt_url?: string;
};

/** The link to a mail's receipt (decision 0029), in each language; `{receipt}` is its number. */
const receiptLinkTexts: Record<string, string> = {
  en: 'Receipt {receipt} (page and PDF)',
  de: 'Beleg {receipt} (Seite und PDF)',
  fr: 'Reçu {receipt} (page et PDF)',
  es: 'Recibo {receipt} (página y PDF)',
  it: 'Ricevuta {receipt} (pagina e PDF)',
  pl: 'Potwierdzenie {receipt} (strona i PDF)',
};

const PLACEHOLDER = /\{(\w+)\}/g;

function givenValue(values: MailValues, key: string): string | undefined {
  const value = (values as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

/** The line with its values, or nothing when one of them is not given (an optional line). */
function filled(line: string, values: MailValues): string | null {
  let missing = false;
  const text = line.replace(PLACEHOLDER, (_, key: string) => {
    const value = givenValue(values, key);
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? null : text;
}

type Block = { kind: 'line'; text: string } | { kind: 'items'; items: string[] };

/**
 * A mail with one call to action, as plain text and as HTML (every value escaped). A line naming
 * a value (`{amount}`, `{reason}` …) is filled from `values`, and left out when that value is not
 * given; a line that is just `{items}` becomes the list `values.items`.
 */
export function renderMail(kind: MailKind, locale: string, values: MailValues): RenderedMail {
  const found = mailTexts[kind][locale] ?? mailTexts[kind].en;
  if (!found) throw new Error(`no texts for mail ${kind}`);
  const blocks = found.lines.flatMap((line): Block[] => {
    if (line === '{items}') return values.items?.length ? [{ kind: 'items', items: values.items }] : [];
    const text = filled(line, values);
    return text === null ? [] : [{ kind: 'line', text }];
  });
  const subject = found.subject.replace(PLACEHOLDER, (_, key: string) => givenValue(values, key) ?? '');
  const greeting = found.greeting.replace('{name}', values.name ?? '');
  const receiptLink =
    values.receipt && values.receipt_url
      ? {
          label: (receiptLinkTexts[locale] ?? (receiptLinkTexts.en as string)).replace(
            '{receipt}',
            values.receipt,
          ),
          url: values.receipt_url,
        }
      : null;
  const text = [
    greeting,
    '',
    ...blocks.flatMap((block) =>
      block.kind === 'line' ? [block.text] : block.items.map((item) => `- ${item}`),
    ),
    ...(receiptLink ? ['', `${receiptLink.label}: ${receiptLink.url}`] : []),
    '',
    `${found.action}: ${values.url}`,
    '',
    found.footer,
    '',
    'PromptMarket',
  ].join('\n');
  const body = blocks
    .map((block) =>
      block.kind === 'line'
        ? `<p>${escapeHtml(block.text)}</p>`
        : `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="margin:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#0f0d1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:20px;font-weight:bold;color:#6d28d9;padding-bottom:24px">PromptMarket</td></tr>
<tr><td style="font-size:16px;line-height:24px">
<p>${escapeHtml(greeting)}</p>
${body}
${receiptLink ? `<p><a href="${escapeHtml(receiptLink.url)}" style="color:#6d28d9">${escapeHtml(receiptLink.label)}</a></p>\n` : ''}<p style="padding:16px 0"><a href="${escapeHtml(values.url)}" style="background:#7c3aed;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:bold">${escapeHtml(found.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(values.url)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(found.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** The note to the support team about a contact form message: every value as the visitor typed it, escaped. */
export function renderContactNotice(fields: Record<string, string>): RenderedMail {
  const subject = [`Contact form: ${fields.name ?? ''}`.trim(), fields.subject].filter(Boolean).join(' – ');
  const lines = Object.entries(fields).map(([name, value]) => `${name}: ${value}`);
  const text = [subject, '', ...lines].join('\n');
  const rows = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(name)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif"><h1 style="font-size:18px">${escapeHtml(subject)}</h1><table>${rows}</table></body></html>`;
  return { subject, text, html };
}
