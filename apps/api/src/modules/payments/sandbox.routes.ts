import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import {
  findSandboxSession,
  pressSandboxButton,
  SANDBOX_DECLINE_CODES,
  type SandboxSession,
  sandboxRefundedMinor,
} from './sandbox';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Every currency the shop offers has cents: minor units are hundredths. */
function formatAmount(session: SandboxSession): string {
  const whole = Math.trunc(session.amountMinor / 100);
  const cents = String(session.amountMinor % 100).padStart(2, '0');
  return `${whole.toLocaleString('en')}.${cents} ${session.currency}`;
}

/** Every currency the shop offers has cents: minor units are hundredths. */
function formatMinor(amountMinor: number, currency: string): string {
  const whole = Math.trunc(amountMinor / 100);
  return `${whole.toLocaleString('en')}.${String(amountMinor % 100).padStart(2, '0')} ${currency}`;
}

function page(session: SandboxSession, nonce: string, refundedMinor = 0): string {
  const open = session.status === 'open' && session.expiresAt.getTime() > Date.now();
  const statusText: Record<SandboxSession['status'], string> = {
    open: 'This payment has expired.',
    paid: 'This payment is complete.',
    declined: 'This payment was declined.',
    expired: 'This payment has expired.',
  };
  const action = `/sandbox/checkout/${encodeURIComponent(session.id)}`;
  const controls = open
    ? `<form method="post" action="${action}">
        <button name="action" value="pay" class="pay">Pay</button>
        <label for="reason">Decline reason</label>
        <select id="reason" name="reason">${SANDBOX_DECLINE_CODES.map((code) => `<option value="${code}">${code.replaceAll('_', ' ')}</option>`).join('')}</select>
        <button name="action" value="decline">Decline</button>
        <button name="action" value="pending">Keep pending</button>
      </form>`
    : `<p class="status">${statusText[session.status]}</p>${
        refundedMinor > 0
          ? `\n       <p class="status">${escapeHtml(`Refunded: ${formatMinor(refundedMinor, session.currency)}.`)}</p>`
          : ''
      }
       <a href="${escapeHtml(session.returnUrl)}">Back to the shop</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>Sandbox checkout</title>
<style nonce="${nonce}">
  body { font-family: system-ui, sans-serif; background: #f1f5f9; color: #0f172a; margin: 0; padding: 24px 16px; }
  .test-mode { margin: -24px -16px 0; padding: 10px 16px; text-align: center; font-weight: 700; color: #7c2d12; background: #fed7aa; border-bottom: 2px solid #ea580c; }
  main { max-width: 420px; margin: 40px auto; background: #fff; border-radius: 16px; padding: 28px; box-shadow: 0 10px 30px rgba(15,23,42,.08); }
  .badge { display: inline-block; font-size: 12px; font-weight: 600; letter-spacing: .05em; text-transform: uppercase; color: #92400e; background: #fef3c7; border-radius: 999px; padding: 4px 10px; }
  h1 { font-size: 20px; margin: 16px 0 4px; }
  .amount { font-size: 36px; font-weight: 700; margin: 8px 0 4px; }
  .muted { color: #475569; font-size: 14px; }
  form { display: grid; gap: 10px; margin-top: 24px; }
  button { font: inherit; font-weight: 600; padding: 12px; border-radius: 10px; border: 1px solid #cbd5e1; background: #fff; cursor: pointer; }
  label { font-size: 14px; font-weight: 600; margin-top: 6px; }
  select { font: inherit; padding: 10px; border-radius: 10px; border: 1px solid #cbd5e1; background: #fff; }
  button.pay { background: #4f46e5; border-color: #4f46e5; color: #fff; }
  button:focus-visible, a:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
  .status { font-weight: 600; margin-top: 24px; }
</style>
</head>
<body>
<p class="test-mode" role="note">Test mode: no real money. This page belongs to the shop's sandbox, not to a bank.</p>
<main>
  <span class="badge">Sandbox · test payments only</span>
  <h1>${escapeHtml(session.description)}</h1>
  <p class="amount">${escapeHtml(formatAmount(session))}</p>
  <p class="muted">No real money moves here. Choose how this test payment ends.</p>
  ${controls}
</main>
</body>
</html>`;
}

const sessionParams = z.object({ id: z.string().regex(/^cs_sandbox_[\w-]{16,64}$/) });
const actionBody = z.object({
  action: z.enum(['pay', 'decline', 'pending']),
  reason: z.enum(SANDBOX_DECLINE_CODES).optional(),
});

/** The sandbox's payment page and its buttons, at `/sandbox/checkout/:id`. */
export async function sandboxPageRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // The page's form posts url-encoded fields; nothing else of the server reads that type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/sandbox/checkout/:id',
    { schema: { summary: 'Sandbox provider: the test payment page', params: sessionParams } },
    async (request, reply) => {
      const session = await findSandboxSession(app.db, request.params.id);
      if (!session) throw AppError.notFound();
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(session, request.cspNonce, await sandboxRefundedMinor(app.db, session.id)));
    },
  );

  app.post(
    '/sandbox/checkout/:id',
    {
      schema: {
        summary: 'Sandbox provider: pay, decline or keep pending, then back to the shop',
        params: sessionParams,
        body: actionBody,
      },
    },
    async (request, reply) => {
      const session = await pressSandboxButton(
        app.db,
        request.params.id,
        request.body.action,
        request.body.reason,
      );
      return reply.header('cache-control', 'no-store').redirect(session.returnUrl, 303);
    },
  );
}
