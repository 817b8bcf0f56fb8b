import { createContext, useContext } from 'react';

/**
 * The response's CSP nonce during the server render. In the browser it is empty, as the
 * browser shows every nonce attribute as empty: hydration then finds what it expects.
 */
export const CspNonceContext = createContext<string | undefined>('');

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
