import { escapeHtml } from '../../lib/escape-html';
import { mailCatalogue } from './mail.texts';

/**
 * A rendered newsletter mail with its unsubscribe link added at the end, in `locale` (its words are
 * the mail catalogue's `unsubscribe`), and the address for its List-Unsubscribe header. Every
 * newsletter mail ends with it, the confirmation of a subscription (double opt-in) included.
 */
export function withUnsubscribeLink<Mail extends { text: string; html: string }>(
  mail: Mail,
  locale: string,
  unsubscribeUrl: string,
): Mail & { unsubscribeUrl: string } {
  const label = mailCatalogue(locale).unsubscribe;
  const line = `<p style="font-size:13px;color:#555"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#555">${escapeHtml(label)}</a></p>`;
  const end = '</td></tr></table></td></tr></table></body></html>';
  const html = mail.html.endsWith(end)
    ? `${mail.html.slice(0, -end.length)}${line}\n${end}`
    : `${mail.html}${line}`;
  return { ...mail, text: `${mail.text}\n\n${label}: ${unsubscribeUrl}`, html, unsubscribeUrl };
}
