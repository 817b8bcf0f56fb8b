import { escapeHtml } from '../../lib/escape-html';
import { type MailKind, mailCatalogue, mailKinds, mailTextsByKind } from './mail.texts';

/**
 * The transactional mails' layout: a mail's words from its language's catalogue (mail.texts.ts,
 * English for any other language) with the sender's values filled in, as plain text and as HTML.
 */

/** Every mail's words by kind and language. */
export const mailTexts = mailTextsByKind(mailKinds);

export type RenderedMail = { subject: string; text: string; html: string };

/** The values a mail's texts name in braces, each a plain string the renderer escapes for HTML. */
export type MailValues = {
  url: string;
  name?: string;
  amount?: string;
  number?: string;
  total?: string;
  title?: string;
  price?: string;
  reason?: string;
  /** A refund's prompts that can no longer be downloaded, as one line of titles. */
  revoked?: string;
  /** The lines a `{items}` line stands for, one each (a purchase's prompts with their prices). */
  items?: string[];
  /** A receipt's number and its page: the mail links to it below its lines. */
  receipt?: string;
  receipt_url?: string;
};

const PLACEHOLDER = /\{(\w+)\}/g;

function givenValue(values: MailValues, key: string): string | undefined {
  const value = (values as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

/** The line with its values, or nothing when one of them is not given (an optional line). */
function filled(line: string, values: MailValues): string | null {
  let missing = false;
  const text = line.replace(PLACEHOLDER, (_, key: string) => {
    const value = givenValue(values, key);
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? null : text;
}

type Block = { kind: 'line'; text: string } | { kind: 'items'; items: string[] };

/**
 * A mail with one call to action, as plain text and as HTML (every value escaped). A line naming
 * a value (`{amount}`, `{reason}` …) is filled from `values`, and left out when that value is not
 * given; a line that is just `{items}` becomes the list `values.items`.
 */
export function renderMail(kind: MailKind, locale: string, values: MailValues): RenderedMail {
  const catalogue = mailCatalogue(locale);
  const found = catalogue.mails[kind];
  if (!found) throw new Error(`no texts for mail ${kind}`);
  const blocks = found.lines.flatMap((line): Block[] => {
    if (line === '{items}') return values.items?.length ? [{ kind: 'items', items: values.items }] : [];
    const text = filled(line, values);
    return text === null ? [] : [{ kind: 'line', text }];
  });
  const subject = found.subject.replace(PLACEHOLDER, (_, key: string) => givenValue(values, key) ?? '');
  const greeting = found.greeting.replace('{name}', values.name ?? '');
  const receiptLink =
    values.receipt && values.receipt_url
      ? {
          label: catalogue.receiptLink.replace('{receipt}', values.receipt),
          url: values.receipt_url,
        }
      : null;
  const text = [
    greeting,
    '',
    ...blocks.flatMap((block) =>
      block.kind === 'line' ? [block.text] : block.items.map((item) => `- ${item}`),
    ),
    ...(receiptLink ? ['', `${receiptLink.label}: ${receiptLink.url}`] : []),
    '',
    `${found.action}: ${values.url}`,
    '',
    found.footer,
    '',
    'PromptMarket',
  ].join('\n');
  const body = blocks
    .map((block) =>
      block.kind === 'line'
        ? `<p>${escapeHtml(block.text)}</p>`
        : `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="margin:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#0f0d1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:20px;font-weight:bold;color:#6d28d9;padding-bottom:24px">PromptMarket</td></tr>
<tr><td style="font-size:16px;line-height:24px">
<p>${escapeHtml(greeting)}</p>
${body}
${receiptLink ? `<p><a href="${escapeHtml(receiptLink.url)}" style="color:#6d28d9">${escapeHtml(receiptLink.label)}</a></p>\n` : ''}<p style="padding:16px 0"><a href="${escapeHtml(values.url)}" style="background:#7c3aed;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:bold">${escapeHtml(found.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(values.url)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(found.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** The note to the support team about a contact form message: every value as the visitor typed it, escaped. */
export function renderContactNotice(fields: Record<string, string>): RenderedMail {
  const subject = [`Contact form: ${fields.name ?? ''}`.trim(), fields.subject].filter(Boolean).join(' – ');
  const lines = Object.entries(fields).map(([name, value]) => `${name}: ${value}`);
  const text = [subject, '', ...lines].join('\n');
  const rows = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(name)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif"><h1 style="font-size:18px">${escapeHtml(subject)}</h1><table>${rows}</table></body></html>`;
  return { subject, text, html };
}
