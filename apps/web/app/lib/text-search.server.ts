import { foldText } from '@promptmarket/contracts/folded-text';
import type { Messages } from './messages';
import { allMessagesFor } from './messages.server';

/** One interface text as the back office picks it: its key, its built-in wording and the one shown now. */
export type FoundText = { key: string; builtIn: string; current: string };

/** The most texts one search shows: a search that finds more asks for more words. */
export const FOUND_TEXTS_SHOWN = 50;

/** Every text of a tree of texts, by its dotted key. */
function flatten(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([name, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${name}`, value]] : flatten(value, `${prefix}${name}.`),
  );
}

/** The built-in texts of each language, flattened once: they never change while the server runs. */
const flatByLocale = new Map<string, [string, string][]>();

function builtInTexts(locale: string): [string, string][] {
  let flat = flatByLocale.get(locale);
  if (!flat) {
    flat = flatten(allMessagesFor(locale)).sort(([a], [b]) => a.localeCompare(b));
    flatByLocale.set(locale, flat);
  }
  return flat;
}

/**
 * The interface texts of a language whose wording (built-in or as changed) or key holds every word
 * of `term`, case and accents folded, in key order: the first FOUND_TEXTS_SHOWN, and how many
 * there are. `overrides` are the language's changed texts by dotted key.
 */
export function findTexts(
  locale: string,
  term: string,
  overrides: Record<string, string>,
): { total: number; found: FoundText[] } {
  const words = foldText(term).split(/\s+/).filter(Boolean);
  if (words.length === 0) return { total: 0, found: [] };
  const matches = builtInTexts(locale).flatMap(([key, builtIn]): FoundText[] => {
    const current = overrides[key] ?? builtIn;
    const haystack = foldText(`${key} ${builtIn} ${current}`);
    return words.every((word) => haystack.includes(word)) ? [{ key, builtIn, current }] : [];
  });
  return { total: matches.length, found: matches.slice(0, FOUND_TEXTS_SHOWN) };
}
