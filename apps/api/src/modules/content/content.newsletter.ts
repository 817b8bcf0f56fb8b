import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { linkPartsSignatureValid, signLinkParts } from '../accounts/signed-link';
import { withUnsubscribeLink } from '../mail/mail.newsletter';
import { enqueueMail } from '../mail/mail.service';
import { renderMail } from '../mail/mail.templates';
import { enforceLimit, limitAddress } from '../throttle/throttle.service';
import { newsletterSubscriptions } from './content.tables';

/**
 * The newsletter with double opt-in: subscribing mails a signed confirmation link, and only an
 * address confirmed with it is subscribed (it then gets the welcome mail). Every newsletter mail
 * ends with a signed link that unsubscribes in one click, without signing in, and names the same
 * address in its List-Unsubscribe header for mail programs' own button.
 */

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_DAYS = 7;
/** Subscribing an address that waits for its confirmation mails it again at most this often. */
export const CONFIRMATION_RESEND_MINUTES = 15;

const folded = (email: string) => email.trim().toLowerCase();

/** The signed link that unsubscribes an address: it never expires, as old mails keep it. */
export function newsletterUnsubscribeUrl(appUrl: string, appKey: string, email: string, locale: string) {
  const token = signLinkParts(appKey, ['newsletter-unsubscribe', folded(email)]);
  return `${appUrl}/${locale}/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${token}`;
}

/** The address a mail program posts to for a one-click unsubscribe (RFC 8058). */
function oneClickUnsubscribeUrl(appUrl: string, appKey: string, email: string) {
  const token = signLinkParts(appKey, ['newsletter-unsubscribe', folded(email)]);
  return `${appUrl}/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${token}`;
}

function confirmationUrl(appUrl: string, appKey: string, id: string, locale: string, now: number) {
  const expires = Math.floor(now / 1000) + CONFIRMATION_LINK_DAYS * 24 * 60 * 60;
  const signature = signLinkParts(appKey, ['newsletter-confirm', id, String(expires)]);
  return `${appUrl}/${locale}/newsletter/confirm?id=${id}&expires=${expires}&signature=${signature}`;
}

type Links = { appUrl: string; appKey: string };

/** A newsletter mail to `email`: its texts, the unsubscribe link at its end and in its header. */
function newsletterMail(
  kind: 'newsletter-confirm' | 'newsletter-welcome',
  links: Links,
  email: string,
  locale: string,
  url: string,
) {
  const mail = withUnsubscribeLink(
    renderMail(kind, locale, { url }),
    locale,
    newsletterUnsubscribeUrl(links.appUrl, links.appKey, email, locale),
  );
  return { ...mail, to: email, unsubscribeUrl: oneClickUnsubscribeUrl(links.appUrl, links.appKey, email) };
}

const checkYourMail: Record<string, string> = {
  en: 'Almost done! Please check your inbox and confirm your subscription with the link we sent you.',
  de: 'Fast geschafft! Schau in dein Postfach und bestätige dein Abo mit dem Link, den wir dir geschickt haben.',
  fr: 'Presque terminé ! Consultez votre boîte de réception et confirmez votre abonnement avec le lien que nous vous avons envoyé.',
  es: '¡Casi listo! Revisa tu bandeja de entrada y confirma tu suscripción con el enlace que te hemos enviado.',
  it: 'Quasi fatto! Controlla la tua casella di posta e conferma l’iscrizione con il link che ti abbiamo inviato.',
  pl: 'Prawie gotowe! Sprawdź skrzynkę i potwierdź zapis linkiem, który Ci wysłaliśmy.',
};

/**
 * Asks to subscribe an address: a new or still unconfirmed one is mailed a confirmation link, at
 * most every CONFIRMATION_RESEND_MINUTES; a confirmed one is mailed nothing. The answer is the
 * same in every case, so it tells nobody whether an address is subscribed. Limited per IP
 * address (TOO_MANY_REQUESTS).
 */
export async function subscribeToNewsletter(
  db: Db,
  input: { email: string; locale: string; ip: string } & Links,
): Promise<string> {
  await enforceLimit(db, `newsletter:ip:${limitAddress(input.ip)}`, { max: 10, windowSeconds: 60 * 60 });
  const email = input.email.trim();
  const now = Date.now();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(newsletterSubscriptions).values({ email, locale: input.locale }).onConflictDoNothing();
      // The row to mail, claimed in one statement: two requests at once mail once.
      const [claimed] = await tx
        .update(newsletterSubscriptions)
        .set({ confirmationSentAt: new Date(now), locale: input.locale })
        .where(
          and(
            sql`lower(${newsletterSubscriptions.email}) = ${folded(email)}`,
            isNull(newsletterSubscriptions.confirmedAt),
            or(
              isNull(newsletterSubscriptions.confirmationSentAt),
              lt(
                newsletterSubscriptions.confirmationSentAt,
                sql`now() - make_interval(mins => ${CONFIRMATION_RESEND_MINUTES})`,
              ),
            ),
          ),
        )
        .returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email });
      if (!claimed) return;
      const url = confirmationUrl(input.appUrl, input.appKey, claimed.id, input.locale, now);
      await enqueueMail(tx, newsletterMail('newsletter-confirm', input, claimed.email, input.locale, url));
    });
  } catch (error) {
    // Two requests for the same address at once: the other one wrote it.
    if (!isUniqueViolation(error)) throw error;
  }
  return checkYourMail[input.locale] ?? checkYourMail.en ?? '';
}

const confirmedMessage: Record<string, string> = {
  en: 'Your subscription is confirmed. Thank you!',
  de: 'Dein Abo ist bestätigt. Danke!',
  fr: 'Votre abonnement est confirmé. Merci !',
  es: 'Tu suscripción está confirmada. ¡Gracias!',
  it: 'La tua iscrizione è confermata. Grazie!',
  pl: 'Zapis potwierdzony. Dziękujemy!',
};

/**
 * Confirms a subscription with the mailed link and sends the welcome mail, once: the link again
 * answers the same and mails nothing. Throws VALIDATION_FAILED (newsletter.link_invalid) for a
 * link that is not ours, has expired, or whose address unsubscribed meanwhile.
 */
export async function confirmNewsletter(
  db: Db,
  input: { id: string; expires: number; signature: string; locale: string } & Links,
  now = Date.now(),
): Promise<string> {
  const invalid = () => AppError.validation({ signature: ['newsletter.link_invalid'] });
  const signed = linkPartsSignatureValid(
    input.appKey,
    ['newsletter-confirm', input.id, String(input.expires)],
    input.signature,
  );
  if (!signed || input.expires * 1000 < now) throw invalid();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, input.id))
      .for('update');
    if (!row) throw invalid();
    if (row.confirmedAt) return;
    await tx
      .update(newsletterSubscriptions)
      .set({ confirmedAt: new Date(now) })
      .where(eq(newsletterSubscriptions.id, row.id));
    await enqueueMail(
      tx,
      newsletterMail('newsletter-welcome', input, row.email, row.locale, `${input.appUrl}/${row.locale}`),
    );
  });
  return confirmedMessage[input.locale] ?? confirmedMessage.en ?? '';
}

const unsubscribedMessage: Record<string, string> = {
  en: 'You are unsubscribed from the newsletter. We will not write to this address again.',
  de: 'Du hast den Newsletter abbestellt. Wir schreiben dieser Adresse keinen Newsletter mehr.',
  fr: 'Vous êtes désabonné de la newsletter. Nous n’écrirons plus à cette adresse.',
  es: 'Te has dado de baja del boletín. No volveremos a escribir a esta dirección.',
  it: 'Hai annullato l’iscrizione alla newsletter. Non scriveremo più a questo indirizzo.',
  pl: 'Wypisano Cię z newslettera. Nie będziemy już pisać na ten adres.',
};

/**
 * Unsubscribes an address with the signed token of a newsletter mail's link: its row is deleted.
 * An address not (or no longer) subscribed answers the same. Throws VALIDATION_FAILED
 * (newsletter.link_invalid) for a token that is not ours.
 */
export async function unsubscribeFromNewsletter(
  db: Db,
  input: { email: string; token: string; locale: string; appKey: string },
): Promise<string> {
  if (!linkPartsSignatureValid(input.appKey, ['newsletter-unsubscribe', folded(input.email)], input.token)) {
    throw AppError.validation({ token: ['newsletter.link_invalid'] });
  }
  await db
    .delete(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${folded(input.email)}`);
  return unsubscribedMessage[input.locale] ?? unsubscribedMessage.en ?? '';
}
