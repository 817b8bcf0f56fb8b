import { eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../db/client';
import { memoryStorage } from '../../lib/storage';
import { registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { recordingLog } from '../../test/log';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit, debitWallet, findMove, walletBalance } from '../wallet/wallet.service';
import { ledgerTransactions } from '../wallet/wallet.tables';
import type { ImageEngine } from './engine';
import {
  ABANDONED_MESSAGE,
  GenerationFailed,
  generateImage,
  recoverAbandonedGenerations,
} from './generation.service';
import { generations } from './generation.tables';

// A server killed with SIGKILL between a generation's debit and its picture leaves the row
// processing and the user charged. These tests play that crash in process: an engine that never
// answers stands for the dead server, and the recovery must refund the generation once.

let app: TestApp;
let depositId = 9_100_000;
const storage = memoryStorage();
const choice = { format: 'png' as const, width: 64, height: 64, size: '64x64' };
const TIMEOUT_MS = 100;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function funded(amount: number) {
  const { profile } = await registerVerifiedUser(app);
  depositId += 1;
  await creditDeposit(app.db, { userId: profile.id, provider: 'sandbox', depositId, amount });
  return profile.id;
}

/** An engine that answers only when told to, ignoring its timeout, as a process that froze or died. */
function frozenEngine() {
  let release: (image: Buffer) => void = () => undefined;
  const answered = new Promise<Buffer>((resolve) => {
    release = resolve;
  });
  const engine: ImageEngine = { name: 'frozen', generate: () => answered };
  return { engine, release: (image: Buffer) => release(image) };
}

function startGeneration(db: TestApp['db'], userId: string, engine: ImageEngine) {
  return generateImage(
    db,
    storage,
    engine,
    {
      userId,
      title: 'Cut off',
      prompt: 'a lighthouse in a storm',
      choice,
      locale: 'en',
      timeoutMs: TIMEOUT_MS,
      idempotencyKey: null,
      requestHash: null,
    },
    recordingLog(),
  );
}

async function generationsOf(userId: string) {
  return app.db.select().from(generations).where(eq(generations.userId, userId)).orderBy(generations.id);
}

async function refundsOf(generationId: number) {
  return app.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `generation:${generationId}:refund`));
}

/** A generation row as a crash leaves it: still processing, written `ageSeconds` ago. */
async function leftProcessing(userId: string, ageSeconds: number) {
  const [row] = await app.db
    .insert(generations)
    .values({
      userId,
      title: 'Left behind',
      prompt: 'a ship in a bottle',
      format: 'png',
      size: '64x64',
      engine: 'local',
      cost: 100,
      createdAt: sql`now() - make_interval(secs => ${ageSeconds})`,
    })
    .returning();
  if (!row) throw new Error('no generation');
  return row;
}

describe('recovery of generations cut off between debit and picture', () => {
  it('refunds a paid generation whose request never finished, once, and the late request delivers nothing', async () => {
    const userId = await funded(500);
    const { engine, release } = frozenEngine();
    const request = startGeneration(app.db, userId, engine);
    // The debit is made, then the engine never answers.
    await expect.poll(() => walletBalance(app.db, userId)).toBe(400);
    const [cut] = await generationsOf(userId);
    expect(cut).toMatchObject({ status: 'processing', cost: 100 });

    // Within twice the timeout it may still be finished: the recovery leaves it alone.
    const log = recordingLog();
    expect(await recoverAbandonedGenerations(app.db, 60_000, log)).toBe(0);
    expect((await generationsOf(userId))[0]?.status).toBe('processing');

    await wait(2 * TIMEOUT_MS + 50);
    expect(await recoverAbandonedGenerations(app.db, TIMEOUT_MS, log)).toBe(1);
    const [given] = await generationsOf(userId);
    expect(given).toMatchObject({ status: 'failed', errorMessage: ABANDONED_MESSAGE, imageKey: null });
    expect(await walletBalance(app.db, userId)).toBe(500);
    expect(await refundsOf(given?.id ?? 0)).toHaveLength(1);
    expect(log.entries).toEqual([
      expect.objectContaining({ level: 'warn', details: { generationId: given?.id, userId } }),
    ]);

    // Running again finds nothing more to do.
    expect(await recoverAbandonedGenerations(app.db, TIMEOUT_MS, log)).toBe(0);
    expect(await walletBalance(app.db, userId)).toBe(500);

    // Had the process only frozen, its late picture is not delivered: the user was refunded.
    release(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    await expect(request).rejects.toBeInstanceOf(GenerationFailed);
    const [after] = await generationsOf(userId);
    expect(after).toMatchObject({ status: 'failed', imageKey: null });
    expect(await storage.exists('private', `generations/${after?.id}.png`)).toBe(false);
    expect(await walletBalance(app.db, userId)).toBe(500);
    expect(await refundsOf(after?.id ?? 0)).toHaveLength(1);
  });

  it('marks failed a generation whose debit never happened, and refunds nothing', async () => {
    const userId = await funded(500);
    const row = await leftProcessing(userId, 10);
    expect(await recoverAbandonedGenerations(app.db, 1000, recordingLog())).toBe(1);
    expect((await generationsOf(userId))[0]).toMatchObject({
      status: 'failed',
      errorMessage: ABANDONED_MESSAGE,
    });
    expect(await findMove(app.db, `generation:${row.id}`)).toBeNull();
    expect(await refundsOf(row.id)).toEqual([]);
    expect(await walletBalance(app.db, userId)).toBe(500);
  });

  it('leaves finished and failed generations as they are', async () => {
    const userId = await funded(500);
    const done = await leftProcessing(userId, 10);
    await debitWallet(app.db, {
      userId,
      amount: 100,
      key: `generation:${done.id}`,
      kind: 'generation',
      reference: `generation:${done.id}`,
    });
    await app.db
      .update(generations)
      .set({ status: 'done', imageKey: 'generations/x.png' })
      .where(eq(generations.id, done.id));
    const failed = await leftProcessing(userId, 10);
    await app.db.update(generations).set({ status: 'failed' }).where(eq(generations.id, failed.id));
    expect(await recoverAbandonedGenerations(app.db, 1000, recordingLog())).toBe(0);
    expect((await generationsOf(userId)).map((row) => row.status)).toEqual(['done', 'failed']);
    expect(await walletBalance(app.db, userId)).toBe(400);
  });

  it('refunds each generation once when two processes recover at the same time', async () => {
    const users = await Promise.all([funded(2000), funded(2000), funded(2000)]);
    const cut: number[] = [];
    for (const userId of users) {
      for (let index = 0; index < 8; index += 1) {
        const row = await leftProcessing(userId, 30);
        // Every other one was charged before the crash.
        if (index % 2 === 0) {
          await debitWallet(app.db, {
            userId,
            amount: 100,
            key: `generation:${row.id}`,
            kind: 'generation',
            reference: `generation:${row.id}`,
          });
        }
        cut.push(row.id);
      }
    }
    for (const userId of users) expect(await walletBalance(app.db, userId)).toBe(1600);

    // On PostgreSQL the second recovery is another process: a connection pool of its own.
    let other: Database | null = null;
    if (app.testDatabase.kind === 'postgres' && app.testDatabase.url) {
      other = await openPostgres(app.testDatabase.url, 4);
    }
    try {
      const recoveries = [app.db, other?.db ?? app.db, app.db, other?.db ?? app.db].map((db) =>
        recoverAbandonedGenerations(db, 1000, recordingLog()),
      );
      const given = await Promise.all(recoveries);
      expect(given.reduce((sum, count) => sum + count, 0)).toBe(cut.length);
    } finally {
      await other?.close();
    }
    for (const userId of users) expect(await walletBalance(app.db, userId)).toBe(2000);
    const refunds = await app.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, 'generation:%:refund'));
    const refunded = cut.filter((id) => refunds.some((row) => row.key === `generation:${id}:refund`));
    expect(refunded).toHaveLength(cut.length / 2);
    const rows = await app.db.select().from(generations);
    expect(rows.filter((row) => cut.includes(row.id)).every((row) => row.status === 'failed')).toBe(true);
  });
});

describe('a generation asked for again with its Idempotency-Key', () => {
  it('answers 409 while the first request still draws, then the same picture, charged once', async () => {
    const userId = await funded(500);
    const { engine, release } = frozenEngine();
    const keyed = () =>
      generateImage(
        app.db,
        storage,
        engine,
        {
          userId,
          title: 'Asked twice',
          prompt: 'a lighthouse in a storm',
          choice,
          locale: 'en',
          timeoutMs: TIMEOUT_MS,
          idempotencyKey: `twice-${userId}`,
          requestHash: 'the same request',
        },
        recordingLog(),
      );
    const first = keyed();
    await expect.poll(() => walletBalance(app.db, userId)).toBe(400);
    await expect(keyed()).rejects.toMatchObject({ code: 'CONFLICT', message: 'request.in_progress' });
    release(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#345678' } })
        .png()
        .toBuffer(),
    );
    const drawn = await first;
    const again = await keyed();
    expect([again.generationId, again.filename]).toEqual([drawn.generationId, drawn.filename]);
    expect(await walletBalance(app.db, userId)).toBe(400);
    expect(await generationsOf(userId)).toHaveLength(1);
  });
});
