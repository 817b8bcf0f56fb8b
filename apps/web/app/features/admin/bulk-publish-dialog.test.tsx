// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formInBrowser, refusal } from '../../test/form-in-browser';
import { BulkReportAlert, useBulkAction } from './bulk-action';
import { BulkPublishButton } from './bulk-publish-dialog';

function pageWith(ids: readonly number[]) {
  return function Page() {
    const bulk = useBulkAction<number>({
      done: (count) => `${count} offers done.`,
      failed: (count) => `${count} could not be done:`,
      item: (id, message) => `Offer ${id}: ${message}`,
    });
    return (
      <>
        <BulkReportAlert report={bulk.report} />
        <BulkPublishButton ids={ids} disabled={bulk.busy} run={bulk.run} />
      </>
    );
  };
}

const published = {
  status: 200,
  body: {
    status: 'OK',
    message: 'Done',
    payload: { done: [3], failed: [{ id: 5, code: 'offer.not_approved', message: 'Not accepted yet.' }] },
  },
};

let opened: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await opened?.unmount();
  opened = null;
});

describe('publishing the chosen offers at one price', () => {
  it('checks the price by the contract before sending it, in the page’s language', async () => {
    opened = await formInBrowser(pageWith([3, 5]), { language: 'de' });
    await opened.click('Ausgewählte veröffentlichen');
    expect(opened.text()).toContain(
      '2 angenommene Angebote zu einem Preis veröffentlichen, jedes mit dem Prompt seines Verkäufers?',
    );
    await opened.click('Ausgewählte veröffentlichen');
    expect(opened.errorOf('Shop-Preis für jedes (EUR)')).toBe(
      'Bitte gib einen Preis ab 0 mit höchstens zwei Nachkommastellen ein.',
    );
    await opened.type('Shop-Preis für jedes (EUR)', '-3');
    await opened.click('Ausgewählte veröffentlichen');
    expect(opened.errorOf('Shop-Preis für jedes (EUR)')).toBe('Der Betrag muss positiv sein.');
    await opened.type('Shop-Preis für jedes (EUR)', '12.345');
    await opened.click('Ausgewählte veröffentlichen');
    expect(opened.errorOf('Shop-Preis für jedes (EUR)')).toBe(
      'Bitte gib einen Preis ab 0 mit höchstens zwei Nachkommastellen ein.',
    );
    expect(opened.sent).toEqual([]);
  });

  it('refuses more offers than the API takes at once before sending, in the page’s language', async () => {
    opened = await formInBrowser(pageWith(Array.from({ length: 101 }, (_, index) => index + 1)), {
      language: 'de',
    });
    await opened.click('Ausgewählte veröffentlichen');
    await opened.type('Shop-Preis für jedes (EUR)', '9.90');
    await opened.click('Ausgewählte veröffentlichen');
    expect(document.querySelector('[role="dialog"] [role="alert"]')?.textContent).toBe(
      'Es wurden zu viele Werte angegeben.',
    );
    expect(opened.errorOf('Shop-Preis für jedes (EUR)')).toBeNull();
    expect(opened.sent).toEqual([]);
  });

  it('shows the API’s refusal at the price, and sends the price as typed with the key of the opening', async () => {
    let answer = refusal({ price: ['This amount is too large.'] });
    const sendDisabled: boolean[] = [];
    opened = await formInBrowser(pageWith([3, 5]), {
      answer: () => {
        sendDisabled.push(opened?.button('Publish selected').disabled ?? false);
        return answer;
      },
    });
    await opened.click('Publish selected');
    await opened.type('Shop price of each (EUR)', '12.50');
    await opened.click('Publish selected');
    expect(opened.errorOf('Shop price of each (EUR)')).toBe('This amount is too large.');
    expect(opened.text()).toContain('The action failed: This amount is too large.');
    expect(opened.field('Shop price of each (EUR)').value).toBe('12.50');

    // Sent again from the same dialog: the same key, so the offers are published once.
    answer = published;
    await opened.click('Publish selected');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(opened.text()).toContain('1 offers done. 1 could not be done:');
    expect(opened.text()).toContain('Offer 5: Not accepted yet.');

    // Opened again: another action, with another key, and the price typed afresh.
    await opened.click('Publish selected');
    expect(opened.field('Shop price of each (EUR)').value).toBe('');
    await opened.type('Shop price of each (EUR)', '7');
    await opened.click('Publish selected');

    expect(opened.sent.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/admin/offers/bulk', { action: 'publish', ids: [3, 5], price: '12.50' }],
      ['POST', '/api/admin/offers/bulk', { action: 'publish', ids: [3, 5], price: '12.50' }],
      ['POST', '/api/admin/offers/bulk', { action: 'publish', ids: [3, 5], price: '7' }],
    ]);
    const keys = opened.sent.map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[\w-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    // While a send is on its way, the dialog's button waits for its answer.
    expect(sendDisabled).toEqual([true, true, true]);
  });
});
