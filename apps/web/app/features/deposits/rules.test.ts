import { DEPOSIT_POLL_TIMEOUT_MS } from '@promptmarket/contracts/deposits';
import { describe, expect, it } from 'vitest';
import {
  declineReasonKey,
  internalCents,
  minimumProblem,
  orderIdFrom,
  pollPlan,
  pollStep,
  unitsPerCurrency,
} from './rules';

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

describe('how long the processing screen waits', () => {
  it('asks every 5 seconds at first, without saying anything is slow', () => {
    expect(pollPlan(0)).toEqual({ next: 5000, takingLonger: false });
    expect(pollPlan(44_999)).toEqual({ next: 5000, takingLonger: false });
  });

  it('says the payment is taking longer than usual after 45 seconds, and asks every 15 seconds', () => {
    expect(pollPlan(45_000)).toEqual({ next: 15_000, takingLonger: true });
    expect(pollPlan(DEPOSIT_POLL_TIMEOUT_MS - 1)).toEqual({ next: 15_000, takingLonger: true });
  });

  it('stops asking after 10 minutes', () => {
    expect(pollPlan(DEPOSIT_POLL_TIMEOUT_MS)).toEqual({ next: null, takingLonger: true });
  });
});

describe("the text of a provider's decline code", () => {
  it('has its own text for the codes a user can act on', () => {
    expect(declineReasonKey('insufficient_funds')).toBe('payment.declineReasons.insufficient_funds');
    expect(declineReasonKey('expired_card')).toBe('payment.declineReasons.expired_card');
    expect(declineReasonKey('authentication_required')).toBe(
      'payment.declineReasons.authentication_required',
    );
  });

  it("words Stripe's error code of a confirmation that was not given as the decline code that means it", () => {
    expect(declineReasonKey('payment_intent_authentication_failure')).toBe(
      'payment.declineReasons.authentication_required',
    );
    expect(declineReasonKey('toString')).toBe('payment.declineReasons.other');
  });

  it('gives the generic refusal for any other code, and nothing without a code', () => {
    expect(declineReasonKey('generic_decline')).toBe('payment.declineReasons.other');
    expect(declineReasonKey('stolen_card')).toBe('payment.declineReasons.other');
    expect(declineReasonKey('<script>')).toBe('payment.declineReasons.other');
    expect(declineReasonKey(null)).toBeNull();
    expect(declineReasonKey('')).toBeNull();
  });
});
