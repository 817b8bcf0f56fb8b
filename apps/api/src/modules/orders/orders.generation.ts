import { formatMinorUnits, validationText } from '@promptmarket/contracts';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Storage } from '../../lib/storage';
import type { ImageEngine } from '../generation/engine';
import { getStoredSettings } from '../site/site.service';
import { internalFromEurCents } from '../wallet/rates';
import { debitWallet, refund, walletBalance } from '../wallet/wallet.service';
import { type DownloadChoice, encodeImage, LICENCE_TEXT } from './orders.downloads';
import { PurchaseRefused } from './orders.service';
import { generations } from './orders.tables';

/** A generation that failed after it was paid: refunded in full, answered with this message. */
export class GenerationFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GenerationFailed';
  }
}

export const GENERATION_FAILED_MESSAGE =
  'The image could not be generated. The cost has been refunded to your balance.';

export type GenerationInput = {
  userId: string;
  title: string;
  prompt: string;
  choice: DownloadChoice;
  locale: string;
  timeoutMs: number;
};

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60) || 'image';

/**
 * Charges the generation cost, draws the picture with the engine (given up after the timeout),
 * and answers it as a zip. Debit first, refund by a compensating move if the engine fails: never
 * a charge without a delivered image (DESIGN section 3).
 */
export async function generateImage(
  db: Db,
  storage: Storage,
  engine: ImageEngine,
  input: GenerationInput,
  log: { error(details: object, message: string): void },
): Promise<{ filename: string; zip: Buffer; generationId: number }> {
  const settings = await getStoredSettings(db, input.locale);
  const cost = internalFromEurCents(
    settings.image_generation_cost_cents,
    settings.internal_currency_rate_eur,
  );
  const [generation] = await db
    .insert(generations)
    .values({
      userId: input.userId,
      title: input.title,
      prompt: input.prompt,
      format: input.choice.format,
      size: input.choice.size,
      engine: engine.name,
      cost,
    })
    .returning();
  if (!generation) throw new Error('generation not recorded');
  const key = `generation:${generation.id}`;
  const fail = (message: string) =>
    db
      .update(generations)
      .set({ status: 'failed', errorMessage: message })
      .where(eq(generations.id, generation.id));

  if (cost > 0) {
    try {
      await debitWallet(db, { userId: input.userId, amount: cost, key, kind: 'generation', reference: key });
    } catch (error) {
      if (!(error instanceof AppError && error.fields?.balance)) throw error;
      const missing = Math.max(1, cost - (await walletBalance(db, input.userId)));
      const text = validationText('purchase.insufficient', input.locale).replace(
        '{{amount}}',
        `${formatMinorUnits(missing)} ${settings.internal_currency_name}`,
      );
      await fail(text);
      throw new PurchaseRefused(text);
    }
  }

  let image: Buffer;
  try {
    const drawn = await engine.generate(input.prompt, AbortSignal.timeout(input.timeoutMs));
    image = await encodeImage(
      sharp(drawn).resize(input.choice.width, input.choice.height, { fit: 'cover' }),
      input.choice.format,
    ).toBuffer();
    const imageKey = `generations/${generation.id}.${input.choice.format}`;
    await storage.put('private', imageKey, image);
    await db.update(generations).set({ status: 'done', imageKey }).where(eq(generations.id, generation.id));
  } catch (error) {
    log.error({ err: error, generationId: generation.id, engine: engine.name }, 'image generation failed');
    if (cost > 0) await refund(db, { originalKey: key, key: `${key}:refund` });
    await fail(error instanceof Error ? error.message.slice(0, 500) : String(error));
    throw new GenerationFailed(GENERATION_FAILED_MESSAGE);
  }

  const name = slugOf(input.title);
  const zip = zipSync({
    [`${name}-${input.choice.size}.${input.choice.format}`]: [image, { level: 0 }],
    'prompt.txt': strToU8(`${input.prompt}\n`),
    'LICENSE.txt': strToU8(LICENCE_TEXT),
  });
  return { filename: `${name}-${input.choice.size}.zip`, zip: Buffer.from(zip), generationId: generation.id };
}
