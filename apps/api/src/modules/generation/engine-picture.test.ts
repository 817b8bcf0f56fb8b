import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage';
import { registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { recordingLog } from '../../test/log';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit, walletBalance } from '../wallet/wallet.service';
import type { ImageEngine } from './engine';
import { GenerationFailed, generateImage } from './generation.service';
import { generations } from './generation.tables';

// What an image engine answers comes from another system: a picture of a size no engine draws
// (a decompression bomb) is refused before it is decoded, and the buyer gets the credits back.

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

function generate(userId: string, engine: ImageEngine) {
  return generateImage(
    app.db,
    memoryStorage(),
    engine,
    {
      userId,
      title: 'Bomb',
      prompt: 'a lighthouse in a storm',
      choice: { format: 'png', width: 64, height: 64, size: '64x64' },
      locale: 'en',
      timeoutMs: 10_000,
      idempotencyKey: null,
      requestHash: null,
    },
    recordingLog(),
  );
}

describe('the picture an image engine answers', () => {
  it('of more than 50 million pixels is refused and the generation refunded', async () => {
    const { profile } = await registerVerifiedUser(app);
    await creditDeposit(app.db, {
      userId: profile.id,
      provider: 'sandbox',
      depositId: 9_200_001,
      amount: 5000,
    });
    // 8,000 × 8,000 of one colour: a few hundred kB as PNG, 192 MB once decoded.
    const bomb = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(generate(profile.id, { name: 'bomb', generate: async () => bomb })).rejects.toBeInstanceOf(
      GenerationFailed,
    );
    const [row] = await app.db.select().from(generations).where(eq(generations.userId, profile.id));
    expect(row?.status).toBe('failed');
    expect(row?.errorMessage).toMatch(/pixel limit/i);
    expect(await walletBalance(app.db, profile.id)).toBe(5000);
    expect(await ledgerProblems(app.db)).toEqual([]);
  });

  it('of an ordinary size is drawn as asked', async () => {
    const { profile } = await registerVerifiedUser(app);
    await creditDeposit(app.db, {
      userId: profile.id,
      provider: 'sandbox',
      depositId: 9_200_002,
      amount: 5000,
    });
    const picture = await sharp({
      create: { width: 1024, height: 1024, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .png()
      .toBuffer();
    const result = await generate(profile.id, { name: 'plain', generate: async () => picture });
    expect(result.generationId).toBeGreaterThan(0);
    expect(await walletBalance(app.db, profile.id)).toBeLessThan(5000);
  });
});
