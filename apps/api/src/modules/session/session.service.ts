import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enforceLimit, type Limit, limitAddress } from '../throttle/throttle.service';
import { type Session, sessions } from './session.tables';

export type { Session } from './session.tables';

export type IssuedSession = { token: string; csrfToken: string; session: Session };

/**
 * New sessions one address may start with the handshake (decision 0012). Every cookie-less
 * handshake stores a row until it idles out, so without a ceiling a flood of them fills the table.
 */
export const NEW_SESSIONS_PER_ADDRESS: Limit = { max: 100, windowSeconds: 15 * 60 };

/** Sign-ins of one account (decision 0012): each leaves a signed-in session for up to `maxDays`. */
export const SIGN_INS_PER_USER: Limit = { max: 20, windowSeconds: 60 * 60 };

/** Counts a new session from `ip`. Throws TOO_MANY_REQUESTS past NEW_SESSIONS_PER_ADDRESS. */
export async function limitNewSessions(db: Db, ip: string): Promise<void> {
  await enforceLimit(db, `session-new:ip:${limitAddress(ip)}`, NEW_SESSIONS_PER_ADDRESS);
}

/** Counts a sign-in of `userId`. Throws TOO_MANY_REQUESTS past SIGN_INS_PER_USER. */
export async function limitSignIns(db: Db, userId: string): Promise<void> {
  await enforceLimit(db, `sign-in:user:${userId}`, SIGN_INS_PER_USER);
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

function expiry(idleMinutes: number, from = new Date()): Date {
  return new Date(from.getTime() + idleMinutes * 60_000);
}

/** The longest browser name a session keeps. */
const USER_AGENT_MAX = 300;

/**
 * Starts a session: a 128-bit random id (only its hash is kept) and a fresh CSRF token; a signed-in
 * one keeps the browser's User-Agent, cut short, for the back office's list of sessions.
 */
export async function createSession(
  db: Db,
  idleMinutes: number,
  userId: string | null = null,
  userAgent: string | null = null,
): Promise<IssuedSession> {
  const token = newToken(16);
  const csrfToken = newToken(32);
  const [session] = await db
    .insert(sessions)
    .values({
      idHash: hashToken(token),
      csrfToken,
      userId,
      expiresAt: expiry(idleMinutes),
      userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
    })
    .returning();
  if (!session) throw new Error('session insert returned no row');
  return { token, csrfToken, session };
}

function maxAgeCutoff(maxDays: number): Date {
  return new Date(Date.now() - maxDays * 24 * 60 * 60_000);
}

/**
 * The live session for a cookie value, or null when unknown, idle for too long, or older than
 * `maxDays` however busy it was (a stolen cookie does not stay useful forever).
 */
export async function findSession(db: Db, token: string, maxDays: number): Promise<Session | null> {
  if (token.length < 16 || token.length > 64) return null;
  const [session] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.idHash, hashToken(token)),
        gt(sessions.expiresAt, new Date()),
        gt(sessions.createdAt, maxAgeCutoff(maxDays)),
      ),
    );
  return session ?? null;
}

/** Pushes the idle deadline forward. Skipped when the session was touched within the last minute. */
export async function touchSession(db: Db, session: Session, idleMinutes: number): Promise<boolean> {
  const now = new Date();
  if (now.getTime() - session.lastSeenAt.getTime() < 60_000) return false;
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: expiry(idleMinutes, now) })
    .where(eq(sessions.idHash, session.idHash));
  return true;
}

/**
 * Replaces a session with a new id and CSRF token, keeping nothing of the old one
 * (used at login so a planted session id cannot be ridden).
 */
export async function rotateSession(
  db: Db,
  previous: Session | null,
  idleMinutes: number,
  userId: string | null,
  userAgent: string | null = null,
): Promise<IssuedSession> {
  if (previous) await db.delete(sessions).where(eq(sessions.idHash, previous.idHash));
  return createSession(db, idleMinutes, userId, userAgent);
}

export async function destroySession(db: Db, session: Session): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, session.idHash));
}

/** Removes the sessions idle past their lifetime, and those older than `maxDays`. */
export async function deleteExpiredSessions(db: Db, maxDays: number): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.createdAt, maxAgeCutoff(maxDays))))
    .returning({ idHash: sessions.idHash });
  return removed.length;
}

/** Constant-time comparison of the token a request echoed with the session's. */
export function csrfTokenMatches(session: Session, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(session.csrfToken);
  const actual = Buffer.from(presented);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Ends every session of a user, except the one given (the caller's own, when it should stay). */
export async function endUserSessions(db: Db, userId: string, exceptIdHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
        : eq(sessions.userId, userId),
    );
}
