import { and, eq, isNull } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import sharp, { type Sharp } from 'sharp';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Storage } from '../../lib/storage';
import { originalKey } from '../catalogue/catalogue.media';
import { productDownload } from '../catalogue/catalogue.service';
import { getStoredSettings } from '../site/site.service';
import { licenceFiles } from './orders.licence';
import { orderDownloads, orderItems } from './orders.tables';

/**
 * A bought prompt as a zip: the original image in the format and size asked for, the English
 * prompt, and the licence in English with its translation into the buyer's language. Converted images are kept in private storage, so the second download of
 * the same format and size is read, not rendered again.
 */

const encoders = {
  jpg: (image: Sharp) => image.jpeg({ quality: 90, mozjpeg: true }),
  png: (image: Sharp) => image.png({ compressionLevel: 9 }),
  webp: (image: Sharp) => image.webp({ quality: 90 }),
} as const;
type Format = keyof typeof encoders;

/** The image encoded in one of the download formats. */
export function encodeImage(image: Sharp, format: Format): Sharp {
  return encoders[format](image);
}

const contentTypes: Record<Format, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export type DownloadChoice = { format: Format; width: number; height: number; size: string };

/**
 * The format and size asked for, from the lists in the settings (the first entry when not given).
 * Throws a 422 on `format` or `size` naming the choices.
 */
export async function downloadChoice(
  db: Db,
  query: { format?: string; size?: string },
): Promise<DownloadChoice> {
  const settings = await getStoredSettings(db);
  const format = (query.format ?? settings.formats[0] ?? 'jpg').toLowerCase();
  const size = query.size ?? settings.sizes[0] ?? '1024x1024';
  const fields: Record<string, string[]> = {};
  if (!settings.formats.includes(format) || !(format in encoders)) fields.format = ['download.format'];
  const match = /^(\d{2,4})x(\d{2,4})$/.exec(size);
  if (!settings.sizes.includes(size) || !match) fields.size = ['download.size'];
  if (Object.keys(fields).length > 0) {
    throw AppError.validation(fields, 'VALIDATION_FAILED', {
      formats: settings.formats.join(', '),
      sizes: settings.sizes.join(', '),
    });
  }
  return { format: format as Format, size, width: Number(match?.[1]), height: Number(match?.[2]) };
}

/** The converted image, from the cache or rendered from the original once. */
async function convertedImage(storage: Storage, imageKey: string, choice: DownloadChoice): Promise<Buffer> {
  const cacheKey = `downloads/${imageKey}/${choice.size}.${choice.format}`;
  const cached = await storage.get('private', cacheKey);
  if (cached) return cached;
  const original = await storage.get('private', originalKey(imageKey));
  if (!original) throw new Error(`the original of ${imageKey} is missing`);
  const image = await encodeImage(
    sharp(original).resize(choice.width, choice.height, { fit: 'cover' }),
    choice.format,
  ).toBuffer();
  await storage.put('private', cacheKey, image, { contentType: contentTypes[choice.format] });
  return image;
}

/**
 * The zip of one of the user's own bought prompts; anyone else's is 404. The licence comes in the
 * first of `languages` (the page's, then the account's) the shop has it in, beside the English.
 * Each download is recorded (who, which item, format and size) for the back office.
 */
export async function orderZip(
  db: Db,
  storage: Storage,
  input: { userId: string; orderItemId: number; choice: DownloadChoice; languages: readonly string[] },
): Promise<{ filename: string; zip: Buffer }> {
  const [item] = await db
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.id, input.orderItemId),
        eq(orderItems.userId, input.userId),
        // A prompt refunded in full is no longer the buyer's (decision 0048).
        isNull(orderItems.refundedAt),
      ),
    );
  const row = item ? await productDownload(db, item.productId) : null;
  if (!row) throw AppError.notFound();
  const image = await convertedImage(storage, row.imageKey, input.choice);
  const zip = zipSync({
    // Images are compressed already: stored as they are.
    [`${row.slug}-${input.choice.size}.${input.choice.format}`]: [image, { level: 0 }],
    'prompt.txt': strToU8(`${row.prompt}\n`),
    ...licenceFiles(input.languages),
  });
  await db.insert(orderDownloads).values({
    orderItemId: input.orderItemId,
    userId: input.userId,
    format: input.choice.format,
    size: input.choice.size,
  });
  return { filename: `${row.slug}-${input.choice.size}.zip`, zip: Buffer.from(zip) };
}
