import type { Messages } from './messages';

/** Where the languages' texts scripts are served (`/texts/<language>.<hash>.js`). */
export const TEXTS_PATH = '/texts/';

/**
 * The texts by their script's address: in the browser, what the scripts put there as they ran
 * (decision 0032); on the server, what `textsScriptFor` made.
 */
function cachedTextsByAddress(): Record<string, Messages> {
  const scope = globalThis as { __texts?: Record<string, Messages> };
  scope.__texts ??= {};
  return scope.__texts;
}

/** The texts a script put under its address (a page's script has run before the page starts). */
export const cachedTexts = (address: string): Messages =>
  (globalThis as unknown as { __texts: Record<string, Messages> }).__texts[address] as Messages;

export function cacheTexts(address: string, texts: Messages): void {
  cachedTextsByAddress()[address] = texts;
}

export function forgetTexts(address: string): void {
  delete cachedTextsByAddress()[address];
}
