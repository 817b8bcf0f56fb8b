import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

/** argon2id with OWASP's recommended floor: 19 MiB of memory, 2 passes, 1 lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash no password matches, computed once. Login checks it when the e-mail is unknown, so
 * a wrong e-mail takes as long as a wrong password and reveals nothing.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}

/**
 * The passwords that top breach lists (zxcvbn-ts's common dictionary, some 50,000, shipped with
 * the package: nothing is fetched at run time), lower-cased. Loaded on the first check, once.
 */
let commonPasswords: Promise<ReadonlySet<string>> | null = null;
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => String(word).toLowerCase())),
  );
  return commonPasswords;
}

/**
 * Whether a password is one of the common or breached ones, whatever its case, or one of them
 * with digits or symbols added at its end ("qwerty123", "Dragon!"): guessers try those first.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const listed = await loadCommonPasswords();
  const folded = password.toLowerCase();
  const stem = folded.replace(/[^\p{L}]+$/u, '');
  return listed.has(folded) || (stem.length >= 4 && listed.has(stem));
}
