import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { enqueueJob, type JobHandler, type JobLog, runDueJobs } from '../jobs/jobs.service';
import { mailOutbox, type OutboxMail } from './mail.tables';
import type { RenderedMail } from './mail.templates';

export type OutgoingMail = RenderedMail & { to: string };

/** Where mail goes: an SMTP server, or files when none is configured. */
export type MailSender = { send(mail: OutboxMail): Promise<void> };

/** Puts a mail in the outbox with the job that delivers it. Pass the transaction of the change that causes it. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
    .returning({ id: mailOutbox.id });
  await enqueueJob(db, MAIL_QUEUE, { mailId: row?.id }, { maxAttempts: MAX_ATTEMPTS });
}

export const MAIL_QUEUE = 'mail';
export const MAX_ATTEMPTS = 8;

/**
 * The mail queue's handler: sends the mail and marks it sent. A failure is retried by the job
 * worker with a growing delay; after MAX_ATTEMPTS the mail is marked failed.
 */
export function mailJob(db: Db, sender: MailSender): JobHandler<{ mailId: string }> {
  return {
    async run({ mailId }) {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
      if (!mail || mail.status === 'sent') return;
      await sender.send(mail);
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date() })
        .where(eq(mailOutbox.id, mailId));
    },
    async onDead({ mailId }) {
      await db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, mailId));
    },
  };
}

/** Runs the mail queue's due jobs once; returns how many mails were sent. */
export function deliverDueMail(db: Db, sender: MailSender, log: JobLog): Promise<number> {
  return runDueJobs(db, { [MAIL_QUEUE]: mailJob(db, sender) }, log);
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
