import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../db/paths';
import { createTestApp, type TestApp } from '../../test/app';
import { seedPages } from './content.seed-pages';
import { staticPages, staticPageTranslations } from './content.tables';

/**
 * A shop seeded before the pages said what the shop does keeps the old default texts in its
 * database: the migration replaces each one that is still the old default, and leaves a text the
 * operator edited as it is.
 */

const file = readdirSync(migrationsDir).find((name) =>
  name.endsWith('_seeded_pages_say_what_the_shop_does.sql'),
);
const statements = file
  ? readFileSync(path.join(migrationsDir, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter(Boolean)
  : [];

/** The page, language and old text each statement replaces, read from the statement itself. */
function replaced(statement: string) {
  const slug = /"static_pages"\."slug" = '([^']+)'/.exec(statement)?.[1] ?? '';
  const locale = /"static_page_translations"\."locale" = '([^']+)'/.exec(statement)?.[1] ?? '';
  const field = /SET "(title|body)"/.exec(statement)?.[1] as 'title' | 'body';
  const old = /= \$page\$((?:(?!\$page\$)[\s\S])*)\$page\$;$/.exec(statement)?.[1] ?? '';
  return { slug, locale, field, old };
}

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function stored(slug: string, locale: string) {
  const [row] = await app.db
    .select({ title: staticPageTranslations.title, body: staticPageTranslations.body })
    .from(staticPageTranslations)
    .innerJoin(staticPages, eq(staticPages.id, staticPageTranslations.pageId))
    .where(and(eq(staticPages.slug, slug), eq(staticPageTranslations.locale, locale)));
  return row;
}

async function store(slug: string, locale: string, body: string) {
  const [page] = await app.db.select().from(staticPages).where(eq(staticPages.slug, slug));
  await app.db
    .update(staticPageTranslations)
    .set({ body })
    .where(and(eq(staticPageTranslations.pageId, page?.id ?? 0), eq(staticPageTranslations.locale, locale)));
}

describe('the migration of the seeded pages', () => {
  it('replaces the terms and the about page in every language, and the privacy page where it spoke of withdrawals', () => {
    const pages = statements.map(replaced).map(({ slug, locale }) => `${slug} ${locale}`);
    for (const language of ['en', 'de', 'fr', 'es', 'it', 'pl']) {
      expect(pages).toContain(`terms ${language}`);
      expect(pages).toContain(`about-us ${language}`);
    }
    expect(pages).toContain('privacy en');
  });

  it('turns each old default text into today’s, and keeps a text the operator edited', async () => {
    const edited = 'Our own terms, written by the shop’s lawyer.';
    for (const statement of statements) {
      const { slug, locale, old } = replaced(statement);
      expect(old.length, `${slug} ${locale}`).toBeGreaterThan(100);
      await store(slug, locale, old);
    }
    await store('terms', 'de', edited);
    for (const statement of statements) await app.db.execute(sql.raw(statement));

    for (const statement of statements) {
      const { slug, locale } = replaced(statement);
      const today = seedPages.find((page) => page.slug === slug)?.translations[locale as 'en'];
      const row = await stored(slug, locale);
      if (slug === 'terms' && locale === 'de') expect(row?.body).toBe(edited);
      else expect(row?.body, `${slug} ${locale}`).toBe(today?.body);
    }
  });
});
