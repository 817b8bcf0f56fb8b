import { DEFAULT_LOCALE, errorMessages, formatMinorUnits, minorUnitsToNumber } from '@promptmarket/contracts';
import {
  type ContactDetails,
  OFFER_PROMPT_MIN,
  type Offer,
  type OfferCreateFields,
  type OfferStatus,
  VERIFICATION_THRESHOLD_EUR,
} from '@promptmarket/contracts/offers';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { slugBase } from '../../lib/slug';
import type { Storage } from '../../lib/storage';
import { declaresDoctype, sanitizeSvg } from '../../lib/svg-sanitize';
import { untrustedPicture } from '../../lib/untrusted-picture';
import type { UploadedFile } from '../../lib/uploads';
import { insertProduct } from '../catalogue/catalogue.admin';
import { storeProductImage } from '../catalogue/catalogue.media';
import { categoryExists, categoryTitles, existingStyleIds } from '../catalogue/catalogue.service';
import { countryIsoOf } from '../content/content.service';
import { mailAccount } from '../mail/mail.notify';
import {
  type PayoutDestination,
  type PayoutRow,
  payoutOfOffer,
  payoutsOfOffers,
  requestPayout,
} from '../payouts/payouts.service';
import { internalFromEurCents } from '../site/site.rates';
import { getStoredSettings } from '../site/site.service';
import { type OfferRow, offerStyles, offers } from './offers.tables';

/**
 * Offers (spec sections 3, 4 and 7): a user offers a work, the service answers with a
 * counter-price or declines, the user accepts (choosing a card or SEPA payout) or declines.
 * Accepting owes the price through the ledger (decision 0016); the back office pays or fails it.
 */

const IMAGE_KINDS = new Set(['jpeg', 'png', 'gif', 'webp']);

/** The offer as the clients read it. */
function toOffer(
  row: OfferRow & { categoryTitle: string },
  styleIds: number[],
  payout: PayoutRow | null,
): Offer {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category_id: row.categoryId,
    category_title: row.categoryTitle,
    user_price: minorUnitsToNumber(row.userPriceCents),
    service_price: row.servicePriceCents === null ? null : minorUnitsToNumber(row.servicePriceCents),
    currency: 'EUR',
    status: row.status,
    doc_type: IMAGE_KINDS.has(row.mediaKind) ? 'image' : row.mediaKind,
    doc_url: `/api/offer/${row.id}/media`,
    style_ids: styleIds,
    add_text: row.addText,
    prompt: row.prompt,
    confirm: true,
    created_at: row.createdAt.toISOString(),
    decline_reason: row.status === 'declined_by_service' ? row.declineReason : null,
    payout: payout
      ? {
          method: payout.method,
          destination: payout.destinationMasked,
          status: payout.status,
          amount: minorUnitsToNumber(payout.amountCents),
          currency: 'EUR',
          failure_reason: payout.failureReason,
          created_at: payout.createdAt.toISOString(),
          sent_at: payout.sentAt?.toISOString() ?? null,
          settled_at: payout.settledAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The user's offers, newest first, or one of them; each with its category's title in the language. */
export async function offerHistory(
  db: Db,
  userId: string,
  locale: string,
  onlyId?: number,
): Promise<Offer[]> {
  const found = await db
    .select()
    .from(offers)
    .where(
      onlyId === undefined
        ? eq(offers.userId, userId)
        : and(eq(offers.userId, userId), eq(offers.id, onlyId)),
    )
    .orderBy(desc(offers.id))
    .limit(500);
  const titles = await categoryTitles(
    db,
    found.map((offer) => offer.categoryId),
    locale,
  );
  const rows = found.flatMap((offer) => {
    const categoryTitle = titles.get(offer.categoryId);
    return categoryTitle === undefined ? [] : [{ ...offer, categoryTitle }];
  });
  const ids = rows.map((row) => row.id);
  const [styleRows, payoutRows] = await Promise.all([
    ids.length === 0 ? [] : db.select().from(offerStyles).where(inArray(offerStyles.offerId, ids)),
    payoutsOfOffers(db, userId, ids),
  ]);
  return rows.map((row) =>
    toOffer(
      row,
      styleRows.filter((style) => style.offerId === row.id).map((style) => style.styleId),
      payoutRows.get(row.id) ?? null,
    ),
  );
}

/**
 * Makes a stored upload safe to keep: pictures are decoded and encoded again (which drops their
 * metadata and anything hidden after the image), an SVG keeps only its drawing. Documents stay
 * as they are; they are only ever sent as downloads. Throws a 422 on `media`: `media.svg_doctype`
 * for an SVG with a DOCTYPE, `media.type` for a file that cannot be read or cleaned.
 */
async function sanitizeMedia(storage: Storage, file: UploadedFile): Promise<void> {
  if (!IMAGE_KINDS.has(file.kind) && file.kind !== 'svg') return;
  const original = await storage.get(file.bucket, file.key);
  if (!original) throw new Error(`upload ${file.key} vanished`);
  let cleaned: Buffer | null;
  if (file.kind === 'svg') {
    if (declaresDoctype(original)) throw AppError.validation({ media: ['media.svg_doctype'] });
    cleaned = await sanitizeSvg(original);
  } else {
    try {
      const image = untrustedPicture(original, {
        animated: file.kind === 'gif' || file.kind === 'webp',
      }).rotate();
      cleaned = await (file.kind === 'jpeg'
        ? image.jpeg({ quality: 92 })
        : file.kind === 'png'
          ? image.png()
          : file.kind === 'gif'
            ? image.gif()
            : image.webp({ quality: 92 })
      ).toBuffer();
    } catch {
      cleaned = null;
    }
  }
  if (!cleaned) throw AppError.validation({ media: ['media.type'] });
  await storage.put(file.bucket, file.key, cleaned, { contentType: file.contentType });
}

/** Creates an offer in status pending from the checked fields and the stored file. */
export async function createOffer(
  db: Db,
  storage: Storage,
  input: {
    userId: string;
    fields: OfferCreateFields;
    media: UploadedFile;
    /** The picture's perceptual hashes (decision 0028), kept in the same insert as the offer. */
    pictureHashes?: { hash: bigint; mirrored: bigint } | null;
  },
): Promise<number> {
  const { fields, media } = input;
  const errors: Record<string, string[]> = {};
  if (!(await categoryExists(db, fields.category_id))) errors.category_id = ['category.required'];
  const found = await existingStyleIds(db, fields['style_ids[]']);
  if (found.length !== fields['style_ids[]'].length) errors['style_ids[]'] = ['styles.required'];
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  await sanitizeMedia(storage, media);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(offers)
      .values({
        userId: input.userId,
        title: fields.title,
        description: fields.description,
        addText: fields.add_text,
        prompt: fields.prompt,
        categoryId: fields.category_id,
        userPriceCents: fields.price,
        confirmed: true,
        mediaKey: media.key,
        mediaKind: media.kind,
        mediaContentType: media.contentType,
        mediaFilename: media.filename || `offer.${media.key.split('.').pop()}`,
        imageHash: input.pictureHashes?.hash ?? null,
        imageHashMirrored: input.pictureHashes?.mirrored ?? null,
      })
      .returning({ id: offers.id });
    if (!created) throw new Error('offer insert returned no row');
    await tx
      .insert(offerStyles)
      .values(fields['style_ids[]'].map((styleId) => ({ offerId: created.id, styleId })));
    return created.id;
  });
}

/** The user's own offer under a row lock, or 404 (another user's offer does not exist for them). */
async function lockOwnOffer(tx: Db, userId: string, offerId: number): Promise<OfferRow> {
  const [row] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.userId, userId)))
    .for('update');
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Only an offer in status `offer` may be accepted or declined, once (spec section 4). Throws
 * OFFER_NOT_PRICED for a pending offer, which has no price to answer yet, and
 * OFFER_ALREADY_ANSWERED otherwise (both 422 on the `id` field): the screen that offered the
 * choice is out of date, answered in another tab or turned down by the service meanwhile.
 */
function assertOpen(row: OfferRow) {
  if (row.status === 'offer') return;
  if (row.status === 'pending') {
    throw new AppError('OFFER_NOT_PRICED', 'offer.not_priced', { id: ['offer.not_priced'] });
  }
  const key = row.status === 'approved' ? 'offer.already_approved' : 'offer.not_open';
  throw new AppError('OFFER_ALREADY_ANSWERED', key, { id: [key] });
}

export async function declineOffer(db: Db, input: { userId: string; offerId: number }) {
  await db.transaction(async (tx) => {
    const row = await lockOwnOffer(tx as unknown as Db, input.userId, input.offerId);
    assertOpen(row);
    await tx
      .update(offers)
      .set({ status: 'declined_by_user', decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(offers.id, row.id));
  });
}

/**
 * Accepts the counter-price and asks for its payout. The offer row is locked, so a double click
 * or two tabs accept once; the second is told it was accepted already and changes nothing. From
 * 150 EUR the seller's identity must be verified first (403 VERIFICATION_REQUIRED). An `amount`,
 * when the client sends one, must equal the counter-price. A card reaches this function as the
 * payout provider's token only (decision 0026).
 */
export async function acceptOffer(
  db: Db,
  input: {
    userId: string;
    offerId: number;
    appKey: string;
    contact: ContactDetails;
    payout: PayoutDestination;
    amountCents?: number;
    identityApproved: () => Promise<boolean>;
  },
): Promise<void> {
  // Original clients send the id from `GET /countries`; the payout keeps the ISO code.
  const contact = { ...input.contact, country: await countryIsoOf(db, input.contact.country) };
  const settings = await getStoredSettings(db, DEFAULT_LOCALE);
  const verified = await input.identityApproved();
  await db.transaction(async (tx) => {
    const row = await lockOwnOffer(tx as unknown as Db, input.userId, input.offerId);
    assertOpen(row);
    const price = row.servicePriceCents ?? 0;
    if (input.amountCents !== undefined && input.amountCents !== price) {
      throw AppError.validation({ amount: ['amount.offer_mismatch'] });
    }
    if (price >= VERIFICATION_THRESHOLD_EUR * 100 && !verified) {
      throw new AppError('VERIFICATION_REQUIRED', errorMessages.verificationRequired);
    }
    await requestPayout(tx as unknown as Db, {
      userId: input.userId,
      offerId: row.id,
      amountCents: price,
      ledgerAmount: internalFromEurCents(price, settings.internal_currency_rate_eur),
      appKey: input.appKey,
      contact,
      destination: input.payout,
    });
    await tx
      .update(offers)
      .set({ status: 'approved', decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(offers.id, row.id));
  });
}

/* The service's side. The back office calls these; until then they are the tested way in. */

async function lockOffer(tx: Db, offerId: number): Promise<OfferRow> {
  const [row] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  if (!row) throw AppError.notFound();
  return row;
}

/** The service answers a pending offer with its own price (euro cents, more than 0). */
export async function makeCounterOffer(db: Db, offerId: number, servicePriceCents: number) {
  if (!Number.isSafeInteger(servicePriceCents) || servicePriceCents <= 0) {
    throw AppError.validation({ service_price: ['price.invalid'] });
  }
  await db.transaction(async (tx) => {
    const row = await lockOffer(tx as unknown as Db, offerId);
    if (row.status !== 'pending') {
      throw AppError.conflict('offer.not_pending', { id: String(offerId), status: row.status });
    }
    await tx
      .update(offers)
      .set({ status: 'offer', servicePriceCents, updatedAt: new Date() })
      .where(eq(offers.id, offerId));
    // Offers and payouts are in euros, as the seller's dashboard shows them.
    await mailAccount(tx as unknown as Db, row.userId, 'offer-priced', 'dashboard/offers', () => ({
      title: row.title,
      price: `${formatMinorUnits(servicePriceCents)} EUR`,
    }));
  });
}

/** The service turns a pending offer (or its own counter-offer) down; the seller reads the reason. */
export async function declineByService(db: Db, offerId: number, reason: string) {
  await db.transaction(async (tx) => {
    const row = await lockOffer(tx as unknown as Db, offerId);
    if (row.status !== 'pending' && row.status !== 'offer') {
      throw AppError.conflict('offer.not_declinable', { id: String(offerId), status: row.status });
    }
    await tx
      .update(offers)
      .set({
        status: 'declined_by_service',
        declineReason: reason,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(offers.id, offerId));
    await mailAccount(tx as unknown as Db, row.userId, 'offer-declined', 'dashboard/offers', () => ({
      title: row.title,
      reason,
    }));
  });
}

/**
 * Checks the amount a seller repeats with new payout details against the price of their offer,
 * both in cents. Throws NOT_FOUND for an offer that is not theirs and a 422 on `amount` for any
 * other amount, or an offer without a price.
 */
export async function checkOfferAmount(db: Db, userId: string, offerId: number, amountCents: number) {
  const [row] = await db
    .select({ priceCents: offers.servicePriceCents })
    .from(offers)
    .where(and(eq(offers.userId, userId), eq(offers.id, offerId)));
  if (!row) throw AppError.notFound();
  if (row.priceCents === null || row.priceCents !== amountCents) {
    throw AppError.validation({ amount: ['amount.offer_mismatch'] });
  }
}

/** The stored file of the user's own offer. */
export async function offerMedia(db: Db, userId: string, offerId: number) {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.userId, userId)));
  if (!row) throw AppError.notFound();
  return row;
}

export type { OfferStatus };

/**
 * Makes an accepted offer's picture a product of the shop, in one step: the original and its
 * previews stored like every product's, the English title and description from the offer, its
 * category and styles, the price and the prompt the back office gives (else the seller's). The catalogue creates the
 * product (`insertProduct`, as for the editor's form) in the same transaction that marks the offer
 * published. Only an approved offer with a picture, once.
 */
export async function publishOffer(
  db: Db,
  storage: Storage,
  input: { offerId: number; priceCents: number; prompt?: string | undefined },
): Promise<number> {
  const [offer] = await db.select().from(offers).where(eq(offers.id, input.offerId));
  if (!offer) throw AppError.notFound();
  if (offer.status !== 'approved') {
    throw AppError.conflict('offer.not_accepted', { id: String(offer.id), status: offer.status });
  }
  if (offer.productId !== null) throw AppError.conflict('offer.published', { id: String(offer.id) });
  // The shop sells a work only once it has paid for it: a failed payout is tried again first.
  const payout = await payoutOfOffer(db, offer.id);
  if (payout && payout.status !== 'paid') {
    throw AppError.conflict('offer.payout_unpaid', { id: String(offer.id), status: payout.status });
  }
  if (!IMAGE_KINDS.has(offer.mediaKind)) {
    throw AppError.validation({ media: ['media.type'] });
  }
  // Without a prompt from the back office, the buyer gets the one the seller gave (decision 0047).
  const prompt = input.prompt ?? offer.prompt?.trim() ?? '';
  if (prompt.length < OFFER_PROMPT_MIN) throw AppError.validation({ prompt: ['prompt.required'] });
  const original = await storage.get('private', offer.mediaKey);
  if (!original) throw AppError.notFound();
  const imageKey = `offer-${offer.id}`;
  await storeProductImage(storage, imageKey, original);
  const styleRows = await db.select().from(offerStyles).where(eq(offerStyles.offerId, offer.id));
  return db.transaction(async (tx) => {
    const productId = await insertProduct(tx, {
      slug: `${slugBase(offer.title, 'work')}-o${offer.id}`,
      categoryId: offer.categoryId,
      priceCents: input.priceCents,
      prompt,
      imageKey,
      styleIds: styleRows.map((style) => style.styleId),
      texts: { [DEFAULT_LOCALE]: { title: offer.title, description: offer.description ?? '' } },
    });
    const [updated] = await tx
      .update(offers)
      .set({ productId, updatedAt: new Date() })
      .where(and(eq(offers.id, offer.id), sql`${offers.productId} is null`))
      .returning({ id: offers.id });
    if (!updated) throw AppError.conflict('offer.published', { id: String(offer.id) });
    await mailAccount(tx, offer.userId, 'offer-published', 'dashboard/offers', () => ({
      title: offer.title,
    }));
    return productId;
  });
}

/**
 * Erases what identifies the user in their offers when their account is deleted (decision 0046).
 * An accepted offer is a work the shop bought (an account with a payout not yet paid cannot be
 * deleted): its row, title, description and file stay, the shop's, without the file name the user
 * gave it and their added text. Every other offer goes with its file. Answers the private storage
 * keys of those files, for the caller to delete once the deletion is committed.
 */
export async function eraseOffersOf(tx: Db, userId: string): Promise<string[]> {
  await tx
    .update(offers)
    .set({ addText: null, mediaFilename: sql`'offer-' || ${offers.id} || '.' || ${offers.mediaKind}` })
    .where(and(eq(offers.userId, userId), eq(offers.status, 'approved')));
  const erased = await tx
    .delete(offers)
    .where(and(eq(offers.userId, userId), sql`${offers.status} <> 'approved'`))
    .returning({ mediaKey: offers.mediaKey });
  return erased.map((offer) => offer.mediaKey);
}
