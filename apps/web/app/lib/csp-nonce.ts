import { createContext, useContext } from 'react';

/**
 * The response's CSP nonce during the server render; undefined in the browser, which hides
 * nonces from the page anyway.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
