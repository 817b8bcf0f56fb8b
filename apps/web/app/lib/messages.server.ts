import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE } from '@promptmarket/contracts/locale';
import { validationMessages } from '@promptmarket/contracts/validation-messages';
import deAdmin from '../locales/de/admin.json';
import deAdminOrders from '../locales/de/admin-orders.json';
import deAdminRefunds from '../locales/de/admin-refunds.json';
import deAdminReports from '../locales/de/admin-reports.json';
import deAdminReviews from '../locales/de/admin-reviews.json';
import deAdminSearch from '../locales/de/admin-search.json';
import deAdminSecurity from '../locales/de/admin-security.json';
import deAdminWork from '../locales/de/admin-work.json';
import deAuth from '../locales/de/auth.json';
import de from '../locales/de/common.json';
import deFavourites from '../locales/de/favourites.json';
import deLedger from '../locales/de/ledger.json';
import deOffers from '../locales/de/offers.json';
import deOrders from '../locales/de/orders.json';
import deReceipts from '../locales/de/receipts.json';
import deReviews from '../locales/de/reviews.json';
import deShop from '../locales/de/shop.json';
import deVerification from '../locales/de/verification.json';
import deWallet from '../locales/de/wallet.json';
import enAdmin from '../locales/en/admin.json';
import enAdminOrders from '../locales/en/admin-orders.json';
import enAdminRefunds from '../locales/en/admin-refunds.json';
import enAdminReports from '../locales/en/admin-reports.json';
import enAdminReviews from '../locales/en/admin-reviews.json';
import enAdminSearch from '../locales/en/admin-search.json';
import enAdminSecurity from '../locales/en/admin-security.json';
import enAdminWork from '../locales/en/admin-work.json';
import enAuth from '../locales/en/auth.json';
import en from '../locales/en/common.json';
import enFavourites from '../locales/en/favourites.json';
import enLedger from '../locales/en/ledger.json';
import enOffers from '../locales/en/offers.json';
import enOrders from '../locales/en/orders.json';
import enReceipts from '../locales/en/receipts.json';
import enReviews from '../locales/en/reviews.json';
import enShop from '../locales/en/shop.json';
import enVerification from '../locales/en/verification.json';
import enWallet from '../locales/en/wallet.json';
import esAdmin from '../locales/es/admin.json';
import esAdminOrders from '../locales/es/admin-orders.json';
import esAdminRefunds from '../locales/es/admin-refunds.json';
import esAdminReports from '../locales/es/admin-reports.json';
import esAdminReviews from '../locales/es/admin-reviews.json';
import esAdminSearch from '../locales/es/admin-search.json';
import esAdminSecurity from '../locales/es/admin-security.json';
import esAdminWork from '../locales/es/admin-work.json';
import esAuth from '../locales/es/auth.json';
import es from '../locales/es/common.json';
import esFavourites from '../locales/es/favourites.json';
import esLedger from '../locales/es/ledger.json';
import esOffers from '../locales/es/offers.json';
import esOrders from '../locales/es/orders.json';
import esReceipts from '../locales/es/receipts.json';
import esReviews from '../locales/es/reviews.json';
import esShop from '../locales/es/shop.json';
import esVerification from '../locales/es/verification.json';
import esWallet from '../locales/es/wallet.json';
import frAdmin from '../locales/fr/admin.json';
import frAdminOrders from '../locales/fr/admin-orders.json';
import frAdminRefunds from '../locales/fr/admin-refunds.json';
import frAdminReports from '../locales/fr/admin-reports.json';
import frAdminReviews from '../locales/fr/admin-reviews.json';
import frAdminSearch from '../locales/fr/admin-search.json';
import frAdminSecurity from '../locales/fr/admin-security.json';
import frAdminWork from '../locales/fr/admin-work.json';
import frAuth from '../locales/fr/auth.json';
import fr from '../locales/fr/common.json';
import frFavourites from '../locales/fr/favourites.json';
import frLedger from '../locales/fr/ledger.json';
import frOffers from '../locales/fr/offers.json';
import frOrders from '../locales/fr/orders.json';
import frReceipts from '../locales/fr/receipts.json';
import frReviews from '../locales/fr/reviews.json';
import frShop from '../locales/fr/shop.json';
import frVerification from '../locales/fr/verification.json';
import frWallet from '../locales/fr/wallet.json';
import itAdmin from '../locales/it/admin.json';
import itAdminOrders from '../locales/it/admin-orders.json';
import itAdminRefunds from '../locales/it/admin-refunds.json';
import itAdminReports from '../locales/it/admin-reports.json';
import itAdminReviews from '../locales/it/admin-reviews.json';
import itAdminSearch from '../locales/it/admin-search.json';
import itAdminSecurity from '../locales/it/admin-security.json';
import itAdminWork from '../locales/it/admin-work.json';
import itAuth from '../locales/it/auth.json';
import it from '../locales/it/common.json';
import itFavourites from '../locales/it/favourites.json';
import itLedger from '../locales/it/ledger.json';
import itOffers from '../locales/it/offers.json';
import itOrders from '../locales/it/orders.json';
import itReceipts from '../locales/it/receipts.json';
import itReviews from '../locales/it/reviews.json';
import itShop from '../locales/it/shop.json';
import itVerification from '../locales/it/verification.json';
import itWallet from '../locales/it/wallet.json';
import plAdmin from '../locales/pl/admin.json';
import plAdminOrders from '../locales/pl/admin-orders.json';
import plAdminRefunds from '../locales/pl/admin-refunds.json';
import plAdminReports from '../locales/pl/admin-reports.json';
import plAdminReviews from '../locales/pl/admin-reviews.json';
import plAdminSearch from '../locales/pl/admin-search.json';
import plAdminSecurity from '../locales/pl/admin-security.json';
import plAdminWork from '../locales/pl/admin-work.json';
import plAuth from '../locales/pl/auth.json';
import pl from '../locales/pl/common.json';
import plFavourites from '../locales/pl/favourites.json';
import plLedger from '../locales/pl/ledger.json';
import plOffers from '../locales/pl/offers.json';
import plOrders from '../locales/pl/orders.json';
import plReceipts from '../locales/pl/receipts.json';
import plReviews from '../locales/pl/reviews.json';
import plShop from '../locales/pl/shop.json';
import plVerification from '../locales/pl/verification.json';
import plWallet from '../locales/pl/wallet.json';
import { type Messages, mergeMessages, VALIDATION } from './messages';
import { type Packed, pack } from './packed';
import { cacheTexts, forgetTexts, TEXTS_PATH } from './texts';

/**
 * The built-in texts, one file per language and feature. Only the server holds them all;
 * a page gets the one language it shows.
 */
const builtIn: Record<string, Messages> = {
  en: [
    enAuth,
    enShop,
    enWallet,
    enLedger,
    enOrders,
    enFavourites,
    enReceipts,
    enReviews,
    enOffers,
    enVerification,
    enAdmin,
    enAdminRefunds,
    enAdminReviews,
    enAdminReports,
    enAdminOrders,
    enAdminWork,
    enAdminSearch,
    enAdminSecurity,
  ].reduce(mergeMessages, en as Messages),
  de: [
    deAuth,
    deShop,
    deWallet,
    deLedger,
    deOrders,
    deFavourites,
    deReceipts,
    deReviews,
    deOffers,
    deVerification,
    deAdmin,
    deAdminRefunds,
    deAdminReviews,
    deAdminReports,
    deAdminOrders,
    deAdminWork,
    deAdminSearch,
    deAdminSecurity,
  ].reduce(mergeMessages, de as Messages),
  fr: [
    frAuth,
    frShop,
    frWallet,
    frLedger,
    frOrders,
    frFavourites,
    frReceipts,
    frReviews,
    frOffers,
    frVerification,
    frAdmin,
    frAdminRefunds,
    frAdminReviews,
    frAdminReports,
    frAdminOrders,
    frAdminWork,
    frAdminSearch,
    frAdminSecurity,
  ].reduce(mergeMessages, fr as Messages),
  es: [
    esAuth,
    esShop,
    esWallet,
    esLedger,
    esOrders,
    esFavourites,
    esReceipts,
    esReviews,
    esOffers,
    esVerification,
    esAdmin,
    esAdminRefunds,
    esAdminReviews,
    esAdminReports,
    esAdminOrders,
    esAdminWork,
    esAdminSearch,
    esAdminSecurity,
  ].reduce(mergeMessages, es as Messages),
  it: [
    itAuth,
    itShop,
    itWallet,
    itLedger,
    itOrders,
    itFavourites,
    itReceipts,
    itReviews,
    itOffers,
    itVerification,
    itAdmin,
    itAdminRefunds,
    itAdminReviews,
    itAdminReports,
    itAdminOrders,
    itAdminWork,
    itAdminSearch,
    itAdminSecurity,
  ].reduce(mergeMessages, it as Messages),
  pl: [
    plAuth,
    plShop,
    plWallet,
    plLedger,
    plOrders,
    plFavourites,
    plReceipts,
    plReviews,
    plOffers,
    plVerification,
    plAdmin,
    plAdminRefunds,
    plAdminReviews,
    plAdminReports,
    plAdminOrders,
    plAdminWork,
    plAdminSearch,
    plAdminSecurity,
  ].reduce(mergeMessages, pl as Messages),
};

/**
 * The validation texts of one language (the contracts' catalogue, which the API answers 422s
 * with), under `validation`: a form shows a schema's key in the page's language from the texts the
 * page already has, so no page's scripts carry the catalogue of every language.
 */
function validationTextsOf(locale: string): Messages {
  const catalogue = (validationMessages as Record<string, Record<string, string>>)[locale] ?? {};
  return mergeMessages(
    {},
    Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [`${VALIDATION}.${key}`, text])),
  );
}

/** Each language's built-in texts with its validation texts. */
const shipped: Record<string, Messages> = Object.fromEntries(
  Object.entries(builtIn).map(([locale, texts]) => [locale, mergeMessages(texts, validationTextsOf(locale))]),
);

/** Every text of one language: built-in English, the language's own, then the overrides. */
export function allMessagesFor(locale: string, overrides: Record<string, string> = {}): Messages {
  const english = shipped[DEFAULT_LOCALE] ?? {};
  const own = locale === DEFAULT_LOCALE ? {} : (shipped[locale] ?? {});
  return mergeMessages(mergeMessages(english, own), overrides);
}

/**
 * The back office's texts (under `admin`), which only its screens need: the shop's pages carry
 * the one that links to it. The back-office layout adds the rest (`backOfficeMessagesFor`).
 */
const BACK_OFFICE = 'admin';
const SHOP_KEPT_BACK_OFFICE_TEXTS = ['link'];

/**
 * The texts every shop page carries for one language (flat dotted overrides from
 * /localization/{locale}/overrides applied), without the back office's.
 */
export function messagesFor(locale: string, overrides: Record<string, string> = {}): Messages {
  const { [BACK_OFFICE]: backOffice, ...shop } = allMessagesFor(locale, overrides);
  const kept = Object.fromEntries(
    SHOP_KEPT_BACK_OFFICE_TEXTS.flatMap((key) => {
      const text = (backOffice as Messages | undefined)?.[key];
      return text === undefined ? [] : [[key, text]];
    }),
  );
  return { ...shop, [BACK_OFFICE]: kept };
}

/** Packed shop texts lately made, cached by language and overrides: every page carries them. */
const packedTexts = new Map<string, Packed<Messages>>();
const PACKED_TEXTS_CACHE_SIZE = 24;

/**
 * `messagesFor`, packed, made once for each language and set of overrides and cached: every page
 * carries them, and they change only with the overrides, so merging and packing every text again
 * for each page would be work for nothing. The same text is the same string, which `unpack` then
 * recognises at once.
 */
export function packedMessagesFor(locale: string, overrides: Record<string, string> = {}): Packed<Messages> {
  const key = `${locale}\n${JSON.stringify(overrides)}`;
  let packed = packedTexts.get(key);
  if (packed === undefined) {
    packed = pack(messagesFor(locale, overrides));
    if (packedTexts.size >= PACKED_TEXTS_CACHE_SIZE)
      packedTexts.delete(packedTexts.keys().next().value as string);
    packedTexts.set(key, packed);
  }
  return packed;
}

/** The back office's own texts, for its layout to add to the shop's. */
export function backOfficeMessagesFor(locale: string, overrides: Record<string, string> = {}): Messages {
  const backOffice = allMessagesFor(locale, overrides)[BACK_OFFICE];
  return backOffice === undefined ? {} : { [BACK_OFFICE]: backOffice };
}

/** The languages the app has built-in texts for. */
export const builtInLocales: readonly string[] = Object.keys(builtIn);

/** A language's texts as a script of their own: its address (named by its content) and its code. */
export type TextsScript = { address: string; code: string; packed: string };

/** The code of a texts script: it puts the texts (`packed`, a JSON text) in `self.__texts` under `address`. */
export const textsCode = (address: string, packed: string): string =>
  `(self.__texts||(self.__texts={}))[${JSON.stringify(address)}]=${packed};\n`;

const textsScripts = new Map<string, TextsScript>();

/**
 * The shop texts of one language as a script the browser caches (decision 0032): it puts them
 * in `self.__texts` under its own address, which names its content, so any change of a text is
 * a new address and a cached copy is never stale. Pages name the script instead of carrying the
 * texts in their loader data (every text again in every page, written with three levels of
 * escaping).
 * Made once for each language and set of overrides; the server reads the texts by the address
 * too (`cachedTexts`).
 */
export function textsScriptFor(locale: string, overrides: Record<string, string> = {}): TextsScript {
  const packed = packedMessagesFor(locale, overrides);
  let script = textsScripts.get(packed);
  if (script === undefined) {
    const hash = createHash('sha256').update(locale).update('\n').update(packed).digest('base64url');
    const address = `${TEXTS_PATH}${locale}.${hash.slice(0, 16).replaceAll('-', '_')}.js`;
    script = { address, code: textsCode(address, packed), packed };
    if (textsScripts.size >= PACKED_TEXTS_CACHE_SIZE) {
      const oldest = textsScripts.keys().next().value as string;
      forgetTexts((textsScripts.get(oldest) as TextsScript).address);
      textsScripts.delete(oldest);
    }
    textsScripts.set(packed, script);
    cacheTexts(address, JSON.parse(packed) as Messages);
  }
  return script;
}
