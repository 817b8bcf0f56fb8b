import { chargeFromEurCents, minorUnitsToNumber } from '@promptmarket/contracts';
import type { Generation } from '@promptmarket/contracts/orders';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { sameRequest } from '../../lib/idempotency';
import { slugBase } from '../../lib/slug';
import type { Storage } from '../../lib/storage';
import { untrustedPicture } from '../../lib/untrusted-picture';
import { mailAccount } from '../mail/mail.notify';
import { type DownloadChoice, encodeImage } from '../orders/orders.downloads';
import { licenceFiles } from '../orders/orders.licence';
import { insufficientFunds } from '../orders/orders.service';
import { getStoredSettings } from '../site/site.service';
import { accountInDebt, debitWallet, findMove, refund, walletBalance } from '../wallet/wallet.service';
import type { ImageEngine } from './engine';
import { generationDownloads, generations } from './generation.tables';

/**
 * A generation that failed after it was paid: refunded in full. Unlike other 5xx answers its
 * message is shown, in the request's language: it tells the user the cost was refunded.
 */
export class GenerationFailed extends AppError {
  constructor() {
    super('INTERNAL', 'generation.failed');
    this.name = 'GenerationFailed';
  }
}

/** What a generation given up for too little money records as its error. */
const INSUFFICIENT_FUNDS_RECORD = 'The balance was too low to pay for it.';
/** What a generation given up because the account owes a reversed deposit records (decision 0027). */
const IN_DEBT_RECORD = 'The account owed a reversed deposit.';

export type GenerationInput = {
  userId: string;
  title: string;
  prompt: string;
  choice: DownloadChoice;
  locale: string;
  timeoutMs: number;
  /** The client's Idempotency-Key and the fingerprint of its request (`requestHash`), or null. */
  idempotencyKey: string | null;
  requestHash: string | null;
};

type GenerationRow = typeof generations.$inferSelect;

async function generationByKey(db: Db, userId: string, key: string): Promise<GenerationRow | null> {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.idempotencyKey, key)));
  return row ?? null;
}

/**
 * The answer to a generation asked for again with its Idempotency-Key: the same picture's zip,
 * charged once. Throws IDEMPOTENCY_KEY_REUSED when the key came with another request, CONFLICT
 * while the first request is still drawing, and the first answer's refusal (too little money, or
 * a failure that was refunded) when it failed.
 */
async function answerAgain(
  db: Db,
  storage: Storage,
  earlier: GenerationRow,
  input: GenerationInput,
  currency: string,
): Promise<{ filename: string; zip: Buffer; generationId: number }> {
  sameRequest(earlier.requestHash, input.requestHash);
  if (earlier.status === 'processing') throw AppError.conflict('request.in_progress');
  if (earlier.status === 'failed') {
    if (earlier.errorMessage === IN_DEBT_RECORD) throw accountInDebt();
    if (earlier.errorMessage !== INSUFFICIENT_FUNDS_RECORD) throw new GenerationFailed();
    throw insufficientFunds(
      Math.max(1, earlier.cost - (await walletBalance(db, input.userId))),
      currency,
      input.locale,
    );
  }
  return {
    ...(await generationDownload(db, storage, input.userId, earlier.id, [input.locale])),
    generationId: earlier.id,
  };
}

/** The ledger move that pays a generation; its refund is `<key>:refund`. */
const debitKey = (generationId: number) => `generation:${generationId}`;

/**
 * Gives a generation up: marks it failed and refunds it when it was paid, in one transaction.
 * Only a generation still processing is given up, under its row lock, so the request drawing it
 * and any number of recoveries on other processes give it up once, with one refund. Returns
 * false when it was no longer processing (finished, or given up by someone else).
 */
async function giveUp(db: Db, generationId: number, message: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [given] = await tx
      .update(generations)
      .set({ status: 'failed', errorMessage: message.slice(0, 500) })
      .where(and(eq(generations.id, generationId), eq(generations.status, 'processing')))
      .returning({ id: generations.id, userId: generations.userId });
    if (!given) return false;
    const key = debitKey(generationId);
    const paid = await findMove(tx, key);
    if (paid) {
      await refund(tx, { originalKey: key, key: `${key}:refund` });
      await mailAccount(tx, given.userId, 'generation-refunded', 'products/generate', ({ credits }) => ({
        amount: credits(paid.amount),
      }));
    }
    return true;
  });
}

/**
 * Charges the generation cost, draws the picture with the engine (given up after the timeout),
 * and answers it as a zip. The same Idempotency-Key answers the same generation again
 * (`answerAgain`), never a second charge. Debit first, refund by a compensating move if the engine fails: never
 * a charge without a delivered image (DESIGN section 3). A server that dies between the two
 * leaves the generation processing; `recoverAbandonedGenerations` gives it up later.
 */
export async function generateImage(
  db: Db,
  storage: Storage,
  engine: ImageEngine,
  input: GenerationInput,
  log: { error(details: object, message: string): void },
): Promise<{ filename: string; zip: Buffer; generationId: number }> {
  const settings = await getStoredSettings(db, input.locale);
  const cost = chargeFromEurCents(settings.image_generation_cost_cents, settings.internal_currency_rate_eur);
  const key = input.idempotencyKey;
  if (key) {
    const earlier = await generationByKey(db, input.userId, key);
    if (earlier) return answerAgain(db, storage, earlier, input, settings.internal_currency_name);
  }
  const [generation] = await db
    .insert(generations)
    .values({
      idempotencyKey: key,
      requestHash: key ? input.requestHash : null,
      userId: input.userId,
      title: input.title,
      prompt: input.prompt,
      format: input.choice.format,
      size: input.choice.size,
      engine: engine.name,
      cost,
    })
    // The same key at the same moment: the other request made the generation.
    .onConflictDoNothing({ target: [generations.userId, generations.idempotencyKey] })
    .returning();
  if (!generation) {
    const earlier = key ? await generationByKey(db, input.userId, key) : null;
    if (!earlier) throw new Error('generation not recorded');
    return answerAgain(db, storage, earlier, input, settings.internal_currency_name);
  }
  const moveKey = debitKey(generation.id);

  if (cost > 0) {
    try {
      // Under the generation's row lock: a recovery that gave it up meanwhile is seen, and then
      // nothing is charged; one that comes later finds the debit and refunds it.
      await db.transaction(async (tx) => {
        const [open] = await tx
          .select({ id: generations.id })
          .from(generations)
          .where(and(eq(generations.id, generation.id), eq(generations.status, 'processing')))
          .for('update');
        if (!open) throw new GenerationFailed();
        await debitWallet(tx, {
          userId: input.userId,
          amount: cost,
          key: moveKey,
          kind: 'generation',
          reference: moveKey,
        });
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'ACCOUNT_IN_DEBT') {
        await giveUp(db, generation.id, IN_DEBT_RECORD);
        throw error;
      }
      if (!(error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')) throw error;
      const missing = Math.max(1, cost - (await walletBalance(db, input.userId)));
      await giveUp(db, generation.id, INSUFFICIENT_FUNDS_RECORD);
      throw insufficientFunds(missing, settings.internal_currency_name, input.locale);
    }
  }

  let image: Buffer;
  const imageKey = `generations/${generation.id}.${input.choice.format}`;
  try {
    const drawn = await engine.generate(input.prompt, AbortSignal.timeout(input.timeoutMs));
    image = await encodeImage(
      // What an image engine answers is a picture from outside: bounded like an upload.
      untrustedPicture(drawn).resize(input.choice.width, input.choice.height, { fit: 'cover' }),
      input.choice.format,
    ).toBuffer();
    await storage.put('private', imageKey, image);
    const [finished] = await db
      .update(generations)
      .set({ status: 'done', imageKey })
      .where(and(eq(generations.id, generation.id), eq(generations.status, 'processing')))
      .returning({ id: generations.id });
    if (!finished) {
      // Given up (and refunded) by the recovery while it was drawn: the picture is not delivered.
      await storage.delete('private', imageKey);
      throw new Error('the generation was given up before it was finished');
    }
  } catch (error) {
    log.error({ err: error, generationId: generation.id, engine: engine.name }, 'image generation failed');
    await giveUp(db, generation.id, error instanceof Error ? error.message : String(error));
    throw new GenerationFailed();
  }

  return {
    ...generationZip(input.title, input.prompt, input.choice, image, [input.locale]),
    generationId: generation.id,
  };
}

/**
 * How long a generation may stay processing before it counts as abandoned: the engine's
 * timeout, and as long again for encoding and storing the picture.
 */
export function abandonedAfterMs(timeoutMs: number): number {
  return 2 * timeoutMs;
}

export const ABANDONED_MESSAGE = 'The server stopped before the image was finished.';

/**
 * Gives up the generations whose request ended without finishing them: the server was killed
 * after the row was written, perhaps after the debit, before the picture was stored. Each one
 * still processing well past the engine's timeout is marked failed and, when it was charged,
 * refunded once (see `giveUp`). Safe to run on several processes at once. Returns how many
 * were given up.
 */
export async function recoverAbandonedGenerations(
  db: Db,
  timeoutMs: number,
  log: { warn(details: object, message: string): void },
): Promise<number> {
  const abandoned = await db
    .select({ id: generations.id, userId: generations.userId })
    .from(generations)
    .where(
      and(
        eq(generations.status, 'processing'),
        lt(generations.createdAt, sql`now() - make_interval(secs => ${abandonedAfterMs(timeoutMs) / 1000})`),
      ),
    )
    .orderBy(generations.id)
    .limit(100);
  let given = 0;
  for (const row of abandoned) {
    if (!(await giveUp(db, row.id, ABANDONED_MESSAGE))) continue;
    given += 1;
    log.warn({ generationId: row.id, userId: row.userId }, 'an abandoned generation was given up');
  }
  return given;
}

/**
 * The zip of a generated picture: the image as drawn, the prompt and the generated-image licence,
 * in English and in the first of `languages` it is translated into.
 */
function generationZip(
  title: string,
  prompt: string,
  choice: { format: string; size: string },
  image: Buffer,
  languages: readonly string[],
): { filename: string; zip: Buffer } {
  const name = `${slugBase(title, 'image')}-${choice.size}`;
  const zip = zipSync({
    [`${name}.${choice.format}`]: [image, { level: 0 }],
    'prompt.txt': strToU8(`${prompt}\n`),
    ...licenceFiles(languages, 'generated'),
  });
  return { filename: `${name}.zip`, zip: Buffer.from(zip) };
}

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The user's finished generations, newest first, priced in the internal currency. */
export async function generationHistory(db: Db, userId: string, locale: string): Promise<Generation[]> {
  const [rows, settings] = await Promise.all([
    db
      .select()
      .from(generations)
      .where(and(eq(generations.userId, userId), eq(generations.status, 'done')))
      .orderBy(desc(generations.id))
      .limit(200),
    getStoredSettings(db, locale),
  ]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    prompt: row.prompt,
    format: row.format,
    size: row.size,
    price: minorUnitsToNumber(row.cost),
    currency: settings.internal_currency_name,
    created_at: row.createdAt.toISOString(),
    image: `/api/purchase/generations/${row.id}/image`,
  }));
}

/** A finished generation of this user; anyone else's, or one that failed, is not found. */
async function ownGeneration(db: Db, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.userId, userId), eq(generations.status, 'done')));
  if (!row?.imageKey) throw AppError.notFound();
  return { ...row, imageKey: row.imageKey };
}

/** The picture of a finished generation, to show on the page. */
export async function generationImage(db: Db, storage: Storage, userId: string, id: number) {
  const row = await ownGeneration(db, userId, id);
  const image = await storage.get('private', row.imageKey);
  if (!image) throw AppError.notFound();
  return { image, contentType: IMAGE_TYPES[row.format] ?? 'application/octet-stream' };
}

/** A finished generation again as its zip; each download is recorded for the back office. */
export async function generationDownload(
  db: Db,
  storage: Storage,
  userId: string,
  id: number,
  languages: readonly string[],
) {
  const row = await ownGeneration(db, userId, id);
  const image = await storage.get('private', row.imageKey);
  if (!image) throw AppError.notFound();
  await db.insert(generationDownloads).values({ generationId: row.id, userId });
  return generationZip(row.title, row.prompt, row, image, languages);
}

/**
 * Erases what the user wrote and drew when their account is deleted (decision 0046): the titles
 * and prompts of their generations (and the hash of the request that held them), and their
 * images. What was charged stays with the ledger.
 * Answers the images' private storage keys, for the caller to delete once the deletion is committed.
 */
export async function eraseGenerationsOf(tx: Db, userId: string): Promise<string[]> {
  const drawn = await tx
    .select({ imageKey: generations.imageKey })
    .from(generations)
    .where(eq(generations.userId, userId));
  await tx
    .update(generations)
    .set({ title: '', prompt: '', imageKey: null, requestHash: null })
    .where(eq(generations.userId, userId));
  return drawn.flatMap((generation) => (generation.imageKey ? [generation.imageKey] : []));
}
