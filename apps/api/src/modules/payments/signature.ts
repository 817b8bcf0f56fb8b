import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's timestamp may be from our clock (Stripe's default). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, payload: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}

/**
 * The signature header of a webhook in Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "t.rawBody">`. The sandbox provider signs its webhooks this way.
 */
export function signatureHeader(secret: string, payload: Buffer | string, timestamp = nowSeconds()): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * True when `header` signs exactly these raw bytes with `secret` and its timestamp is within the
 * tolerance. Compared in constant time; any v1 entry may match (secrets being rotated).
 */
export function verifySignature(
  secret: string,
  payload: Buffer,
  header: string | undefined,
  now = nowSeconds(),
): boolean {
  if (!header || header.length > 1000) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.split('=', 2).map((item) => item.trim());
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, timestamp, payload), 'hex');
  return signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
}
