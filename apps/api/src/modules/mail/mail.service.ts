import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox, type OutboxMail } from './mail.tables';
import type { RenderedMail } from './mail.templates';

export type OutgoingMail = RenderedMail & { to: string };

/** Where mail goes: an SMTP server, or files when none is configured. */
export type MailSender = { send(mail: OutboxMail): Promise<void> };

/** Puts a mail in the outbox. Pass the transaction of the change that causes it. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
}

export const MAX_ATTEMPTS = 8;
const LEASE = sql`now() + interval '5 minutes'`;

function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** attempts, 6 * 60 * 60);
}

/**
 * Sends the mails that are due. Each batch is first leased (moved 5 minutes ahead) with
 * SKIP LOCKED, so several processes never send the same mail; a failure is retried with
 * a growing delay and given up after MAX_ATTEMPTS.
 */
export async function deliverDueMail(db: Db, sender: MailSender, batchSize = 20): Promise<number> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: LEASE })
    .where(inArray(mailOutbox.id, due))
    .returning();

  let sent = 0;
  for (const mail of leased) {
    try {
      await sender.send(mail);
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, mail.id));
      sent += 1;
    } catch (error) {
      const attempts = mail.attempts + 1;
      await db
        .update(mailOutbox)
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
        })
        .where(eq(mailOutbox.id, mail.id));
    }
  }
  return sent;
}

export function smtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
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
      const info = await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await mkdir(directory, { recursive: true });
      const file = path.join(
        directory,
        `${mail.createdAt.toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      const links = logLinks ? (mail.text.match(/https?:\/\/\S+/g) ?? []) : [];
      log(
        `mail to ${mail.recipient} "${mail.subject}" written to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`,
      );
    },
  };
}

/** Delivers due mail every `intervalMs` until stopped. */
export function startMailWorker(
  db: Db,
  sender: MailSender,
  onError: (error: unknown) => void,
  intervalMs = 1000,
) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverDueMail(db, sender);
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
