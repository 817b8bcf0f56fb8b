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
    ]) {
      expect(safeRedirect(value, '/en/dashboard')).toBe('/en/dashboard');
    }
  });
});

describe('loginPath', () => {
  it('carries the full target path, query included', () => {
    expect(loginPath('de', '/de/cart?step=2')).toBe('/de/login?redirect=%2Fde%2Fcart%3Fstep%3D2');
  });
});
