import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../lib/safe-redirect';
import { renderInSite } from '../../test/render-in-site';
import { testMember } from '../../test/render-page';
import { LIKE_RETURN, likeLoginPath, useLikeReturn } from './like-return';

function Note({ liked = false }: { liked?: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  return <>{useLikeReturn(button, true, liked)}</>;
}

describe('a guest’s like', () => {
  it('leads to the login page, which leads back to the same page and query, marked', () => {
    const login = likeLoginPath('en', { pathname: '/en/products/red-fox', search: '?from=home' });
    const url = new URL(login, 'http://shop.test');
    expect(url.pathname).toBe('/en/login');
    const back = url.searchParams.get('redirect');
    expect(back).toBe(`/en/products/red-fox?from=home${LIKE_RETURN}`);
    // The login page's own reading of it keeps the mark.
    expect(safeRedirect(back, '/en/dashboard')).toBe('/en/products/red-fox?from=home#like');
  });

  it('says nothing in the server’s page, which never sees the mark', () => {
    const { text } = renderInSite(() => <Note />, {
      user: testMember,
      path: 'products/:slug',
      url: 'products/red-fox#like',
    });
    expect(text.trim()).toBe('');
  });
});
