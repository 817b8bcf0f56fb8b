import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { recordingLog } from '../../test/log';
import { startSmtpServer } from '../../test/smtp';
import { jobs } from '../jobs/jobs.tables';
import { deliverDueMail, enqueueMail, fileSender, MAX_ATTEMPTS, smtpSender } from './mail.service';
import { mailOutbox } from './mail.tables';
import { renderMail } from './mail.templates';

let database: TestDatabase;
const log = recordingLog();
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

describe('renderMail', () => {
  it('writes the mail in the recipient’s language, English otherwise, escaping every value in HTML', () => {
    const german = renderMail('verify-email', 'de', {
      name: 'Jörg',
      url: 'https://shop.example/de/x?a=1&b=2',
    });
    expect(german.subject).toBe('Bestätige deine E-Mail-Adresse');
    expect(german.text).toContain('Hallo Jörg,');
    expect(german.text).toContain('https://shop.example/de/x?a=1&b=2');
    expect(german.html).toContain('href="https://shop.example/de/x?a=1&amp;b=2"');
    const fallback = renderMail('reset-password', 'xx', { name: '<script>', url: 'https://shop.example' });
    expect(fallback.subject).toBe('Reset your password');
    expect(fallback.html).not.toContain('<script>');
    expect(fallback.html).toContain('&lt;script&gt;');
  });
});

describe('the outbox', () => {
  it('delivers queued mail over real SMTP and marks it sent', async () => {
    const smtp = await startSmtpServer();
    const mail = renderMail('verify-email', 'en', {
      name: 'Ada',
      url: 'https://shop.example/en/email/verify/1',
    });
    await enqueueMail(database.db, { to: 'ada@example.test', ...mail });
    const sent = await deliverDueMail(database.db, smtpSender(smtp.url, 'Shop <shop@example.test>'), log);
    expect(sent).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['ada@example.test']);
    expect(smtp.received[0]?.raw).toContain('Subject: Verify your e-mail address');
    expect(smtp.received[0]?.raw).toContain('https://shop.example/en/email/verify/1');
    const [row] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'ada@example.test'));
    expect(row?.status).toBe('sent');
    expect(await deliverDueMail(database.db, smtpSender(smtp.url, 'shop@example.test'), log)).toBe(0);
    await smtp.close();
  });

  it('retries a failed delivery later, logging each failure, and gives up after the last attempt', async () => {
    await enqueueMail(database.db, { to: 'bob@example.test', subject: 's', text: 't', html: '<p>t</p>' });
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'bob@example.test'));
    const jobOf = async () =>
      (await database.db.select().from(jobs)).find((job) => job.payload.mailId === mail?.id);
    const failing = { send: async () => Promise.reject(new Error('connection refused')) };
    expect(await deliverDueMail(database.db, failing, log)).toBe(0);
    let job = await jobOf();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(log.entries.at(-1)).toMatchObject({ level: 'warn', details: { queue: 'mail', attempts: 1 } });
    // Not due yet: nothing is tried.
    const logged = log.entries.length;
    expect(await deliverDueMail(database.db, failing, log)).toBe(0);
    expect(log.entries).toHaveLength(logged);

    await database.db
      .update(jobs)
      .set({ attempts: MAX_ATTEMPTS - 1, runAt: new Date(0) })
      .where(eq(jobs.id, job?.id ?? ''));
    await deliverDueMail(database.db, failing, log);
    job = await jobOf();
    expect(job).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS });
    expect(log.entries.at(-1)).toMatchObject({ level: 'error', details: { queue: 'mail' } });
    const [row] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mail?.id ?? ''));
    expect(row?.status).toBe('failed');
  });

  it('writes the mail and its delivery job in the transaction of the change, or neither', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rollback@example.test', subject: 's', text: 't', html: 't' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(
      await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'rollback@example.test')),
    ).toEqual([]);
    const pending = await database.db.select().from(jobs).where(eq(jobs.status, 'pending'));
    const mails = await database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    for (const job of pending) expect(mails.map((mail) => mail.id)).toContain(job.payload.mailId);
  });

  async function writeResetMailToFile(logLinks: boolean) {
    const directory = mkdtempSync(path.join(tmpdir(), 'pm-mail-'));
    const logged: string[] = [];
    await enqueueMail(database.db, {
      to: 'eve@example.test',
      ...renderMail('reset-password', 'en', {
        name: 'Eve',
        url: 'https://shop.example/en/reset-password?token=abc',
      }),
    });
    await deliverDueMail(
      database.db,
      fileSender(directory, 'shop@example.test', (line) => logged.push(line), { logLinks }),
      log,
    );
    const files = readdirSync(directory);
    const written = files.map((file) => readFileSync(path.join(directory, file), 'utf8'));
    rmSync(directory, { recursive: true, force: true });
    return { written, logged };
  }

  it('writes mail to .eml files when no SMTP server is configured, logging its links in development', async () => {
    const { written, logged } = await writeResetMailToFile(true);
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('To: eve@example.test');
    expect(logged[0]).toContain('https://shop.example/en/reset-password?token=abc');
  });

  it('keeps links, and the reset tokens in them, out of the log outside development', async () => {
    const { written, logged } = await writeResetMailToFile(false);
    expect(written).toHaveLength(1);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('eve@example.test');
    expect(logged[0]).not.toContain('token=abc');
    expect(logged[0]).not.toContain('https://shop.example');
  });
});
