import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { createTtlCache } from './ttl-cache';

/**
 * Public catalogue answers for visitors who are not signed in: the same address in the same
 * language is the same answer for everyone, so it is made once and kept, serialized, for
 * `PUBLIC_ANSWER_MS`. Browsers and CDNs may keep it as long (`Cache-Control: public`), and
 * revalidate it with its ETag (a 304 without a body). A signed-in user's answer carries their
 * likes and purchases: it is made afresh and marked private. Services that change the catalogue
 * or the site clear these with `forgetPublicAnswers` once their change is committed.
 */
export const PUBLIC_ANSWER_MS = 2_000;
const answers = createTtlCache<Db, { body: string; etag: string }>(PUBLIC_ANSWER_MS, {
  maxEntries: 2_000,
  name: 'public-answers',
});

export async function publicAnswer<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<T>,
): Promise<T> {
  if (await request.user()) {
    reply.header('cache-control', 'private, no-cache');
    return load();
  }
  const key = `${await request.locale()} ${request.url}`;
  const { body, etag } = await answers.get(db, key, async () => {
    const serialized = reply.serialize(await load()) as string;
    const digest = createHash('sha1').update(serialized).digest('base64url').slice(0, 22);
    return { body: serialized, etag: `"${digest}"` };
  });
  reply
    .header('etag', etag)
    .header('cache-control', `public, max-age=${PUBLIC_ANSWER_MS / 1000}`)
    .header('vary', 'frontend-language, cookie');
  if (request.headers['if-none-match'] === etag) {
    reply.code(304);
    return '' as unknown as T;
  }
  // A string under a JSON content type is sent as it is: the kept text is the serialized answer.
  reply.type('application/json; charset=utf-8');
  return body as unknown as T;
}

/**
 * Server-rendered pages for visitors without cookies (a first visit, a crawler): the same
 * address is the same page, so one render serves everyone for `PUBLIC_ANSWER_MS`. The page
 * keeps the nonce it was rendered with; each visitor gets it replaced by their response's own
 * (plugins/web.ts), so no two responses share a nonce.
 */
export type KeptPage = { html: string; nonce: string; status: number; headers: [string, string][] };
export const publicPages = createTtlCache<Db, KeptPage>(PUBLIC_ANSWER_MS, {
  maxEntries: 500,
  name: 'public-pages',
});

/** Forgets every kept answer and page of the database, once the handle's transaction (if any) commits. */
export function forgetPublicAnswers(db: Db): void {
  answers.clear(db);
  publicPages.clear(db);
}
