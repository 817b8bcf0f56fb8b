// The fixed mix of `npm run bench`: 200 distinct list queries of the kinds visitors make
// (a category, a style, a price range, a sort, a search word, a later page, and mixes of them).
// Drawn once from the demo catalogue's slugs and title words with a fixed seed, so every run
// measures the same 200 addresses.

const categories = [
  'portraits',
  'fantasy-portraits',
  'landscapes',
  'mountains',
  'seascapes',
  'animals',
  'pets',
  'wildlife',
  'architecture',
  'interiors',
  'cityscapes',
  'science-fiction',
  'space',
  'cyberpunk',
  'fantasy',
  'creatures',
  'castles',
  'food',
  'desserts',
  'drinks',
  'abstract',
  'patterns',
];
const styles = [
  'photorealistic',
  'watercolor',
  'oil-painting',
  'anime',
  'pixel-art',
  '3d-render',
  'line-art',
  'cinematic',
  'vaporwave',
  'minimalist',
];
const words = [
  'portrait',
  'castle',
  'sunset',
  'dragon',
  'forest',
  'city',
  'ocean',
  'astronaut',
  'coffee',
  'cyber',
  'mountain',
  'garden',
  'library',
  'whale',
  'neon',
  'winter',
  'autumn',
  'crystal',
  'lighthouse',
  'fox',
  'protrait',
  'castel',
  'dragn',
  'lighthous',
  'mountian',
];
const sorts = ['newest', 'price_asc', 'price_desc', 'popular'];

/** A small deterministic generator (mulberry32): the same numbers on every run. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` distinct list queries; another `seed` draws another set (none of the fixed mix's). The
 * API's addresses name the filters as the API reads them (`category_slugs`, `style_slugs`); a
 * page's, as the list page writes them into its address (`category`, `style`).
 */
export function benchQueries(count = 200, seed = 20261123, prefix = '/api/products') {
  const names = prefix.startsWith('/api/')
    ? { category: 'category_slugs', style: 'style_slugs' }
    : { category: 'category', style: 'style' };
  const random = generator(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const queries = new Set();
  while (queries.size < count) {
    const params = new URLSearchParams();
    const roll = random();
    if (roll < 0.35) params.set(names.category, pick(categories));
    if (roll > 0.25 && roll < 0.6) params.set(names.style, pick(styles));
    if (random() < 0.3) params.set('search', pick(words));
    if (random() < 0.25) {
      const low = Math.floor(random() * 8) + 1;
      params.set('price_min', String(low));
      params.set('price_max', String(low + Math.floor(random() * 10) + 2));
    }
    if (random() < 0.6) params.set('sort', pick(sorts));
    if (random() < 0.4) params.set('page', String(Math.floor(random() * 20) + 2));
    queries.add(`${prefix}?${params}`);
  }
  return [...queries];
}
