import { setNonce } from 'get-nonce';

/**
 * The primitives that lock page scroll (dialogs, menus, popovers) add a <style> element at run
 * time. The Content-Security-Policy admits a <style> only with the page's nonce, so they are
 * given it: the browser hides the nonce attribute from the page, but an element's `nonce`
 * property keeps the value. Imported for this effect by every wrapper that can add styles.
 */
if (typeof document !== 'undefined') {
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) setNonce(nonce);
}
