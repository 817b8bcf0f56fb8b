/**
 * The brands a way to pay takes, by its type (`paymentMethods` in deposits.ts), as the shop names
 * them where it says what it accepts: a card payment takes the card schemes. A type not listed is
 * named by its own name. Kept apart from the deposits' schemas, so the footer of every page reads
 * it without them.
 */
export const paymentMethodBrands: Readonly<Record<string, readonly string[]>> = {
  card: ['Visa', 'Mastercard'],
};
