import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { startSmtpServer } from '../../test/smtp';
import { deliverDueMail, enqueueMail, fileSender, MAX_ATTEMPTS, smtpSender } from './mail.service';
import { mailOutbox } from './mail.tables';
import { renderMail } from './mail.templates';

let database: TestDatabase;
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
    const sent = await deliverDueMail(database.db, smtpSender(smtp.url, 'Shop <shop@example.test>'));
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
    expect(await deliverDueMail(database.db, smtpSender(smtp.url, 'shop@example.test'))).toBe(0);
    await smtp.close();
  });

  it('retries a failed delivery later and gives up after the last attempt', async () => {
    await enqueueMail(database.db, { to: 'bob@example.test', subject: 's', text: 't', html: '<p>t</p>' });
    const failing = { send: async () => Promise.reject(new Error('connection refused')) };
    await deliverDueMail(database.db, failing);
    let [row] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'bob@example.test'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is tried.
    expect(await deliverDueMail(database.db, failing)).toBe(0);

    await database.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, row?.id ?? ''));
    await deliverDueMail(database.db, failing);
    [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'bob@example.test'));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
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
