import { createContext, createElement, type ReactNode, useContext } from 'react';
import type { Messages } from './messages';

/**
 * The interface texts of one language. Every page gets its language's texts from the locale
 * layout's loader (no language files in the scripts); this is the small part that looks them up,
 * fills in `{{values}}` and picks plural forms (`key_one`, `key_few`, `key_other`, by the
 * language's plural rules). A missing text shows its key.
 */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** `messages` are the texts it looks up, for a nested provider that adds to them. */
export type Translator = { language: string; t: Translate; messages: Messages };

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(messages: Messages, key: string): string | undefined {
  let node: Messages | string | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** One translator per language and text set, never shared between visitors. */
export function createTranslator(language: string, messages: Messages): Translator {
  const plurals = new Intl.PluralRules(language);
  const t: Translate = (key, values) => {
    const count = values?.count;
    let text: string | undefined;
    if (typeof count === 'number') {
      text =
        (count === 0 ? lookup(messages, `${key}_zero`) : undefined) ??
        lookup(messages, `${key}_${plurals.select(count)}`) ??
        lookup(messages, `${key}_other`);
    }
    text ??= lookup(messages, key);
    if (text === undefined) return key;
    if (!values) return text;
    return text.replace(placeholder, (_, name: string) => {
      const value = values[name];
      return value === undefined || value === null ? '' : String(value);
    });
  };
  return { language, t, messages };
}

const TranslatorContext = createContext<Translator | null>(null);

export function TranslationProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return createElement(TranslatorContext.Provider, { value: translator }, children);
}

/** The page language's texts, for any component below the locale layout. */
export function useTranslation(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation() is only available below the locale layout');
  return translator;
}
