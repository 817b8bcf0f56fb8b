import type { AdminSimilarPicture } from '@promptmarket/contracts/admin';
import type { OfferCreateFields } from '@promptmarket/contracts/offers';
import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  isFeatureless,
  NEAR_DUPLICATE_DISTANCE,
  type PictureHashes,
  pictureHashes,
} from '../../lib/image-hash';
import type { Storage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/uploads';
import { productOnSaleWithHash, productsNearPicture } from '../catalogue/catalogue.hashes';
import { createOffer } from './offers.service';
import { type OfferRow, offers } from './offers.tables';

/**
 * Offers checked against the catalogue (decision 0028): an offer's picture is hashed when it
 * arrives; a copy of a product the shop sells is refused, and the back office sees the products
 * and earlier offers whose pictures are like it.
 */

const PICTURE_KINDS = new Set(['jpeg', 'png', 'gif', 'webp']);
/** How many products, and how many earlier offers, the back office is shown at most. */
const SIMILAR_LIMIT = 10;

/** The hashes of an uploaded picture; null for a document or bytes no picture can be read from. */
async function uploadHashes(storage: Storage, media: UploadedFile): Promise<PictureHashes | null> {
  if (!PICTURE_KINDS.has(media.kind)) return null;
  const bytes = await storage.get(media.bucket, media.key);
  if (!bytes) return null;
  // Unreadable bytes are refused by the offer's own checks, with their own message.
  return pictureHashes(bytes).catch(() => null);
}

/**
 * Creates an offer (`createOffer`) whose picture keeps its hashes. Throws a 422 on `media`
 * (`media.copy_of_product`) when the picture is one the shop already sells: the same hash as an
 * active product's original (the file bought and uploaded again, in any format). A near copy is
 * no reason to refuse; the back office judges it.
 */
export async function createCheckedOffer(
  db: Db,
  storage: Storage,
  input: { userId: string; fields: OfferCreateFields; media: UploadedFile },
): Promise<number> {
  const hashes = await uploadHashes(storage, input.media);
  // A picture of one colour has the hash of every other: it copies nothing.
  if (hashes && !isFeatureless(hashes) && (await productOnSaleWithHash(db, hashes.hash))) {
    throw AppError.validation({ media: ['media.copy_of_product'] });
  }
  return createOffer(db, storage, { ...input, pictureHashes: hashes });
}

/**
 * The products and earlier offers whose pictures lie within the near-duplicate distance of an
 * offer's picture, as it is or mirrored, nearest first. The product made from this very offer is
 * not listed. Empty for an offer without a picture.
 */
export async function similarPictures(
  db: Db,
  offer: OfferRow,
  locale: string,
): Promise<AdminSimilarPicture[]> {
  if (offer.imageHash === null || offer.imageHashMirrored === null) return [];
  const picture = { hash: offer.imageHash, mirrored: offer.imageHashMirrored };
  if (isFeatureless(picture)) return [];
  const distance = sql<number>`least(
    bit_count((${offers.imageHash} # ${picture.hash.toString()}::bigint)::bit(64)),
    bit_count((${offers.imageHash} # ${picture.mirrored.toString()}::bigint)::bit(64)))::int`;
  const [products, earlier] = await Promise.all([
    productsNearPicture(db, picture, {
      maxDistance: NEAR_DUPLICATE_DISTANCE,
      limit: SIMILAR_LIMIT,
      locale,
      exceptProductId: offer.productId,
    }),
    db
      .select({ id: offers.id, title: offers.title, distance })
      .from(offers)
      .where(
        and(
          lt(offers.id, offer.id),
          isNotNull(offers.imageHash),
          sql`${distance} <= ${NEAR_DUPLICATE_DISTANCE}`,
        ),
      )
      .orderBy(distance, offers.id)
      .limit(SIMILAR_LIMIT),
  ]);
  const similar: AdminSimilarPicture[] = [
    ...products.map((product) => ({
      kind: 'product' as const,
      id: product.id,
      title: product.title,
      preview_url: product.previewUrl,
      distance: product.distance,
    })),
    ...earlier.map((row) => ({
      kind: 'offer' as const,
      id: row.id,
      title: row.title,
      preview_url: `/api/admin/offers/${row.id}/media`,
      distance: Number(row.distance),
    })),
  ];
  return similar.sort((a, b) => a.distance - b.distance || a.kind.localeCompare(b.kind) || a.id - b.id);
}
