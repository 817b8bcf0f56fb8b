import { describe, expect, it } from 'vitest';
import { internalCents, minimumProblem, orderIdFrom, pollStep, unitsPerCurrency } from './rules';

describe('deposit rules', () => {
  it('credits what an amount is worth, rounded down', () => {
    expect(internalCents(2700, 1.08, 1)).toBe(2500);
    expect(internalCents(2000, 0.85, 1)).toBe(2352);
    expect(internalCents(1000, 1, 2)).toBe(500);
    expect(unitsPerCurrency(1.08, 1)).toBeCloseTo(0.9259, 4);
  });

  it('follows the status answers of spec section 4', () => {
    const order = { status: 'processing' as const, error_message: null, redirect_url: null };
    expect(pollStep(order, 'Payment failed')).toEqual({ kind: 'wait' });
    expect(pollStep({ ...order, status: 'success' }, 'Payment failed')).toEqual({ kind: 'success' });
    expect(pollStep({ ...order, status: 'failed' }, 'Payment failed')).toEqual({
      kind: 'fail',
      message: 'Payment failed',
    });
    expect(pollStep({ ...order, status: 'error', error_message: 'Declined' }, 'x')).toEqual({
      kind: 'fail',
      message: 'Declined',
    });
    expect(pollStep({ ...order, redirect_url: '/pay' }, 'x')).toEqual({ kind: 'redirect', url: '/pay' });
  });

  it('reads an order id from the query', () => {
    expect(orderIdFrom('12')).toBe(12);
    expect(orderIdFrom('0')).toBeNull();
    expect(orderIdFrom('-3')).toBeNull();
    expect(orderIdFrom('1e3')).toBeNull();
    expect(orderIdFrom(null)).toBeNull();
  });
});

describe('the minimum as the amount is typed (spec section 5)', () => {
  it('names the minimum of the currency below it, as the server words it', () => {
    // 5.00 EUR at 1.08 USD per euro: 5.40 USD.
    expect(minimumProblem('5.39', 540, 'USD')).toEqual({ key: 'amount.min', params: { min: '5.40 USD' } });
    expect(minimumProblem('1', 500, 'EUR')).toEqual({ key: 'amount.min', params: { min: '5.00 EUR' } });
    expect(minimumProblem('4,99', 500, 'EUR')).not.toBeNull();
    expect(minimumProblem('0', 500, 'EUR')).not.toBeNull();
  });

  it('is quiet at the minimum and above, and while the field is empty or not yet an amount', () => {
    expect(minimumProblem('5.40', 540, 'USD')).toBeNull();
    expect(minimumProblem('5,4', 540, 'USD')).toBeNull();
    expect(minimumProblem('120', 500, 'EUR')).toBeNull();
    expect(minimumProblem('', 500, 'EUR')).toBeNull();
    expect(minimumProblem('5.', 500, 'EUR')).toBeNull();
    expect(minimumProblem('abc', 500, 'EUR')).toBeNull();
  });
});
