import { isIP } from 'node:net';
import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { throttles } from './throttle.tables';

export type Limit = { max: number; windowSeconds: number };

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part is two of them). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The address a per-address limit counts a request under. One IPv6 subscriber is usually given a
 * whole /64 (and picks addresses from it at will), so an IPv6 address counts as its /64 prefix;
 * an IPv4 address, and an IPv4 address written as IPv6 (`::ffff:192.0.2.1`), as itself.
 */
export function limitAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (isIP(address) !== 6) return ip;
  const groups = ipv6Groups(address.toLowerCase());
  const [g5 = 0, g6 = 0, g7 = 0] = groups.slice(5);
  if (groups.slice(0, 5).every((group) => group === 0) && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

function secondsUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));
}

function tooMany(retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', 'Too Many Attempts.', undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/** Adds one hit to a fixed window, atomically, and returns the window's count and end. */
async function count(db: Db, key: string, windowSeconds: number) {
  const windowEnd = sql`now() + make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(throttles)
    .values({ key, hits: 1, windowEndsAt: sql`${windowEnd}` })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`case when ${throttles.windowEndsAt} <= now() then 1 else ${throttles.hits} + 1 end`,
        windowEndsAt: sql`case when ${throttles.windowEndsAt} <= now() then ${windowEnd} else ${throttles.windowEndsAt} end`,
      },
    })
    .returning({
      hits: throttles.hits,
      windowEndsAt: throttles.windowEndsAt,
      blockedUntil: throttles.blockedUntil,
    });
  if (!row) throw new Error('throttle upsert returned no row');
  return row;
}

/**
 * Counts a request against a limit before the work it guards is done. Throws TOO_MANY_REQUESTS
 * (429, with Retry-After until the window ends) once more than `max` arrived within the window.
 * The count is one atomic upsert, so of any number of parallel requests at most `max` pass.
 */
export async function enforceLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const row = await count(db, key, limit.windowSeconds);
  if (row.hits > limit.max) throw tooMany(secondsUntil(row.windowEndsAt));
}

/**
 * A progressive delay: the first `free` attempts of a window pass at once; each later one must
 * come at least 1, 2, 4 … seconds (at most `maxDelaySeconds`) after the one before it.
 */
export type Backoff = { free: number; windowSeconds: number; maxDelaySeconds: number };

/**
 * Counts an attempt at `key` under a progressive delay (`Backoff`). An attempt that comes before
 * the delay of the one before it has passed is not counted and throws TOO_MANY_REQUESTS, with a
 * Retry-After of the seconds left. A delay, never a lockout: the wait is at most
 * `maxDelaySeconds`. The check and the count are one conditional upsert, so of any number of
 * parallel attempts past the free ones, one passes per delay.
 *
 * A free attempt leaves no wait behind (no `blockedUntil`). Stamping it with its own `now()` would
 * refuse a parallel attempt whose statement began a moment earlier and waited on the row: its
 * `now()` is the earlier one.
 */
export async function enforceBackoff(db: Db, key: string, backoff: Backoff): Promise<void> {
  const windowEnd = sql`now() + make_interval(secs => ${backoff.windowSeconds}::int)`;
  const ended = sql`${throttles.windowEndsAt} <= now()`;
  const hits = sql`(case when ${ended} then 1 else ${throttles.hits} + 1 end)`;
  const waitAfter = (attempt: SQL) => sql`(case when ${attempt} <= ${backoff.free}::int then null
    else now() + make_interval(secs => least(power(2::float8, (${attempt} - ${backoff.free}::int - 1)::float8), ${backoff.maxDelaySeconds}::float8)) end)`;
  const passed = await db
    .insert(throttles)
    .values({ key, hits: 1, windowEndsAt: sql`${windowEnd}`, blockedUntil: waitAfter(sql`1`) })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits,
        windowEndsAt: sql`case when ${ended} then ${windowEnd} else ${throttles.windowEndsAt} end`,
        blockedUntil: waitAfter(hits),
      },
      setWhere: sql`${ended} or ${throttles.blockedUntil} is null or ${throttles.blockedUntil} <= now()`,
    })
    .returning({ hits: throttles.hits });
  if (passed.length > 0) return;
  const [row] = await db
    .select({ blockedUntil: throttles.blockedUntil })
    .from(throttles)
    .where(eq(throttles.key, key));
  throw tooMany(row?.blockedUntil ? secondsUntil(row.blockedUntil) : 1);
}

/** Throws TOO_MANY_REQUESTS when `key` already holds `max` hits in its current window (adds none). */
export async function enforceNotExhausted(db: Db, key: string, limit: Limit): Promise<void> {
  const [row] = await db
    .select({ hits: throttles.hits, windowEndsAt: throttles.windowEndsAt })
    .from(throttles)
    .where(and(eq(throttles.key, key), gt(throttles.windowEndsAt, sql`now()`)));
  if (row && row.hits >= limit.max) throw tooMany(secondsUntil(row.windowEndsAt));
}

/** Adds one hit to `key` (a failure to remember) without refusing anything. */
export async function recordHit(db: Db, key: string, windowSeconds: number): Promise<void> {
  await count(db, key, windowSeconds);
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}

/** Removes the counters whose window and block have both ended; returns how many went. */
export async function pruneThrottles(db: Db): Promise<number> {
  const removed = await db
    .delete(throttles)
    .where(
      and(
        lte(throttles.windowEndsAt, sql`now()`),
        or(isNull(throttles.blockedUntil), lte(throttles.blockedUntil, sql`now()`)),
      ),
    )
    .returning({ key: throttles.key });
  return removed.length;
}

/**
 * Erases the counters whose key names `value` (an account's address) as one of its parts, after
 * a colon and before the end or a `|`, when its account is deleted (decision 0046).
 */
export async function eraseThrottlesOf(tx: Db, value: string): Promise<void> {
  const part = `:${value.trim().toLowerCase()}`;
  await tx
    .delete(throttles)
    .where(
      sql`right(${throttles.key}, ${part.length}::int) = ${part} or strpos(${throttles.key}, ${`${part}|`}) > 0`,
    );
}
