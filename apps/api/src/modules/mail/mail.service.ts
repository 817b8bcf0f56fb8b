import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Db } from '../../db/client';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../../lib/owner-only';
import { enqueueJob, type JobHandler, type JobLog, runDueJobs } from '../jobs/jobs.service';
import { mailOutbox, type OutboxMail } from './mail.tables';
import type { RenderedMail } from './mail.templates';

/** A mail to send; a newsletter mail names its one-click unsubscribe address. */
export type OutgoingMail = RenderedMail & { to: string; unsubscribeUrl?: string };

/** Where mail goes: an SMTP server, or files when none is configured. */
export type MailSender = { send(mail: OutboxMail): Promise<void> };

/** Puts a mail in the outbox with the job that delivers it. Pass the transaction of the change that causes it. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      unsubscribeUrl: mail.unsubscribeUrl ?? null,
    })
    .returning({ id: mailOutbox.id });
  await enqueueJob(db, MAIL_QUEUE, { mailId: row?.id }, { maxAttempts: MAX_ATTEMPTS });
}

export const MAIL_QUEUE = 'mail';
export const MAX_ATTEMPTS = 8;

/**
 * The waits before writing a sent mail's status again: 0.25 s doubling, about 30 s in all. A
 * database that fails for a moment after the send then costs a short wait, not a second mail.
 */
export const SENT_STATUS_RETRY_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000];

/**
 * The mail queue's handler: sends the mail and marks it sent. A failed send is retried by the job
 * worker with a growing delay; after MAX_ATTEMPTS the mail is marked failed. Once the mail is
 * sent, only the status write is tried again (`sentStatusRetryMs`); if it still fails the job
 * fails, and its next attempt sends the mail again under the same Message-ID (decision 0044).
 */
export function mailJob(
  db: Db,
  sender: MailSender,
  { sentStatusRetryMs = SENT_STATUS_RETRY_MS }: { sentStatusRetryMs?: readonly number[] } = {},
): JobHandler<{ mailId: string }> {
  return {
    async run({ mailId }) {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
      if (!mail || mail.status === 'sent') return;
      await sender.send(mail);
      await withRetries(() => markSent(db, mailId), sentStatusRetryMs);
    },
    async onDead({ mailId }) {
      await db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, mailId));
    },
  };
}

async function markSent(db: Db, mailId: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, mailId));
}

/** Runs `work`, and again after each of the waits while it fails; the last failure is thrown. */
async function withRetries(work: () => Promise<void>, waitsMs: readonly number[]): Promise<void> {
  for (const wait of waitsMs) {
    try {
      return await work();
    } catch {
      await sleep(wait);
    }
  }
  return work();
}

/** How long a sent (or given up) mail stays in the outbox: its recipient and text are personal data. */
export const SENT_MAIL_KEPT_DAYS = 30;

/**
 * Removes the outbox's mails sent or given up more than `days` ago (decision 0046): what stays of
 * a deleted account's last mail, its address and name, is gone a month after it went out.
 */
export async function pruneSentMail(db: Db, days = SENT_MAIL_KEPT_DAYS): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(
      sql`${mailOutbox.status} in ('sent', 'failed') and ${mailOutbox.createdAt} < now() - make_interval(days => ${days})`,
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}

/** Runs the mail queue's due jobs once; returns how many mails were sent. */
export function deliverDueMail(db: Db, sender: MailSender, log: JobLog): Promise<number> {
  return runDueJobs(db, { [MAIL_QUEUE]: mailJob(db, sender) }, log);
}

/**
 * The Message-ID of an outbox mail, `<mail-{id}@{the sender's domain}>`: every send of one mail
 * carries the same, so a mail sent twice (the database failed after the send) is one message
 * to mail clients, which fold copies of one Message-ID, and recognisable in the server's logs.
 */
export function messageIdOf(mail: Pick<OutboxMail, 'id'>, from: string): string {
  const [sender] = addressparser(from, { flatten: true });
  const domain = sender?.address.split('@').at(-1) || 'localhost';
  return `<mail-${mail.id}@${domain}>`;
}

/** What nodemailer sends for an outbox mail, the same for both senders. */
function messageOf(mail: OutboxMail, from: string) {
  return {
    from,
    to: mail.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageIdOf(mail, from),
    // A list's mail: mail programs show an unsubscribe button that posts to the address (RFC 8058).
    ...(mail.unsubscribeUrl
      ? {
          list: { unsubscribe: mail.unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}

export function smtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail(messageOf(mail, from));
    },
  };
}

/**
 * Without SMTP: each mail becomes an .eml file. With `logLinks` (development only) its links are
 * logged so a developer can follow them; elsewhere they hold reset tokens and stay out of logs.
 */
export function fileSender(
  directory: string,
  from: string,
  log: (message: string) => void,
  { logLinks }: { logLinks: boolean },
): MailSender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(messageOf(mail, from));
      // Mails hold password-reset links: the owner's alone, whatever the umask.
      await mkdir(directory, { recursive: true, mode: OWNER_ONLY_FOLDER });
      const file = path.join(
        directory,
        `${mail.createdAt.toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: OWNER_ONLY_FILE });
      const links = logLinks ? (mail.text.match(/https?:\/\/\S+/g) ?? []) : [];
      log(
        `mail to ${mail.recipient} "${mail.subject}" written to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`,
      );
    },
  };
}

/**
 * Erases the outbox's mails to an address, and those that name it in their text (the contact
 * form's notice to the support address), when its account is deleted (decision 0046). A mail not
 * sent yet goes too: its job then finds nothing to send. Pass the deletion's transaction.
 */
export async function eraseMailsOf(tx: Db, address: string): Promise<void> {
  const named = address.trim().toLowerCase();
  const candidates = await tx
    .select({ id: mailOutbox.id, recipient: mailOutbox.recipient, text: mailOutbox.text })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.recipient}) = ${named} or strpos(lower(${mailOutbox.text}), ${named}) > 0`);
  // Named as a whole address: `ann@example.test` is not a part of `joann@example.test`.
  const escaped = named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const whole = new RegExp(`(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9.-]|\\.($|[^a-z0-9-]))`);
  const ids = candidates
    .filter((mail) => mail.recipient.trim().toLowerCase() === named || whole.test(mail.text.toLowerCase()))
    .map((mail) => mail.id);
  if (ids.length > 0) await tx.delete(mailOutbox).where(inArray(mailOutbox.id, ids));
}
