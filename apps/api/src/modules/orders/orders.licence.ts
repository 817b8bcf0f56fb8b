import { strToU8 } from 'fflate';

/**
 * The licence a bought prompt's zip carries (decision 0053): the English text, which binds, always
 * as `LICENSE.txt`, and beside it a translation into the buyer's language as `LICENSE.<lang>.txt`,
 * which says that the English text prevails.
 */

export const LICENCE_TEXT = `PromptMarket licence

You bought a non-exclusive, non-transferable licence to use this image and its prompt for personal and
commercial purposes. Reselling or redistributing the files as they are is not allowed. See the terms
and conditions of PromptMarket for the full text.

This English text is the binding one. A translation of it may be beside it in this zip, for your
understanding only; where the two differ, this English text prevails.
`;

/** The translations, each naming the English text as the binding one. */
export const translatedLicences: Readonly<Record<string, string>> = {
  de: `PromptMarket-Lizenz (Übersetzung)

Du hast eine einfache, nicht übertragbare Lizenz erworben, dieses Bild und seinen Prompt privat und
kommerziell zu nutzen. Der Weiterverkauf oder die Weitergabe der Dateien in unveränderter Form ist
nicht erlaubt. Den vollständigen Text findest du in den Allgemeinen Geschäftsbedingungen von
PromptMarket.

Diese Übersetzung dient nur deinem Verständnis. Verbindlich ist der englische Text in LICENSE.txt;
weichen die beiden voneinander ab, gilt der englische Text.
`,
  fr: `Licence PromptMarket (traduction)

Vous avez acheté une licence non exclusive et non transférable qui vous permet d’utiliser cette image
et son prompt à des fins personnelles et commerciales. La revente ou la redistribution des fichiers en
l’état est interdite. Le texte complet figure dans les conditions générales de PromptMarket.

Cette traduction vous est fournie pour information uniquement. Seul le texte anglais du fichier
LICENSE.txt fait foi ; en cas de divergence, le texte anglais prévaut.
`,
  es: `Licencia de PromptMarket (traducción)

Has comprado una licencia no exclusiva e intransferible para usar esta imagen y su prompt con fines
personales y comerciales. No está permitido revender ni redistribuir los archivos tal como están.
Encontrarás el texto completo en los términos y condiciones de PromptMarket.

Esta traducción es solo orientativa. El texto vinculante es el texto en inglés del archivo
LICENSE.txt; si ambos difieren, prevalece el texto en inglés.
`,
  it: `Licenza PromptMarket (traduzione)

Hai acquistato una licenza non esclusiva e non trasferibile per usare questa immagine e il suo prompt
per scopi personali e commerciali. Non è consentito rivendere o ridistribuire i file così come sono.
Trovi il testo completo nei termini e condizioni di PromptMarket.

Questa traduzione serve solo a farti capire il testo. Il testo vincolante è quello inglese nel file
LICENSE.txt; in caso di differenze, prevale il testo inglese.
`,
  pl: `Licencja PromptMarket (tłumaczenie)

Ten zakup daje Ci niewyłączną i nieprzenoszalną licencję na korzystanie z tego obrazu i jego promptu w
celach prywatnych i komercyjnych. Odsprzedaż ani dalsze rozpowszechnianie plików w niezmienionej
postaci nie są dozwolone. Pełny tekst znajdziesz w regulaminie PromptMarket.

To tłumaczenie służy wyłącznie lepszemu zrozumieniu. Wiążący jest tekst angielski w pliku
LICENSE.txt; w razie rozbieżności pierwszeństwo ma tekst angielski.
`,
};

/**
 * The licence files of a zip for a buyer reading `languages` (the first one the shop has a
 * translation in is used): the English text and, unless it is English, its translation.
 */
export function licenceFiles(languages: readonly string[]): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = { 'LICENSE.txt': strToU8(LICENCE_TEXT) };
  const language = languages.find((code) => code === 'en' || code in translatedLicences);
  const translation = language ? translatedLicences[language] : undefined;
  if (language && translation) files[`LICENSE.${language}.txt`] = strToU8(translation);
  return files;
}
