// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiTransport, createApiClient } from '../../lib/api-client';
import { createTranslator, TranslationProvider } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import {
  approveVerification,
  counterOffer,
  declineOffer,
  declineVerification,
  exportSepaPayouts,
  markPayoutFailed,
  markPayoutPaid,
  publishOffer,
  sendPayout,
} from './api';
import { ConfirmButton } from './confirm-button';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function recordingApi(answer: unknown) {
  const sent: { path: string; headers: Record<string, string> }[] = [];
  const transport: ApiTransport = async (path, init) => {
    sent.push({ path, headers: init.headers });
    return new Response(JSON.stringify(answer), { status: 200 });
  };
  return { sent, api: createApiClient({ transport, locale: 'en' }) };
}

describe('the back office’s actions that move money or decide', () => {
  it('send the Idempotency-Key of the user’s action', async () => {
    const { sent, api } = recordingApi({ status: 'OK', message: 'Done' });
    await counterOffer(api, 1, { service_price: '20' }, 'key-counter');
    await declineOffer(api, 1, 'Not for us', 'key-decline');
    await sendPayout(api, 2, 'key-send');
    await markPayoutPaid(api, 2, 'key-paid');
    await markPayoutFailed(api, 2, 'Closed', 'key-failed');
    await approveVerification(api, 3, 'key-approve');
    await declineVerification(api, 3, 'Blurred', 'key-refuse');
    const published = recordingApi({ status: 'OK', message: 'Offer published', payload: { product_id: 9 } });
    await publishOffer(published.api, 1, { price: '9.90', prompt: 'A glass forest' }, 'key-publish');
    const exported = recordingApi({
      status: 'OK',
      payload: {
        id: 1,
        message_id: 'PM-1',
        transfers: 1,
        total: 1,
        currency: 'EUR',
        created_at: '2026-11-25T10:00:00.000Z',
        file_url: '/api/admin/payout-batches/1/file',
      },
    });
    await exportSepaPayouts(exported.api, 'key-export');
    expect(
      [...sent, ...published.sent, ...exported.sent].map(({ path, headers }) => [
        path,
        headers['Idempotency-Key'],
      ]),
    ).toEqual([
      ['/api/admin/offers/1/counter', 'key-counter'],
      ['/api/admin/offers/1/decline', 'key-decline'],
      ['/api/admin/payouts/2/send', 'key-send'],
      ['/api/admin/payouts/2/paid', 'key-paid'],
      ['/api/admin/payouts/2/failed', 'key-failed'],
      ['/api/admin/verifications/3/approve', 'key-approve'],
      ['/api/admin/verifications/3/decline', 'key-refuse'],
      ['/api/admin/offers/1/publish', 'key-publish'],
      ['/api/admin/payout-batches', 'key-export'],
    ]);
  });
});

describe('a confirming dialog', () => {
  let container: HTMLDivElement | null = null;
  afterEach(() => {
    container?.remove();
    container = null;
  });

  it('makes a key when it opens, gives the same key to every confirm from it, and a new one when opened again', async () => {
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const keys: string[] = [];
    let answer = false;
    const translator = createTranslator('en', { admin: { cancel: 'Cancel' } } as unknown as Messages);
    await act(async () => {
      root.render(
        <TranslationProvider translator={translator}>
          <ConfirmButton
            label="Send"
            question="Send it?"
            onConfirm={async (_, key) => {
              keys.push(key);
              return answer;
            }}
          />
        </TranslationProvider>,
      );
    });
    const button = (name: string) =>
      [...document.querySelectorAll('button')].find(
        (element) => element.textContent === name,
      ) as HTMLButtonElement;
    const confirm = async () => {
      const form = document.querySelector('form') as HTMLFormElement;
      await act(async () => {
        form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      });
    };
    await act(async () => button('Send').click());
    // The first try failed (no answer, say): the retry from the same dialog sends the same key.
    await confirm();
    answer = true;
    await confirm();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
    // Done, the dialog closed; opened again, it is another action with another key.
    expect(document.querySelector('form')).toBeNull();
    await act(async () => button('Send').click());
    await confirm();
    expect(keys[2]).not.toBe(keys[0]);
    await act(async () => root.unmount());
  });
});
