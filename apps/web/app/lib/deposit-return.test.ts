// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  depositReturningTo,
  depositReturnOf,
  rememberDepositReturn,
  takeDepositReturn,
} from './deposit-return';

describe('the page a deposit returns to', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('is sent to the deposit form as its return query', () => {
    const path = depositReturningTo('en', '/en/products/red-fox?x=1');
    expect(path).toBe('/en/dashboard/deposits/create?return=%2Fen%2Fproducts%2Fred-fox%3Fx%3D1');
    const sent = new URL(path, 'http://shop.test').searchParams.get('return');
    expect(depositReturnOf(sent, 'en')).toBe('/en/products/red-fox?x=1');
  });

  it('keeps a path of this site under the language', () => {
    expect(depositReturnOf('/en/products/red-fox?x=1#buy', 'en')).toBe('/en/products/red-fox?x=1#buy');
    expect(depositReturnOf('/en', 'en')).toBe('/en');
  });

  it('refuses other sites, scripts and paths outside the language', () => {
    for (const value of [
      'https://evil.example/en/products',
      '//evil.example/en',
      '/\\evil.example',
      '/.//evil.example',
      'javascript:alert(1)',
      'en/products/x',
      '/de/products/x',
      '/english',
      '',
      null,
      undefined,
    ]) {
      expect(depositReturnOf(value, 'en')).toBeNull();
    }
  });

  it('is read once, and a deposit started without one forgets an earlier one', () => {
    rememberDepositReturn('/en/products/red-fox', 'en');
    expect(takeDepositReturn('en')).toBe('/en/products/red-fox');
    expect(takeDepositReturn('en')).toBeNull();
    rememberDepositReturn('/en/products/red-fox', 'en');
    rememberDepositReturn(null, 'en');
    expect(takeDepositReturn('en')).toBeNull();
    rememberDepositReturn('https://evil.example/', 'en');
    expect(takeDepositReturn('en')).toBeNull();
  });
});
