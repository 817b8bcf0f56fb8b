/**
 * "Visa, Mastercard and SEPA" as each of the shop's languages writes a list, written out because a
 * browser's first `Intl.ListFormat` loads ICU's data on the page's thread: 75-95 ms on a slow phone,
 * in the footer of every page (decision 0059). The test pins each language to `Intl.ListFormat`'s
 * own output; any other language, and Spanish before a word that takes "e" for "y", goes through Intl.
 */
const AND: Record<string, { and: string; serialComma?: boolean }> = {
  en: { and: 'and', serialComma: true },
  de: { and: 'und' },
  fr: { and: 'et' },
  es: { and: 'y' },
  it: { and: 'e' },
  pl: { and: 'i' },
};

const listFormats: Record<string, Intl.ListFormat> = {};

export function listText(items: readonly string[], locale: string): string {
  const style = AND[locale];
  const last = items.at(-1) ?? '';
  if (!style || (locale === 'es' && /^h?i/i.test(last))) {
    listFormats[locale] ??= new Intl.ListFormat(locale, { type: 'conjunction' });
    return listFormats[locale].format(items);
  }
  if (items.length < 2) return last;
  const head = items.slice(0, -1).join(', ');
  return `${head}${style.serialComma && items.length > 2 ? ',' : ''} ${style.and} ${last}`;
}
