import type {
  adminContentListQuery,
  adminSocialLinkInput,
  adminStaticPageUpdate,
} from '@promptmarket/contracts/admin-content';
import { and, asc, desc, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { escapeLike } from '../../lib/folded-search';
import { checkLanguages } from '../site/site.admin';
import { forgetContentCache } from './content.service';
import { newsletterSubscriptions, socialLinks, staticPages, staticPageTranslations } from './content.tables';

/**
 * The back office's editor of the site's content: static pages, social links, the newsletter's
 * subscribers and the contact form's messages. Each change takes the handle of the caller's
 * transaction (the back office writes its audit entry in the same one) and clears the shop's
 * content cache once it commits.
 */

type ListQuery = z.output<typeof adminContentListQuery>;

/* Static pages */

/** The static pages in the shop's order, each with its texts in every language. */
export async function staticPagesForEditor(db: Db) {
  const [pages, texts] = await Promise.all([
    db.select().from(staticPages).orderBy(asc(staticPages.position), asc(staticPages.id)),
    db.select().from(staticPageTranslations),
  ]);
  return pages.map((page) => ({
    id: page.id,
    slug: page.slug,
    published: page.isPublished,
    position: page.position,
    translations: Object.fromEntries(
      texts
        .filter((text) => text.pageId === page.id)
        .map((text) => [text.locale, { title: text.title, body: text.body }]),
    ),
  }));
}

/**
 * Changes what the input names of a static page (its texts per language, place, publication) and
 * reports the page before and after. Throws a 422 on `texts.<code>` for a language the shop does
 * not have, NOT_FOUND for an unknown page.
 */
export async function updateStaticPage(
  db: Db,
  input: { pageId: number; change: z.output<typeof adminStaticPageUpdate> },
) {
  const { pageId, change } = input;
  await checkLanguages(db, Object.keys(change.translations ?? {}), 'texts');
  const [page] = await db.select().from(staticPages).where(eq(staticPages.id, pageId));
  if (!page) throw AppError.notFound();
  const beforeTexts = await db
    .select()
    .from(staticPageTranslations)
    .where(eq(staticPageTranslations.pageId, pageId));
  if (change.published !== undefined || change.position !== undefined) {
    await db
      .update(staticPages)
      .set({
        ...(change.published !== undefined ? { isPublished: change.published } : {}),
        ...(change.position !== undefined ? { position: change.position } : {}),
      })
      .where(eq(staticPages.id, pageId));
  }
  for (const [locale, text] of Object.entries(change.translations ?? {})) {
    await db
      .insert(staticPageTranslations)
      .values({ pageId, locale, title: text.title, body: text.body })
      .onConflictDoUpdate({
        target: [staticPageTranslations.pageId, staticPageTranslations.locale],
        set: { title: text.title, body: text.body },
      });
  }
  forgetContentCache(db);
  return {
    before: { published: page.isPublished, position: page.position, texts: beforeTexts },
    after: { ...change },
  };
}

/* Social links */

/** The footer's social links in their order. */
export async function socialLinksForEditor(db: Db) {
  const rows = await db.select().from(socialLinks).orderBy(asc(socialLinks.position), asc(socialLinks.id));
  return rows.map((row) => ({ id: row.id, url: row.url, position: row.position }));
}

/** Adds a social link; reports the new row. */
export async function createSocialLink(db: Db, input: z.output<typeof adminSocialLinkInput>) {
  const [row] = await db.insert(socialLinks).values(input).returning();
  forgetContentCache(db);
  return row ?? null;
}

/** Changes a social link; reports the row before and after. Throws NOT_FOUND. */
export async function updateSocialLink(
  db: Db,
  input: { linkId: number; change: z.output<typeof adminSocialLinkInput> },
) {
  const [before] = await db.select().from(socialLinks).where(eq(socialLinks.id, input.linkId));
  if (!before) throw AppError.notFound();
  const [after] = await db
    .update(socialLinks)
    .set(input.change)
    .where(eq(socialLinks.id, input.linkId))
    .returning();
  forgetContentCache(db);
  return { before, after: after ?? null };
}

/** Removes a social link; reports the row removed. Throws NOT_FOUND. */
export async function deleteSocialLink(db: Db, linkId: number) {
  const [removed] = await db.delete(socialLinks).where(eq(socialLinks.id, linkId)).returning();
  if (!removed) throw AppError.notFound();
  forgetContentCache(db);
  return removed;
}

/* Newsletter and contact messages */

/**
 * The newsletter's subscribers, newest first, found by a part of the address taken literally:
 * the confirmed addresses only, as an unconfirmed one is not subscribed (double opt-in).
 */
export async function subscribersForReview(db: Db, query: ListQuery) {
  const where = and(
    isNotNull(newsletterSubscriptions.confirmedAt),
    query.search ? ilike(newsletterSubscriptions.email, `%${escapeLike(query.search)}%`) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscriptions)
      .where(where)
      .orderBy(desc(newsletterSubscriptions.createdAt))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(newsletterSubscriptions).where(where),
  ]);
  const data = rows.map((row) => ({
    id: row.id,
    email: row.email,
    locale: row.locale,
    created_at: row.createdAt.toISOString(),
  }));
  return { data, total: count?.total ?? 0 };
}

/** Every confirmed subscriber, oldest first, for the export: those the newsletter may be sent to. */
export async function allSubscribers(db: Db) {
  return db
    .select()
    .from(newsletterSubscriptions)
    .where(isNotNull(newsletterSubscriptions.confirmedAt))
    .orderBy(asc(newsletterSubscriptions.createdAt));
}
