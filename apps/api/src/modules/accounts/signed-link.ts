import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Lifetime of e-mail verification and password reset links. */
export const LINK_LIFETIME_MINUTES = 60;

/** Identifies the address a verification link was made for: a changed e-mail voids old links. */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40);
}

function signature(key: string, parts: string[]): string {
  return createHmac('sha256', key).update(parts.join(':')).digest('hex');
}

export function signVerification(key: string, userId: string, email: string, now = Date.now()) {
  const hash = emailHash(email);
  const expires = Math.floor(now / 1000) + LINK_LIFETIME_MINUTES * 60;
  return { id: userId, hash, expires, signature: signature(key, [userId, hash, String(expires)]) };
}

/** True when the signature is ours and the link has not expired. */
export function verificationSignatureValid(
  key: string,
  link: { id: string; hash: string; expires: number; signature: string },
  now = Date.now(),
): boolean {
  if (link.expires * 1000 < now) return false;
  const expected = Buffer.from(signature(key, [link.id, link.hash, String(link.expires)]));
  const given = Buffer.from(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Signs the parts of a link that needs no session (a newsletter's confirmation or unsubscribe
 * link). The first part names what the link is for, so one kind of link never passes for another.
 */
export function signLinkParts(key: string, parts: string[]): string {
  return signature(key, parts);
}

/** True when `given` is the signature of these parts. */
export function linkPartsSignatureValid(key: string, parts: string[], given: string): boolean {
  const expected = Buffer.from(signature(key, parts));
  const presented = Buffer.from(given);
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}
