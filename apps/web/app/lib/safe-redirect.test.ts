import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps a path of this site, query and hash included', () => {
    expect(safeRedirect('/en/dashboard/profile?tab=password#security', '/en/dashboard')).toBe(
      '/en/dashboard/profile?tab=password#security',
    );
  });

  it('falls back for anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      '/.//evil.com',
      '/%2e//evil.com',
      '/%2E//evil.com/x?y=1',
      '/\\evil.com',
      '/./\\evil.com',
      '/en/..//evil.com',
      '/a/../..//evil.com',
      '/%2e%2e//evil.com',
      '/\t/evil.com',
    ]) {
      expect(safeRedirect(value, '/en/dashboard'), String(value)).toBe('/en/dashboard');
    }
  });

  it('keeps a path that only looks odd but stays on the site', () => {
    expect(safeRedirect('/en/./cart', '/en')).toBe('/en/cart');
    expect(safeRedirect('/en/products?next=//evil.com', '/en')).toBe('/en/products?next=//evil.com');
  });
});

describe('loginPath', () => {
  it('carries the full target path, query included', () => {
    expect(loginPath('de', '/de/cart?step=2')).toBe('/de/login?redirect=%2Fde%2Fcart%3Fstep%3D2');
  });
});
