import type { Db } from '../../db/client';
import { countryCodes } from './content.countries';
import { seedPages } from './content.seed-pages';
import { countries, socialLinks, staticPages, staticPageTranslations } from './content.tables';

const seedSocialLinks = [
  'https://www.instagram.com/promptmarket',
  'https://x.com/promptmarket',
  'https://t.me/promptmarket',
  'https://www.facebook.com/promptmarket',
  'https://www.youtube.com/@promptmarket',
  'https://discord.gg/promptmarket',
];

/** Countries, social links and the static pages (terms, privacy, cookies, about) in six languages. */
export async function seedContent(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values(countryCodes.map((iso) => ({ iso })))
    .onConflictDoNothing();
  const existingLinks = await db.select({ id: socialLinks.id }).from(socialLinks).limit(1);
  if (existingLinks.length === 0) {
    await db.insert(socialLinks).values(seedSocialLinks.map((url, position) => ({ url, position })));
  }
  for (const [position, page] of seedPages.entries()) {
    const [row] = await db
      .insert(staticPages)
      .values({
        slug: page.slug,
        isTerms: page.isTerms,
        isPrivacy: page.isPrivacy,
        isCookie: page.isCookie,
        position,
      })
      .onConflictDoNothing()
      .returning({ id: staticPages.id });
    if (!row) continue;
    await db.insert(staticPageTranslations).values(
      Object.entries(page.translations).map(([locale, text]) => ({
        pageId: row.id,
        locale,
        title: text.title,
        body: text.body,
      })),
    );
  }
}
