import { escapeHtml } from '../../lib/escape-html';
import type { Texts } from './mail.notices';

/**
 * The newsletter's confirmation mail (double opt-in): only an address confirmed with its link is
 * subscribed. Like every newsletter mail, it ends with a link that unsubscribes in one click.
 */
export type NewsletterMailKind = 'newsletter-confirm';

export const newsletterTexts: Record<NewsletterMailKind, Record<string, Texts>> = {
  'newsletter-confirm': {
    en: {
      subject: 'Please confirm your PromptMarket newsletter subscription',
      greeting: 'Hello,',
      lines: [
        'Someone, hopefully you, asked to receive the PromptMarket newsletter at this address.',
        'Please confirm with the button below. Until then, this address gets no newsletter.',
      ],
      action: 'Confirm my subscription',
      footer:
        'If you did not ask for it, ignore this e-mail: without confirmation you will not be subscribed.',
    },
    de: {
      subject: 'Bitte bestätige dein Abo des PromptMarket-Newsletters',
      greeting: 'Hallo,',
      lines: [
        'jemand – hoffentlich du – möchte den PromptMarket-Newsletter an diese Adresse bekommen.',
        'Bitte bestätige das mit dem Button unten. Bis dahin bekommt diese Adresse keinen Newsletter.',
      ],
      action: 'Abo bestätigen',
      footer:
        'Wenn du das nicht warst, ignoriere diese E-Mail einfach: Ohne Bestätigung wirst du nicht eingetragen.',
    },
    fr: {
      subject: 'Veuillez confirmer votre abonnement à la newsletter PromptMarket',
      greeting: 'Bonjour,',
      lines: [
        'Quelqu’un, vous sans doute, a demandé à recevoir la newsletter PromptMarket à cette adresse.',
        'Veuillez confirmer avec le bouton ci-dessous. D’ici là, cette adresse ne reçoit aucune newsletter.',
      ],
      action: 'Confirmer mon abonnement',
      footer:
        'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : sans confirmation, vous ne serez pas abonné.',
    },
    es: {
      subject: 'Confirma tu suscripción al boletín de PromptMarket',
      greeting: 'Hola:',
      lines: [
        'Alguien, esperamos que tú, ha pedido recibir el boletín de PromptMarket en esta dirección.',
        'Confírmalo con el botón de abajo. Hasta entonces, esta dirección no recibirá ningún boletín.',
      ],
      action: 'Confirmar mi suscripción',
      footer: 'Si no lo pediste tú, ignora este correo: sin confirmación no te suscribiremos.',
    },
    it: {
      subject: 'Conferma la tua iscrizione alla newsletter di PromptMarket',
      greeting: 'Ciao,',
      lines: [
        'qualcuno, speriamo tu, ha chiesto di ricevere la newsletter di PromptMarket a questo indirizzo.',
        'Conferma con il pulsante qui sotto. Fino ad allora questo indirizzo non riceverà alcuna newsletter.',
      ],
      action: 'Conferma l’iscrizione',
      footer: 'Se non sei stato tu, ignora questa e-mail: senza conferma non verrai iscritto.',
    },
    pl: {
      subject: 'Potwierdź zapis na newsletter PromptMarket',
      greeting: 'Cześć,',
      lines: [
        'ktoś – mamy nadzieję, że Ty – poprosił o newsletter PromptMarket na ten adres.',
        'Potwierdź to przyciskiem poniżej. Do tego czasu ten adres nie dostanie żadnego newslettera.',
      ],
      action: 'Potwierdzam zapis',
      footer: 'Jeśli to nie Ty, zignoruj tę wiadomość: bez potwierdzenia nie zapiszemy Cię.',
    },
  },
};

/** The words of the unsubscribe link at the end of every newsletter mail. */
const unsubscribeTexts: Record<string, string> = {
  en: 'Unsubscribe from the newsletter',
  de: 'Newsletter abbestellen',
  fr: 'Se désabonner de la newsletter',
  es: 'Darse de baja del boletín',
  it: 'Annulla l’iscrizione alla newsletter',
  pl: 'Wypisz się z newslettera',
};

/**
 * A rendered newsletter mail with its unsubscribe link added at the end, in `locale`, and the
 * address for its List-Unsubscribe header.
 */
export function withUnsubscribeLink<Mail extends { text: string; html: string }>(
  mail: Mail,
  locale: string,
  unsubscribeUrl: string,
): Mail & { unsubscribeUrl: string } {
  const label = unsubscribeTexts[locale] ?? (unsubscribeTexts.en as string);
  const line = `<p style="font-size:13px;color:#555"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#555">${escapeHtml(label)}</a></p>`;
  const end = '</td></tr></table></td></tr></table></body></html>';
  const html = mail.html.endsWith(end)
    ? `${mail.html.slice(0, -end.length)}${line}\n${end}`
    : `${mail.html}${line}`;
  return { ...mail, text: `${mail.text}\n\n${label}: ${unsubscribeUrl}`, html, unsubscribeUrl };
}
