import { describe, expect, it } from 'vitest';
import { crashRun } from '../scripts/crash-test.mjs';

// DESIGN section 3: a crash in the middle of money work loses nothing. The short run of
// `npm run crash-test`: the production server on a fresh database is killed with SIGKILL three
// times while users pay deposits, buy prompts, check out carts, generate images and sell their
// works, and restarted on the same database; then every acknowledged operation must be there,
// no retry may have charged twice, every generation cut off must have been refunded, and the
// ledger must hold together.
const adminUrl = process.env.TEST_DATABASE_URL;
const quiet = () => undefined;

function expectSound(report: Awaited<ReturnType<typeof crashRun>>) {
  expect(report.problems).toEqual([]);
  expect(report.kills).toBe(3);
  const names = Object.keys(report.operations);
  // Money moved: deposits were paid, and prompts were bought or images drawn.
  expect(names.some((name) => name.startsWith('deposit'))).toBe(true);
  expect(names.some((name) => /^(purchase|cart checkout|generation)/.test(name))).toBe(true);
}

// A short run takes under a minute alone on two cores, and longer beside the other run and a
// loaded machine: the limit is there to end a hung run, not to time one.
// The two runs are independent (their own database, port and data directory): they run side by
// side, so that one's waits (kills, restarts, the recovery's time) overlap the other's.
describe.concurrent('the server killed in the middle of money work', () => {
  it('loses nothing and charges nothing twice on the embedded database', async () => {
    expectSound(await crashRun({ database: 'pglite', mode: 'short', log: quiet }));
  }, 480_000);

  it.runIf(Boolean(adminUrl))(
    'loses nothing and charges nothing twice on PostgreSQL',
    async () => {
      expectSound(await crashRun({ database: 'postgres', mode: 'short', adminUrl, log: quiet }));
    },
    480_000,
  );
});
