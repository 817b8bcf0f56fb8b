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
  let found = lookedUp.get(messages);
  if (!found) {
    found = new Map();
    lookedUp.set(messages, found);
  }
  if (found.has(key)) return found.get(key);
  let node: Messages | string | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') {
      node = undefined;
      break;
    }
    node = node[part];
  }
  const text = typeof node === 'string' ? node : undefined;
  found.set(key, text);
  return text;
}

/**
 * Each text set's keys as looked up, with their texts: a page looks up hundreds, the same on every
 * page of a language, and the server renders every page of a language from one text set. A text
 * set is never changed once made (a changed text is a new set).
 */
const lookedUp = new WeakMap<Messages, Map<string, string | undefined>>();

/** Each language's plural rules, made once and cached: the same for every page, and costly to make. */
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralRulesOf(language: string): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules;
}

/** One translator per language and text set, never shared between visitors. */
export function createTranslator(language: string, messages: Messages): Translator {
  const plurals = pluralRulesOf(language);
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
  if (!translator) throw new Error('useTranslation(): no locale layout');
  return translator;
}
