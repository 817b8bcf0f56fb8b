/**
 * The currency prices are kept in; every other currency is a rate against it (spec: EUR, rate 1,
 * symbol €), in the shape `GET /currencies` answers (`value`: units per 1 EUR). The API seeds it
 * and refuses to change its rate; the web falls back on it. A file of its own, with no imports,
 * because the web's first load carries it.
 */
export const BASE_CURRENCY = { code: 'EUR', value: 1, symbol: '€', name: 'Euro' } as const;
