import { describe, expect, it } from 'vitest';
import { ApiError, newIdempotencyKey } from '../../lib/api-client';
import {
  boughtTile,
  generationCostCents,
  generationProgress,
  keepsKey,
  keyFor,
  purchaseFailure,
} from './rules';

describe('purchaseFailure', () => {
  it("says the server's message, else the error's own, else the fallback (spec section 8)", () => {
    expect(purchaseFailure(new ApiError(422, 'This prompt is no longer available.'), 'Failed')).toEqual({
      message: 'This prompt is no longer available.',
      short: false,
    });
    expect(purchaseFailure(new TypeError('Failed to fetch'), 'Failed')).toEqual({
      message: 'Failed to fetch',
      short: false,
    });
    expect(purchaseFailure(new ApiError(500, ''), 'Failed to purchase prompt')).toEqual({
      message: 'Failed to purchase prompt',
      short: false,
    });
    expect(purchaseFailure('nothing useful', 'Failed to purchase prompt').message).toBe(
      'Failed to purchase prompt',
    );
  });

  it('knows a refusal for too little money by its code, in any language', () => {
    const refusal = new ApiError(422, 'Guthaben reicht nicht aus: Es fehlen 5.90 Credits.', null, {
      status: 'ERROR',
      message: 'Guthaben reicht nicht aus: Es fehlen 5.90 Credits.',
      code: 'INSUFFICIENT_FUNDS',
      missing: 5.9,
    });
    expect(purchaseFailure(refusal, 'Failed')).toEqual({
      message: 'Guthaben reicht nicht aus: Es fehlen 5.90 Credits.',
      short: true,
    });
  });

  it('offers a deposit to an account that owes a refunded or disputed deposit', () => {
    const message = 'A payment of yours was refunded or disputed, so your balance is below zero.';
    const refusal = new ApiError(422, message, null, { status: 'ERROR', message, code: 'ACCOUNT_IN_DEBT' });
    expect(purchaseFailure(refusal, 'Failed')).toEqual({ message, short: true });
  });
});

describe('purchaseFailure and a changed price', () => {
  it('knows a price changed since the buyer saw it by its code, and says the message', () => {
    const changed = new ApiError(
      409,
      'Le prix a changé depuis : le total est maintenant de 30.00 Credits.',
      null,
      {
        status: 'ERROR',
        message: 'Le prix a changé depuis : le total est maintenant de 30.00 Credits.',
        code: 'PRICE_CHANGED',
        total: 30,
      },
    );
    expect(purchaseFailure(changed, 'Failed')).toEqual({
      message: 'Le prix a changé depuis : le total est maintenant de 30.00 Credits.',
      short: false,
      priceChanged: true,
    });
  });
});

describe('keyFor and keepsKey', () => {
  it('keeps the key for the same request and makes a new one for another', () => {
    const first = keyFor(null, { prompt_id: 4, expected_total: 8.9 });
    expect(keyFor(first, { prompt_id: 4, expected_total: 8.9 })).toBe(first);
    const changed = keyFor(first, { prompt_id: 4, expected_total: 9.9 });
    expect(changed.key).not.toBe(first.key);
    expect(changed.key).toMatch(/^[\w-]{8,100}$/);
  });

  it('keeps the key after no answer or while the shop still answers, never after an answer', () => {
    const coded = (status: number, code: string) => new ApiError(status, 'x', null, { message: 'x', code });
    expect(keepsKey(new ApiError(0, 'Network error'))).toBe(true);
    expect(keepsKey(new ApiError(504, 'Gateway Timeout'))).toBe(true);
    expect(keepsKey(coded(409, 'CONFLICT'))).toBe(true);
    expect(keepsKey(coded(409, 'IDEMPOTENCY_KEY_REUSED'))).toBe(false);
    expect(keepsKey(coded(409, 'PRICE_CHANGED'))).toBe(false);
    expect(keepsKey(coded(422, 'INSUFFICIENT_FUNDS'))).toBe(false);
    expect(keepsKey(coded(500, 'INTERNAL'))).toBe(false);
    expect(keepsKey(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  it("is new every time and fits the API's key shape", () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[\w-]{8,100}$/);
  });
});

describe('generationProgress', () => {
  it('starts at 0, grows, and never passes 90 before the answer arrives', () => {
    expect(generationProgress(0)).toBe(0);
    expect(generationProgress(-5)).toBe(0);
    const steps = [500, 2000, 8000, 20_000, 120_000].map(generationProgress);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps[0]).toBeGreaterThan(0);
    expect(steps.at(-1)).toBe(90);
  });
});

describe('generationCostCents', () => {
  it('converts the EUR cost at the internal rate, rounding up as the server charges it', () => {
    expect(generationCostCents(1, 1)).toBe(100);
    expect(generationCostCents(1, 0.5)).toBe(200);
    expect(generationCostCents(1, 3)).toBe(34);
    expect(generationCostCents(0.01, 2)).toBe(1);
    expect(generationCostCents(2.5, 1.25)).toBe(200);
  });
});

describe('boughtTile', () => {
  // Each tile is an item; `bought` is the order's number, which may equal another item's id.
  const items = [
    { id: 31, order_id: 30, title: 'cart, first item' },
    { id: 30, order_id: 29, title: 'bought before' },
  ];
  it('finds the order bought by its order number, not by an item id', () => {
    expect(boughtTile(items, '30')?.title).toBe('cart, first item');
    expect(boughtTile(items, '29')?.title).toBe('bought before');
  });
  it('falls back to the newest tile, and to none without a purchase', () => {
    expect(boughtTile(items, '99')?.title).toBe('cart, first item');
    expect(boughtTile(items, null)).toBeNull();
    expect(boughtTile([], '30')).toBeNull();
  });
});
