import { DEFAULT_LOCALE } from '@promptmarket/contracts';
import deAuth from '../locales/de/auth.json';
import de from '../locales/de/common.json';
import enAuth from '../locales/en/auth.json';
import en from '../locales/en/common.json';
import esAuth from '../locales/es/auth.json';
import es from '../locales/es/common.json';
import frAuth from '../locales/fr/auth.json';
import fr from '../locales/fr/common.json';
import itAuth from '../locales/it/auth.json';
import it from '../locales/it/common.json';
import plAuth from '../locales/pl/auth.json';
import pl from '../locales/pl/common.json';
import { type Messages, mergeMessages } from './messages';

/**
 * The built-in texts, one file per language and feature. Only the server holds them all;
 * a page gets the one language it shows.
 */
const builtIn: Record<string, Messages> = {
  en: mergeMessages(en, enAuth),
  de: mergeMessages(de, deAuth),
  fr: mergeMessages(fr, frAuth),
  es: mergeMessages(es, esAuth),
  it: mergeMessages(it, itAuth),
  pl: mergeMessages(pl, plAuth),
};

/**
 * The texts for one language: built-in English, then the language's own, then the
 * overrides from /localization/{locale}/words (flat dotted keys).
 */
export function messagesFor(locale: string, overrides: Record<string, string> = {}): Messages {
  const english = builtIn[DEFAULT_LOCALE] ?? {};
  const own = locale === DEFAULT_LOCALE ? {} : (builtIn[locale] ?? {});
  return mergeMessages(mergeMessages(english, own), overrides);
}
