/**
 * Texts kept as one catalogue per language (the mails', the receipts'), as the web app keeps its
 * own: English is complete and is the type, another language has the same keys. A text a language
 * lacks is English's, so a language that has not caught up with a new text still sends one. A list
 * (a mail's lines) is one text: it is taken whole, never merged line by line.
 */

/** A language's catalogue as it may be: English's shape, any text of it missing. */
export type Translation<T> = T extends string
  ? string
  : T extends readonly unknown[]
    ? T
    : { readonly [K in keyof T]?: Translation<T[K]> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `own` with English's text wherever it has none. A key English does not have is kept: the plural
 * forms of a language are its own (Polish "few" and "many", which English does not have).
 */
export function withEnglish<T>(english: T, own: Translation<NoInfer<T>> | undefined): T {
  return merged(english, own) as T;
}

function merged(english: unknown, own: unknown): unknown {
  if (own === undefined) return english;
  if (!isRecord(english) || !isRecord(own)) return own;
  const texts: Record<string, unknown> = { ...own };
  for (const [key, text] of Object.entries(english)) texts[key] = merged(text, own[key]);
  return texts;
}

const PLURAL_CATEGORIES: ReadonlySet<string> = new Set<Intl.LDMLPluralRule>([
  'zero',
  'one',
  'two',
  'few',
  'many',
  'other',
]);

/** A set of plural forms: keyed by plural categories ("one", "other" …) and nothing else. */
const isPluralForms = (value: Record<string, unknown>): boolean =>
  'other' in value && Object.keys(value).every((key) => PLURAL_CATEGORIES.has(key));

const placeholders = (text: string): string => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort().join(' ');

/**
 * Where `language`'s catalogue `own` is not written as English's `english` is: a key missing or
 * added, a text where English has a list or the other way round, a list of another length, a text
 * naming other `{placeholders}`. A set of plural forms has the plural categories of `language`
 * instead of English's ("one", "few", "many", "other" in Polish). Each difference is one line
 * naming the key, so a failing check says what to fix; none means the catalogue is complete.
 */
export function catalogueDifferences(english: unknown, own: unknown, language: string, at = ''): string[] {
  const where = at || '(the catalogue)';
  if (typeof english === 'string') {
    if (typeof own !== 'string') return [`${where}: a text in English, not here`];
    return placeholders(english) === placeholders(own)
      ? []
      : [`${where}: names ${placeholders(own) || 'no placeholder'}, English ${placeholders(english)}`];
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(own)) return [`${where}: a list in English, not here`];
    if (own.length !== english.length) return [`${where}: ${own.length} lines, English ${english.length}`];
    return english.flatMap((line, index) =>
      catalogueDifferences(line, own[index], language, `${at}[${index}]`),
    );
  }
  if (!isRecord(english) || !isRecord(own)) return [`${where}: a group of texts in English, not here`];
  const path = (key: string) => (at ? `${at}.${key}` : key);
  if (isPluralForms(english)) {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    return [
      ...categories.filter((category) => !(category in own)).map((category) => `${path(category)}: missing`),
      ...Object.keys(own)
        .filter((key) => !categories.includes(key as Intl.LDMLPluralRule))
        .map((key) => `${path(key)}: not a plural form of ${language}`),
      ...categories
        .filter((category) => category in own)
        .flatMap((category) => catalogueDifferences(english.other, own[category], language, path(category))),
    ];
  }
  return [
    ...Object.keys(english).flatMap((key) =>
      key in own
        ? catalogueDifferences(english[key], own[key], language, path(key))
        : [`${path(key)}: missing`],
    ),
    ...Object.keys(own)
      .filter((key) => !(key in english))
      .map((key) => `${path(key)}: not in English`),
  ];
}
