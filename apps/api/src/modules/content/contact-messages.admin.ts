import type {
  AdminContactMessageItem,
  adminContactMessagesQuery,
} from '@promptmarket/contracts/admin-messages';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { escapeHtml } from '../../lib/escape-html';
import { foldedContains } from '../../lib/folded-search';
import { accountEmails } from '../accounts/accounts.admin';
import { enqueueMail } from '../mail/mail.service';
import { type ContactMessageRow, contactMessageReplies, contactMessages } from './content.tables';

/**
 * The contact form's messages as the back office handles them: listed open or handled (hidden
 * ones left out), searched by name, e-mail, subject or text whatever the case and accents, answered by
 * mail in the language the visitor wrote in (the reply kept in the message's thread), marked
 * handled or open again, and hidden. Each change takes the caller's transaction, in which the
 * back office writes its audit entry.
 */

/** The messages of one page, newest first, each with its replies oldest first. */
export async function contactMessagesForReview(
  db: Db,
  query: z.output<typeof adminContactMessagesQuery>,
): Promise<{ data: AdminContactMessageItem[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    isNull(contactMessages.hiddenAt),
    query.state === 'open'
      ? isNull(contactMessages.handledAt)
      : query.state === 'handled'
        ? isNotNull(contactMessages.handledAt)
        : undefined,
    query.search
      ? foldedContains(
          query.search,
          contactMessages.email,
          contactMessages.name,
          contactMessages.subject,
          contactMessages.message,
        )
      : undefined,
  ];
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(contactMessages).where(where),
  ]);
  return { data: await withReplies(db, rows), total: count?.total ?? 0 };
}

async function withReplies(db: Db, rows: ContactMessageRow[]): Promise<AdminContactMessageItem[]> {
  const ids = rows.map((row) => row.id);
  const replies =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(contactMessageReplies)
          .where(inArray(contactMessageReplies.messageId, ids))
          .orderBy(asc(contactMessageReplies.createdAt), asc(contactMessageReplies.id));
  const emails = await accountEmails(
    db,
    replies.flatMap((reply) => (reply.adminId ? [reply.adminId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    locale: row.locale,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
    replies: replies
      .filter((reply) => reply.messageId === row.id)
      .map((reply) => ({
        id: reply.id,
        body: reply.body,
        locale: reply.locale,
        admin_email: (reply.adminId && emails.get(reply.adminId)) || '',
        created_at: reply.createdAt.toISOString(),
      })),
  }));
}

/** One message as the list shows it (hidden or not). Throws NOT_FOUND. */
export async function contactMessageForReview(db: Db, messageId: string): Promise<AdminContactMessageItem> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, messageId));
  if (!row) throw AppError.notFound();
  const [item] = await withReplies(db, [row]);
  if (!item) throw AppError.notFound();
  return item;
}

/** What the audit log keeps of a message before and after an action: its state, never its text. */
export async function contactMessageSnapshot(db: Db, messageId: string) {
  const [[row], [replies]] = await Promise.all([
    db
      .select({ handledAt: contactMessages.handledAt, hiddenAt: contactMessages.hiddenAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId)),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(contactMessageReplies)
      .where(eq(contactMessageReplies.messageId, messageId)),
  ]);
  if (!row) throw AppError.notFound();
  return { handled: row.handledAt !== null, hidden: row.hiddenAt !== null, replies: replies?.count ?? 0 };
}

async function lockMessage(tx: Db, messageId: string): Promise<ContactMessageRow> {
  const [row] = await tx
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId))
    .for('update');
  if (!row) throw AppError.notFound();
  return row;
}

/** The reply mail's texts, by the language the visitor wrote in; English for any other. */
const replyTexts: Record<string, { subject: string; greeting: string; wrote: string; footer: string }> = {
  en: {
    subject: 'Re: your message to PromptMarket',
    greeting: 'Hello {name},',
    wrote: 'You wrote on {date}:',
    footer: 'You can answer this e-mail; it reaches the PromptMarket team.',
  },
  de: {
    subject: 'Re: Deine Nachricht an PromptMarket',
    greeting: 'Hallo {name},',
    wrote: 'Du hast am {date} geschrieben:',
    footer: 'Du kannst auf diese E-Mail antworten; sie erreicht das PromptMarket-Team.',
  },
  fr: {
    subject: 'Re : votre message à PromptMarket',
    greeting: 'Bonjour {name},',
    wrote: 'Vous avez écrit le {date} :',
    footer: 'Vous pouvez répondre à cet e-mail ; il parviendra à l’équipe PromptMarket.',
  },
  es: {
    subject: 'Re: tu mensaje a PromptMarket',
    greeting: 'Hola, {name}:',
    wrote: 'Escribiste el {date}:',
    footer: 'Puedes responder a este correo; llegará al equipo de PromptMarket.',
  },
  it: {
    subject: 'Re: il tuo messaggio a PromptMarket',
    greeting: 'Ciao {name},',
    wrote: 'Hai scritto il {date}:',
    footer: 'Puoi rispondere a questa e-mail; arriverà al team di PromptMarket.',
  },
  pl: {
    subject: 'Re: Twoja wiadomość do PromptMarket',
    greeting: 'Dzień dobry {name},',
    wrote: 'Napisałeś(-aś) {date}:',
    footer: 'Możesz odpowiedzieć na tego e-maila; trafi do zespołu PromptMarket.',
  },
};

/** The reply as a mail in `locale`: the back office's text, then the visitor's message quoted. */
export function renderContactReply(
  locale: string,
  values: { name: string; body: string; original: string; sentAt: Date },
) {
  const texts = replyTexts[locale] ?? (replyTexts.en as (typeof replyTexts)['en']);
  const greeting = texts.greeting.replace('{name}', values.name);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(values.sentAt);
  const wrote = texts.wrote.replace('{date}', date);
  const quoted = values.original
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = [greeting, '', values.body, '', 'PromptMarket', '', wrote, quoted, '', texts.footer].join(
    '\n',
  );
  const paragraphs = (value: string) =>
    value
      .split(/\n{2,}/)
      .map((part) => `<p style="white-space:pre-wrap">${escapeHtml(part)}</p>`)
      .join('\n');
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="margin:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#0f0d1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:20px;font-weight:bold;color:#6d28d9;padding-bottom:24px">PromptMarket</td></tr>
<tr><td style="font-size:16px;line-height:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs(values.body)}
<p>PromptMarket</p>
<p style="font-size:13px;color:#555">${escapeHtml(wrote)}</p>
<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ddd6fe;font-size:13px;color:#555;white-space:pre-wrap">${escapeHtml(values.original)}</blockquote>
<p style="font-size:13px;color:#555">${escapeHtml(texts.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject: texts.subject, text, html };
}

/**
 * Answers a message: the reply is kept in its thread, mailed to the visitor in the language they
 * wrote in (through the outbox, in the same transaction), and the message is handled.
 */
export async function replyToContactMessage(
  tx: Db,
  input: { messageId: string; adminId: string; body: string },
): Promise<void> {
  const row = await lockMessage(tx, input.messageId);
  const locale = replyTexts[row.locale] ? row.locale : 'en';
  const now = new Date();
  await tx
    .insert(contactMessageReplies)
    .values({ messageId: row.id, adminId: input.adminId, body: input.body, locale, createdAt: now });
  if (row.handledAt === null) {
    await tx
      .update(contactMessages)
      .set({ handledAt: now, handledBy: input.adminId })
      .where(eq(contactMessages.id, row.id));
  }
  const mail = renderContactReply(locale, {
    name: row.name,
    body: input.body,
    original: row.message || '—',
    sentAt: row.createdAt,
  });
  await enqueueMail(tx, { to: row.email, ...mail });
}

/** Marks a message handled, or open again. */
export async function setContactMessageHandled(
  tx: Db,
  input: { messageId: string; adminId: string; handled: boolean },
): Promise<void> {
  const row = await lockMessage(tx, input.messageId);
  if ((row.handledAt !== null) === input.handled) return;
  await tx
    .update(contactMessages)
    .set(
      input.handled
        ? { handledAt: new Date(), handledBy: input.adminId }
        : { handledAt: null, handledBy: null },
    )
    .where(eq(contactMessages.id, row.id));
}

/** Takes a message out of the list; it is kept. A message hidden already is NOT_FOUND, as one that never was. */
export async function hideContactMessage(
  tx: Db,
  input: { messageId: string; adminId: string },
): Promise<void> {
  const row = await lockMessage(tx, input.messageId);
  if (row.hiddenAt !== null) throw AppError.notFound();
  await tx
    .update(contactMessages)
    .set({ hiddenAt: new Date(), hiddenBy: input.adminId })
    .where(eq(contactMessages.id, row.id));
}
