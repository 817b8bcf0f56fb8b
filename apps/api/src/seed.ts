import type { Db } from './db/client';
import type { Storage } from './lib/storage';
import { type DemoSeedOptions, seedDemoCatalogue } from './modules/catalogue/catalogue.seed';
import { seedContent } from './modules/content/content.seed';
import { forgetContentCache } from './modules/content/content.service';
import { seedDemoReviews } from './modules/reviews/reviews.seed';
import { isSiteSeeded, seedSite } from './modules/site/site.seed';
import { forgetSiteCache } from './modules/site/site.service';

/** Seeds every module's base data, in dependency order. Idempotent: run it as often as you like. */
export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedSite(tx);
    await seedContent(tx);
  });
  forgetSiteCache(db);
  forgetContentCache(db);
}

/** Seeds only a database that has never been seeded, so later changes made in the shop stay. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (await isSiteSeeded(db)) return false;
  await seed(db);
  return true;
}

export { seedDemoCatalogue, seedLargeCatalogue } from './modules/catalogue/catalogue.seed';
export { seedDemoReviews } from './modules/reviews/reviews.seed';

/**
 * The demo shop a fresh start gets: the catalogue, and only when the catalogue was seeded now, the
 * demo's buyers and their reviews. A shop of real products, even one without reviews yet, never
 * gets invented buyers or reviews.
 */
export async function seedDemoShop(db: Db, storage: Storage, options: DemoSeedOptions = {}): Promise<void> {
  if (await seedDemoCatalogue(db, storage, options)) await seedDemoReviews(db, options.log);
}
