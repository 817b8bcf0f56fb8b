// `npm run bench` (part `pictures`): one 1024x1024 render of the demo engine, and one near-duplicate
// lookup of an offer's picture among every product's hash, on the bench's seeded database. Prints
// markdown rows. Runs while no server holds the database (the embedded one has one opener).
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../config';
import { openDatabase, withoutTimeLimits } from '../db/client';
import { NEAR_DUPLICATE_DISTANCE, pictureHashes } from '../lib/image-hash';
import { openStorage } from '../lib/open-storage';
import { createOwnerOnly } from '../lib/owner-only';
import { productsNearPicture } from '../modules/catalogue/catalogue.hashes';
import { originalKey } from '../modules/catalogue/catalogue.media';
import { renderDemoImage } from '../modules/generation/local-engine';

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

// What the command writes into DATA_DIR (the embedded database, pictures) is the owner's alone.
createOwnerOnly();
const config = loadConfig();
const database = await openDatabase(withoutTimeLimits(config.database));
const storage = openStorage(config);
try {
  // Five prompts never drawn before: nothing of theirs is kept.
  const renders: number[] = [];
  for (const prompt of [
    'a lighthouse in a storm at night',
    'a red fox asleep in the snow',
    'a glass greenhouse full of orchids',
    'an astronaut reading in a library',
    'a bowl of ramen in neon light',
  ]) {
    renders.push((await timed(() => renderDemoImage(prompt)))[0]);
  }

  const rows = (await database.db.execute(
    sql`select p.image_key, (select count(*) from product_image_hashes) as hashes
      from products p order by p.id limit 1`,
  )) as unknown as { rows: { image_key: string; hashes: string | number }[] };
  const first = rows.rows[0];
  if (!first) throw new Error('the catalogue is empty');
  const original = await storage.get('private', originalKey(first.image_key));
  if (!original) throw new Error(`no original for ${first.image_key}`);
  // An offer's picture: a product's original halved and recompressed.
  const offered = await sharp(original).resize(512, 512).jpeg({ quality: 70 }).toBuffer();
  const [hashMs, picture] = await timed(() => pictureHashes(offered));
  const options = { maxDistance: NEAR_DUPLICATE_DISTANCE, limit: 10, locale: 'en' };
  const [coldMs, found] = await timed(() => productsNearPicture(database.db, picture, options));
  const lookups: number[] = [];
  for (let run = 0; run < 9; run += 1) {
    lookups.push((await timed(() => productsNearPicture(database.db, picture, options)))[0]);
  }
  console.log('| work | ms |');
  console.log('|---|---:|');
  console.log(
    `| one 1024x1024 render of the demo engine (median of 5 prompts) | ${median(renders).toFixed(0)} |`,
  );
  console.log(`| hashing an offered picture (512x512 JPEG) | ${hashMs.toFixed(1)} |`);
  console.log(
    `| one near-duplicate lookup among ${Number(first.hashes)} product hashes (median of 9; ${found.length} found) | ${median(lookups).toFixed(1)} |`,
  );
  console.log(`| the first lookup after a catalogue change (reads every hash) | ${coldMs.toFixed(0)} |`);
} finally {
  await database.close();
}
