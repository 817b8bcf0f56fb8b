import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (card and bank details of payouts): AES-256-GCM under a key derived from
 * APP_KEY with HKDF for one purpose, so that a key for one kind of secret opens no other.
 * The sealed form is `v1.<iv>.<tag>.<ciphertext>` in base64url; a changed byte fails to open.
 */
const VERSION = 'v1';

function keyFor(appKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appKey, 'promptmarket-sealed', purpose, 32));
}

export function seal(appKey: string, purpose: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appKey, purpose), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function unseal<T = unknown>(appKey: string, purpose: string, sealed: string): T {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(appKey, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as T;
}
