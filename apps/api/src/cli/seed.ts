import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, withoutTimeLimits } from '../db/client';
import { analyze } from '../db/maintenance';
import { migrate, underStartLock } from '../db/migrate';
import { openStorage } from '../lib/open-storage';
import { createOwnerOnly } from '../lib/owner-only';
import { seed, seedDemoCatalogue, seedDemoReviews, seedLargeCatalogue } from '../seed';

const { values } = parseArgs({ options: { products: { type: 'string' } } });
const extra = values.products ? Number.parseInt(values.products, 10) : 0;
if (!Number.isSafeInteger(extra) || extra < 0) {
  console.error('--products takes a whole number, e.g. --products 100000');
  process.exit(1);
}
// What the command writes into DATA_DIR (the embedded database, pictures) is the owner's alone.
createOwnerOnly();
const config = loadConfig();
const database = await openDatabase(withoutTimeLimits(config.database));
try {
  await underStartLock(config.database, () => migrate(database));
  await seed(database.db);
  await seedDemoCatalogue(database.db, openStorage(config), {
    log: console.log,
    products: config.seedDemoProducts,
  });
  await seedDemoReviews(database.db, console.log);
  if (extra > 0) await seedLargeCatalogue(database.db, extra, console.log);
  await analyze(database);
  console.log(`Seeded the ${database.kind} database.`);
} finally {
  await database.close();
}
