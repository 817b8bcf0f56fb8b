import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { ensureDemoAccount } from '../accounts/accounts.bootstrap';
import { mostLikedOnSale } from '../catalogue/catalogue.service';
import { purchase } from '../orders/orders.service';
import { creditDemoBuyer } from '../wallet/wallet.service';
import { createReview, hasReviews } from './reviews.service';

/*
 * The demo shop's reviews: a few demo buyers each buy some of the most liked prompts through the
 * orders (so every review is a buyer's, as the shop requires) and review them in their language.
 * Only the `DEMO_REVIEWED` most liked prompts get reviews, so a catalogue of any size seeds them
 * in the same few seconds.
 */

export const DEMO_REVIEWED = 30;

/** Credits each demo buyer gets, in minor units: more than the reviewed prompts cost together. */
const DEMO_BUYER_CREDITS = 1_000_000;

const demoBuyers = [
  { email: 'demo.buyer.anna@example.com', firstName: 'Anna', lastName: 'Kowalska', locale: 'pl' },
  { email: 'demo.buyer.lukas@example.com', firstName: 'Lukas', lastName: 'Becker', locale: 'de' },
  { email: 'demo.buyer.camille@example.com', firstName: 'Camille', lastName: 'Martin', locale: 'fr' },
  { email: 'demo.buyer.lucia@example.com', firstName: 'Lucía', lastName: 'García', locale: 'es' },
  { email: 'demo.buyer.giulia@example.com', firstName: 'Giulia', lastName: 'Rossi', locale: 'it' },
  { email: 'demo.buyer.james@example.com', firstName: 'James', lastName: 'Carter', locale: 'en' },
] as const;

/** A review's text by language, for 5, 4 and 3 stars; some reviews have stars only. */
const demoTexts: Record<string, [string, string, string]> = {
  en: [
    'Exactly what I hoped for: the light and the colours came out beautifully on the first try.',
    'Very good prompt. I changed the lens a little to fit my format.',
    'Nice starting point, though I needed a few tries to get the mood right.',
  ],
  de: [
    'Genau, was ich gesucht habe: Licht und Farben waren gleich beim ersten Versuch großartig.',
    'Sehr guter Prompt. Ich habe das Objektiv etwas an mein Format angepasst.',
    'Guter Ausgangspunkt, für die richtige Stimmung brauchte ich aber ein paar Versuche.',
  ],
  fr: [
    'Exactement ce que j’espérais : la lumière et les couleurs sont superbes dès le premier essai.',
    'Très bon prompt. J’ai un peu changé l’objectif pour mon format.',
    'Bon point de départ, mais il m’a fallu quelques essais pour trouver l’ambiance.',
  ],
  es: [
    'Justo lo que buscaba: la luz y los colores salieron preciosos al primer intento.',
    'Muy buen prompt. Cambié un poco el objetivo para mi formato.',
    'Buen punto de partida, aunque necesité varios intentos para lograr el ambiente.',
  ],
  it: [
    'Esattamente ciò che speravo: luce e colori perfetti al primo tentativo.',
    'Ottimo prompt. Ho cambiato un po’ l’obiettivo per il mio formato.',
    'Buon punto di partenza, anche se mi sono servite alcune prove per l’atmosfera giusta.',
  ],
  pl: [
    'Dokładnie to, czego szukałam: światło i kolory wyszły pięknie za pierwszym razem.',
    'Bardzo dobry prompt. Trochę zmieniłam obiektyw pod mój format.',
    'Dobry punkt wyjścia, choć nastrój wymagał kilku prób.',
  ],
};

/** Runs a step the seed may have done before: what it refuses as done already is passed over. */
async function unlessDone(step: () => Promise<unknown>, done: (error: AppError) => boolean): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof AppError && done(error))) throw error;
  }
}

/**
 * Seeds the demo reviews: two to four per prompt of the most liked ones, each by a demo buyer who
 * bought it. Writes nothing when the shop has a review already; a run cut short before its first
 * review passes over the purchases it made.
 */
export async function seedDemoReviews(db: Db, log: (line: string) => void = () => {}): Promise<void> {
  if (await hasReviews(db)) return;
  const started = Date.now();
  const reviewed = await mostLikedOnSale(db, DEMO_REVIEWED);
  if (reviewed.length === 0) return;
  const buyers: { id: string; locale: string }[] = [];
  for (const buyer of demoBuyers) {
    const id = await ensureDemoAccount(db, buyer);
    await creditDemoBuyer(db, { userId: id, amount: DEMO_BUYER_CREDITS });
    buyers.push({ id, locale: buyer.locale });
  }
  let written = 0;
  for (const [index, product] of reviewed.entries()) {
    const reviewers = 2 + (index % 3);
    for (let turn = 0; turn < reviewers; turn++) {
      const buyer = buyers[(index + turn) % buyers.length] as { id: string; locale: string };
      await unlessDone(
        () =>
          purchase(db, {
            userId: buyer.id,
            productIds: [product.id],
            idempotencyKey: null,
            requestHash: null,
            expectedTotal: null,
            locale: buyer.locale,
            mailsBuyer: false,
          }),
        (error) => error.message === 'purchase.owned',
      );
      // Mostly 4 and 5 stars, now and then 3; every third review has stars only.
      const stars = [5, 4, 5, 3, 5, 4][(index * 7 + turn) % 6] as number;
      const texts = demoTexts[buyer.locale] ?? demoTexts.en;
      const text = (index + turn) % 3 === 2 ? null : (texts?.[5 - stars] ?? null);
      await unlessDone(
        async () => {
          await createReview(db, { id: buyer.id, locale: buyer.locale }, product.id, { stars, text });
          written += 1;
        },
        (error) => error.code === 'REVIEW_EXISTS',
      );
    }
  }
  if (written > 0)
    log(
      `seeded ${written} demo reviews of ${reviewed.length} prompts in ${Math.round((Date.now() - started) / 1000)} s`,
    );
}
