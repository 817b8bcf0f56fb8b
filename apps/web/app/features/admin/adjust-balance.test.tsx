// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formInBrowser, refusal } from '../../test/form-in-browser';
import { AdjustButton } from './adjust-balance';
import { NoticeBar, useAdminAction } from './admin-ui';

const userId = '0b4f8a4e-8f4a-4d1c-9a55-0a4c1f1e2d3c';

function Page() {
  const { notice, run } = useAdminAction();
  return (
    <>
      <NoticeBar notice={notice} />
      <AdjustButton userId={userId} email="zofia@example.test" run={run} />
    </>
  );
}

let opened: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await opened?.unmount();
  opened = null;
});

describe('a balance correction', () => {
  it('is checked by the contract before it is sent, each problem at its field in the page’s language', async () => {
    opened = await formInBrowser(Page, { language: 'de' });
    const page = opened;
    await page.click('Guthaben korrigieren');
    await page.type('Betrag', '1,234');
    await page.type('Grund', 'ab');
    await page.click('Guthaben korrigieren');
    expect(page.errorOf('Betrag')).toBe(
      'Bitte gib einen gültigen Betrag mit höchstens zwei Nachkommastellen ein.',
    );
    expect(page.errorOf('Grund')).toBe('Bitte gib einen Grund an (mindestens 3 Zeichen).');
    await page.type('Betrag', '0');
    await page.click('Guthaben korrigieren');
    expect(page.errorOf('Betrag')).toBe(
      'Bitte gib einen gültigen Betrag mit höchstens zwei Nachkommastellen ein.',
    );
    expect(page.sent).toEqual([]);
  });

  it('shows the API’s refusal at its field, keeps the notice, and sends the amount as typed with one key', async () => {
    let answer = refusal({ reason: ['The reason is not acceptable.'] });
    opened = await formInBrowser(Page, { answer: () => answer });
    const page = opened;
    await page.click('Adjust balance');
    await page.type('Amount', '-2,50');
    await page.type('Reason', 'Goodwill for the first sale');
    await page.click('Adjust balance');
    expect(page.errorOf('Reason')).toBe('The reason is not acceptable.');
    expect(page.errorOf('Amount')).toBeNull();
    expect(page.text()).toContain('The action failed: The reason is not acceptable.');
    answer = { status: 200, body: { status: 'OK', message: 'Done' } };
    await page.click('Adjust balance');
    expect(page.text()).toContain('Balance adjusted.');
    expect(page.sent.map((call) => [call.path, call.body])).toEqual([
      [`/api/admin/users/${userId}/adjust`, { amount: '-2,50', reason: 'Goodwill for the first sale' }],
      [`/api/admin/users/${userId}/adjust`, { amount: '-2,50', reason: 'Goodwill for the first sale' }],
    ]);
    // The same adjustment sent again carries the same key: it adjusts once.
    const [first, second] = page.sent.map((call) => call.headers['Idempotency-Key']);
    expect(first).toMatch(/^[\w-]{8,100}$/);
    expect(second).toBe(first);
  });
});
