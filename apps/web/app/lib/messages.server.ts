import { DEFAULT_LOCALE } from '@promptmarket/contracts';
import de from '../locales/de/common.json';
import en from '../locales/en/common.json';
import es from '../locales/es/common.json';
import fr from '../locales/fr/common.json';
import it from '../locales/it/common.json';
import pl from '../locales/pl/common.json';
import { type Messages, mergeMessages } from './messages';

/** The built-in texts. Only the server holds them all; a page gets the one language it shows. */
const builtIn: Record<string, Messages> = { en, de, fr, es, it, pl };

/**
 * The texts for one language: built-in English, then the language's own, then the
 * overrides from /localization/{locale}/words (flat dotted keys).
 */
export function messagesFor(locale: string, overrides: Record<string, string> = {}): Messages {
  const english = builtIn[DEFAULT_LOCALE] ?? {};
  const own = locale === DEFAULT_LOCALE ? {} : (builtIn[locale] ?? {});
  return mergeMessages(mergeMessages(english, own), overrides);
}
