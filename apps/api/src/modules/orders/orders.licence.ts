import { strToU8 } from 'fflate';

/**
 * The licences a zip carries (decision 0053), a bought prompt's or a generated picture's: the
 * English text, which binds, always as `LICENSE.txt`, and beside it a translation into the reader's
 * language as `LICENSE.<lang>.txt`, which says that the English text prevails.
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
 * The licence in a generated picture's zip. The picture is the user's own creation, made from
 * their prompt, so it grants what a purchase's licence withholds: reselling and redistributing it.
 */
export const GENERATED_LICENCE_TEXT = `PromptMarket licence for generated images

You created this image with the PromptMarket image generator from your own prompt. It is yours: you may
use, change, publish, sell and redistribute it, for personal and commercial purposes, without naming
PromptMarket. You are responsible for the prompt you wrote and for how the image is used. Images made
by the demo engine carry its label; see the terms and conditions of PromptMarket for the full text.

This English text is the binding one. A translation of it may be beside it in this zip, for your
understanding only; where the two differ, this English text prevails.
`;

/** The generated-image licence's translations, each naming the English text as the binding one. */
export const translatedGeneratedLicences: Readonly<Record<string, string>> = {
  de: `PromptMarket-Lizenz für generierte Bilder (Übersetzung)

Du hast dieses Bild mit dem Bildgenerator von PromptMarket aus deinem eigenen Prompt erstellt. Es gehört
dir: Du darfst es privat und kommerziell nutzen, verändern, veröffentlichen, verkaufen und weitergeben,
ohne PromptMarket zu nennen. Für den Prompt, den du geschrieben hast, und dafür, wie das Bild genutzt
wird, bist du verantwortlich. Bilder der Demo-Engine tragen deren Kennzeichnung; den vollständigen Text
findest du in den Allgemeinen Geschäftsbedingungen von PromptMarket.

Diese Übersetzung dient nur deinem Verständnis. Verbindlich ist der englische Text in LICENSE.txt;
weichen die beiden voneinander ab, gilt der englische Text.
`,
  fr: `Licence PromptMarket pour les images générées (traduction)

Vous avez créé cette image avec le générateur d’images de PromptMarket à partir de votre propre prompt.
Elle vous appartient : vous pouvez l’utiliser, la modifier, la publier, la vendre et la diffuser, à des
fins personnelles et commerciales, sans citer PromptMarket. Vous êtes responsable du prompt que vous avez
écrit et de l’usage qui est fait de l’image. Les images du moteur de démonstration portent sa mention ;
le texte complet figure dans les conditions générales de PromptMarket.

Cette traduction est fournie uniquement pour votre compréhension. Le texte anglais du fichier
LICENSE.txt fait foi ; en cas de divergence, le texte anglais prévaut.
`,
  es: `Licencia de PromptMarket para imágenes generadas (traducción)

Creaste esta imagen con el generador de imágenes de PromptMarket a partir de tu propio prompt. Es tuya:
puedes usarla, modificarla, publicarla, venderla y distribuirla, con fines personales y comerciales, sin
mencionar a PromptMarket. Eres responsable del prompt que escribiste y del uso que se haga de la imagen.
Las imágenes del motor de demostración llevan su marca; el texto completo está en los términos y
condiciones de PromptMarket.

Esta traducción es solo para tu comprensión. El texto vinculante es el inglés del archivo
LICENSE.txt; si ambos difieren, prevalece el texto en inglés.
`,
  it: `Licenza PromptMarket per le immagini generate (traduzione)

Hai creato questa immagine con il generatore di immagini di PromptMarket a partire dal tuo prompt. È tua:
puoi usarla, modificarla, pubblicarla, venderla e diffonderla, per scopi personali e commerciali, senza
citare PromptMarket. Sei responsabile del prompt che hai scritto e di come l’immagine viene usata. Le
immagini del motore demo portano il suo contrassegno; il testo completo è nei termini e condizioni di
PromptMarket.

Questa traduzione serve solo alla tua comprensione. Il testo vincolante è quello inglese del file
LICENSE.txt; in caso di differenze prevale il testo inglese.
`,
  pl: `Licencja PromptMarket na wygenerowane obrazy (tłumaczenie)

Ten obraz powstał w generatorze obrazów PromptMarket z Twojego własnego promptu. Należy do Ciebie: możesz
go używać, zmieniać, publikować, sprzedawać i rozpowszechniać, w celach prywatnych i komercyjnych, bez
wymieniania PromptMarket. Odpowiadasz za prompt, który napisałeś, i za sposób użycia obrazu. Obrazy
z silnika demonstracyjnego noszą jego oznaczenie; pełny tekst znajdziesz w regulaminie PromptMarket.

To tłumaczenie służy wyłącznie Twojemu zrozumieniu. Wiążący jest angielski tekst w pliku
LICENSE.txt; w razie rozbieżności pierwszeństwo ma tekst angielski.
`,
};

const licences = {
  purchase: { english: LICENCE_TEXT, translations: translatedLicences },
  generated: { english: GENERATED_LICENCE_TEXT, translations: translatedGeneratedLicences },
};

/**
 * The licence files of a zip (a bought prompt's, or a generated picture's) for a reader of
 * `languages` (the first one the shop has a translation in is used): the English text and, unless
 * it is English, its translation.
 */
export function licenceFiles(
  languages: readonly string[],
  kind: keyof typeof licences = 'purchase',
): Record<string, Uint8Array> {
  const { english, translations } = licences[kind];
  const files: Record<string, Uint8Array> = { 'LICENSE.txt': strToU8(english) };
  const language = languages.find((code) => code === 'en' || code in translations);
  const translation = language ? translations[language] : undefined;
  if (language && translation) files[`LICENSE.${language}.txt`] = strToU8(translation);
  return files;
}
