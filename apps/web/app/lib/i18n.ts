import i18next, { type i18n } from 'i18next';
import type { Messages } from './messages';

/** One i18next instance per render (server) or per language (browser), never shared between visitors. */
export function createI18n(locale: string, messages: Messages): i18n {
  const instance = i18next.createInstance();
  instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { common: messages } },
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
