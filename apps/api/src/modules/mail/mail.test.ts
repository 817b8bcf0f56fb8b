import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { recordingLog } from '../../test/log';
import { type ReceivedMail, startSmtpServer } from '../../test/smtp';
import { runDueJobs } from '../jobs/jobs.service';
import { jobs } from '../jobs/jobs.tables';
import {
  deliverDueMail,
  enqueueMail,
  fileSender,
  MAIL_QUEUE,
  MAX_ATTEMPTS,
  mailJob,
  pruneSentMail,
  smtpSender,
} from './mail.service';
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

  it('sends a newsletter mail with its one-click List-Unsubscribe headers, and other mail without', async () => {
    const smtp = await startSmtpServer();
    const url = 'https://shop.example/api/newsletter/unsubscribe?email=list%40example.test&token=abc';
    const mail = renderMail('newsletter-welcome', 'en', { url: 'https://shop.example/en' });
    await enqueueMail(database.db, { to: 'list@example.test', ...mail, unsubscribeUrl: url });
    await enqueueMail(database.db, { to: 'single@example.test', ...mail });
    await deliverDueMail(database.db, smtpSender(smtp.url, 'Shop <shop@example.test>'), log);
    await smtp.close();
    const raw = (to: string) => smtp.received.find((received) => received.to.includes(to))?.raw ?? '';
    const unfolded = raw('list@example.test').replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toContain(`List-Unsubscribe: <${url}>`);
    expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw('single@example.test')).toContain(
      'Subject: You are subscribed to the PromptMarket newsletter',
    );
    expect(raw('single@example.test')).not.toContain('List-Unsubscribe');
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

describe('a mail sent again', () => {
  const messageIdIn = (raw: string | undefined) => /^Message-ID: *(.+?)\r?$/im.exec(raw ?? '')?.[1];
  const receivedBy = (received: ReceivedMail[], recipient: string) =>
    received.filter((mail) => mail.to.includes(recipient));

  async function queued(to: string) {
    await enqueueMail(database.db, { to, subject: 's', text: 't', html: '<p>t</p>' });
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  }

  /** The mail's job, due now: as the worker finds it once its retry delay or its lease has passed. */
  async function makeDue(mailId: string) {
    await database.db
      .update(jobs)
      .set({ status: 'pending', runAt: new Date(0), lockedUntil: null })
      .where(and(sql`${jobs.payload}->>'mailId' = ${mailId}`, eq(jobs.status, 'pending')));
  }

  /**
   * The database refuses the first `times` writes of 'sent' for mail to `recipient`, as a
   * connection lost between the send and the status write would. A sequence counts the writes,
   * since it keeps its value when the failing statement rolls back.
   */
  async function failSentWrites(recipient: string, times: number) {
    const statements = [
      'create sequence mail_sent_writes',
      `create function fail_sent_writes() returns trigger language plpgsql as $$
       begin
         if new.status = 'sent' and new.recipient = '${recipient}'
            and nextval('mail_sent_writes') <= ${times} then
           raise exception 'the connection to the database was lost';
         end if;
         return new;
       end $$`,
      `create trigger fail_sent_writes before update on mail_outbox
       for each row execute function fail_sent_writes()`,
    ];
    for (const statement of statements) await database.db.execute(sql.raw(statement));
    return async () => {
      await database.db.execute(sql.raw('drop trigger fail_sent_writes on mail_outbox'));
      await database.db.execute(sql.raw('drop function fail_sent_writes'));
      await database.db.execute(sql.raw('drop sequence mail_sent_writes'));
    };
  }

  it('carries one Message-ID on every send of a mail, and another for each other mail', async () => {
    const smtp = await startSmtpServer();
    const first = await queued('first-id@example.test');
    const second = await queued('second-id@example.test');
    const sender = smtpSender(smtp.url, 'Shop <shop@example.test>');
    await sender.send(first);
    await sender.send(first);
    await sender.send(second);
    await smtp.close();
    const ids = smtp.received.map((mail) => messageIdIn(mail.raw));
    expect(ids[0]).toBe(`<mail-${first.id}@example.test>`);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).toBe(`<mail-${second.id}@example.test>`);

    const directory = mkdtempSync(path.join(tmpdir(), 'pm-mail-'));
    const files = fileSender(directory, 'shop@example.test', () => undefined, { logLinks: false });
    await files.send(first);
    const written = readdirSync(directory).map((file) => readFileSync(path.join(directory, file), 'utf8'));
    rmSync(directory, { recursive: true, force: true });
    expect(messageIdIn(written[0])).toBe(`<mail-${first.id}@example.test>`);
  });

  it('writes the sent status again, not the mail, when the database fails after the send', async () => {
    const smtp = await startSmtpServer();
    const sender = smtpSender(smtp.url, 'shop@example.test');
    const mail = await queued('flaky-once@example.test');
    const repair = await failSentWrites(mail.recipient, 1);
    try {
      await deliverDueMail(database.db, sender, log);
      await makeDue(mail.id);
      await deliverDueMail(database.db, sender, log);
    } finally {
      await repair();
      await smtp.close();
    }
    expect(receivedBy(smtp.received, mail.recipient)).toHaveLength(1);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row?.status).toBe('sent');
  });

  it('fails the job when the status cannot be written, and sends under the same Message-ID next time', async () => {
    const smtp = await startSmtpServer();
    const handlers = {
      [MAIL_QUEUE]: mailJob(database.db, smtpSender(smtp.url, 'shop@example.test'), {
        sentStatusRetryMs: [1],
      }),
    };
    const mail = await queued('flaky-long@example.test');
    const repair = await failSentWrites(mail.recipient, 3);
    try {
      await runDueJobs(database.db, handlers, log);
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
      expect(row?.status).toBe('pending');
      expect(receivedBy(smtp.received, mail.recipient)).toHaveLength(1);
      await makeDue(mail.id);
      await runDueJobs(database.db, handlers, log);
    } finally {
      await repair();
      await smtp.close();
    }
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row?.status).toBe('sent');
    const sent = receivedBy(smtp.received, mail.recipient);
    expect(sent).toHaveLength(2);
    expect(messageIdIn(sent[1]?.raw)).toBe(messageIdIn(sent[0]?.raw));
    expect(messageIdIn(sent[0]?.raw)).toBe(`<mail-${mail.id}@example.test>`);
  });
});

describe('sent mail in the outbox', () => {
  it('leaves the outbox a month after it went out; pending mail and recent mail stay', async () => {
    const mail = { subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
    const rows = await database.db
      .insert(mailOutbox)
      .values([
        {
          ...mail,
          recipient: 'old.sent@example.test',
          status: 'sent',
          createdAt: sql`now() - interval '31 days'`,
        },
        {
          ...mail,
          recipient: 'old.failed@example.test',
          status: 'failed',
          createdAt: sql`now() - interval '40 days'`,
        },
        {
          ...mail,
          recipient: 'old.pending@example.test',
          status: 'pending',
          createdAt: sql`now() - interval '40 days'`,
        },
        {
          ...mail,
          recipient: 'new.sent@example.test',
          status: 'sent',
          createdAt: sql`now() - interval '29 days'`,
        },
      ])
      .returning({ recipient: mailOutbox.recipient });
    expect(rows).toHaveLength(4);
    expect(await pruneSentMail(database.db)).toBe(2);
    const left = await database.db
      .select({ recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.recipient,
          rows.map((row) => row.recipient),
        ),
      );
    expect(left.map((row) => row.recipient).sort()).toEqual([
      'new.sent@example.test',
      'old.pending@example.test',
    ]);
  });
});
