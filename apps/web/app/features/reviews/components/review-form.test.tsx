// @vitest-environment jsdom
import type { Review } from '@promptmarket/contracts/reviews';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formInBrowser, refusal, settle } from '../../../test/form-in-browser';
import ReviewForm from './review-form';

// The form's check comes when the visitor reaches the form (pointer or focus), and the calls'
// contracts with the first call: loaded here, as a page has them by the time the answer comes.
beforeAll(async () => {
  await Promise.all([import('../review-form-resolver'), import('../api')]);
});

let form: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await form?.unmount();
  form = null;
});

const saved: Review[] = [];

async function choose(stars: number) {
  const radio = document.querySelector<HTMLInputElement>(`input[type="radio"][value="${stars}"]`);
  if (!radio) throw new Error(`no radio for ${stars}`);
  await act(async () => radio.click());
  await settle();
}

const written = (body: { stars: number; text: string | null }): Review => ({
  id: 31,
  product_id: 9,
  ...body,
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:00:00.000Z',
  author_name: 'Anna K.',
  verified_purchase: true,
  language: 'de',
  mine: true,
  hidden: false,
});

describe('the review form', () => {
  it('asks for the stars and a shorter text in German before sending anything', async () => {
    form = await formInBrowser(() => <ReviewForm productId={9} onSaved={() => {}} onExists={() => {}} />, {
      language: 'de',
    });
    expect(document.querySelectorAll('input[type="radio"]')).toHaveLength(5);
    expect(form.text()).toContain('Deine Wertung');
    expect(form.text()).toContain('0 von 2.000 Zeichen');
    await form.click('Bewertung senden');
    expect(form.text()).toContain('Bitte vergib 1 bis 5 Sterne.');
    await choose(4);
    await form.type('Deine Bewertung (optional)', 'x'.repeat(2001));
    expect(form.text()).toContain('2.001 von 2.000 Zeichen');
    await form.click('Bewertung senden');
    expect(form.errorOf('Deine Bewertung (optional)')).toBe(
      'Eine Bewertung darf höchstens 2.000 Zeichen lang sein.',
    );
    expect(form.text()).not.toContain('Bitte vergib 1 bis 5 Sterne.');
    expect(form.sent).toHaveLength(0);
  });

  it('sends the stars as a number and the text trimmed, then hands the review on', async () => {
    saved.length = 0;
    form = await formInBrowser(
      () => <ReviewForm productId={9} onSaved={(review) => saved.push(review)} onExists={() => {}} />,
      {
        answer: (call) => ({
          status: 200,
          body: { status: 'OK', payload: written(call.body as { stars: number; text: string | null }) },
        }),
      },
    );
    await choose(5);
    await form.type('Your review (optional)', '  Crisp and clear.\nWorth it.  ');
    await form.click('Send review');
    const posted = form.sent.filter((call) => call.method === 'POST');
    expect(posted.map((call) => call.path)).toEqual(['/api/products/9/reviews']);
    expect(posted[0]?.body).toEqual({ stars: 5, text: 'Crisp and clear.\nWorth it.' });
    expect(saved.map((review) => review.stars)).toEqual([5]);
  });

  it("puts the API's refusals in the page's language: at the field, or above the button", async () => {
    let answer = refusal({ text: ['Dieses Feld darf keine Steuerzeichen enthalten.'] });
    form = await formInBrowser(() => <ReviewForm productId={9} onSaved={() => {}} onExists={() => {}} />, {
      language: 'de',
      answer: (call) => (call.method === 'POST' ? answer : { status: 200, body: {} }),
    });
    await choose(3);
    await form.click('Bewertung senden');
    expect(form.errorOf('Deine Bewertung (optional)')).toBe(
      'Dieses Feld darf keine Steuerzeichen enthalten.',
    );
    answer = { status: 403, body: { message: 'Forbidden', code: 'NOT_A_BUYER' } };
    await form.click('Bewertung senden');
    expect(form.text()).toContain('Nur wer diesen Prompt gekauft hat, kann ihn bewerten.');
    answer = { status: 409, body: { message: 'Conflict', code: 'REVIEW_EXISTS' } };
    await form.click('Bewertung senden');
    expect(form.text()).toContain('Du hast diesen Prompt bereits bewertet');
  });

  it('changes an own review with its stars and text filled in', async () => {
    const own = written({ stars: 2, text: 'Meh.' });
    form = await formInBrowser(
      () => (
        <ReviewForm productId={9} review={own} onSaved={() => {}} onExists={() => {}} onCancel={() => {}} />
      ),
      { answer: () => ({ status: 200, body: { status: 'OK', payload: own } }) },
    );
    expect(document.querySelector<HTMLInputElement>('input[value="2"]')?.checked).toBe(true);
    expect(form.field<HTMLTextAreaElement>('Your review (optional)').value).toBe('Meh.');
    await choose(4);
    await form.click('Save changes');
    const patched = form.sent.filter((call) => call.method === 'PATCH');
    expect(patched.map((call) => call.path)).toEqual(['/api/reviews/31']);
    expect(patched[0]?.body).toEqual({ stars: 4, text: 'Meh.' });
  });
});
