import { describe, expect, it } from 'vitest';
import { parseScene, type Scene } from '../generation/scene';
import { demoCatalogue, parseDemoCatalogue } from './catalogue.seed-data';
import demoCatalogueData from './catalogue.seed-data.json' with { type: 'json' };

/** A deep copy of the shipped data to spoil one entry of. */
const copy = () => structuredClone(demoCatalogueData) as unknown as Record<string, Record<string, unknown>[]>;

describe('the demo catalogue data', () => {
  it('fits its schema: 120 products in 16 subcategories of 8 categories, with 10 styles', () => {
    const catalogue = demoCatalogue();
    expect(catalogue.categories).toHaveLength(8);
    expect(catalogue.categories.flatMap((top) => top.subcategories)).toHaveLength(16);
    expect(catalogue.styles).toHaveLength(10);
    expect(catalogue.products).toHaveLength(120);
  });

  it('refuses a malformed entry, naming the entry and the field', () => {
    const price = copy();
    const product = price.products![3]!;
    product.priceCents = 12.5;
    expect(() => parseDemoCatalogue(price)).toThrow(`products[3] (${product.slug}) priceCents:`);

    const title = copy();
    (title.products![7]!.title as Record<string, string>).pl = 'x'.repeat(49);
    expect(() => parseDemoCatalogue(title)).toThrow(`products[7] (${title.products![7]!.slug}) title.pl:`);

    const missing = copy();
    delete (missing.styles![2]!.title as Record<string, string>).de;
    expect(() => parseDemoCatalogue(missing)).toThrow(`styles[2] (${missing.styles![2]!.slug}) title.de:`);
  });

  it('refuses a product in an unknown category or style, or a slug used twice', () => {
    const data = copy();
    data.products![0]!.category = 'portraits';
    data.products![1]!.styles = ['watercolor', 'crayon'];
    data.products![2]!.slug = data.products![5]!.slug;
    let message = '';
    try {
      parseDemoCatalogue(data);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      `products[0] (${data.products![0]!.slug}) category: "portraits" is no subcategory`,
    );
    expect(message).toContain(`products[1] (${data.products![1]!.slug}) styles.1: "crayon" is no style`);
    expect(message).toContain(`products[5] (${data.products![5]!.slug}) slug: is used twice`);
  });

  it("describes every product in words the demo engine draws: its subcategory's subject or place, in one of its styles", () => {
    const animals = ['cat', 'dog', 'rabbit', 'bird', 'fish', 'elephant', 'deer', 'octopus', 'dragon'];
    const shows: Record<string, (scene: Scene) => boolean> = {
      'fantasy-portraits': (scene) => scene.subjects[0] === 'person',
      'realistic-portraits': (scene) => scene.subjects[0] === 'person',
      mountains: (scene) => scene.ground.includes('mountains'),
      seascapes: (scene) => scene.ground.includes('sea') || scene.ground.includes('lake'),
      pets: (scene) => animals.includes(scene.subjects[0] ?? ''),
      wildlife: (scene) => animals.includes(scene.subjects[0] ?? ''),
      interiors: (scene) => scene.ground.includes('interior'),
      cityscapes: (scene) => scene.ground.includes('city'),
      space: (scene) => scene.ground.includes('space'),
      cyberpunk: (scene) =>
        (scene.ground.includes('city') || scene.ground.includes('interior')) && scene.light === 'neon',
      creatures: (scene) => animals.includes(scene.subjects[0] ?? ''),
      castles: (scene) => scene.subjects[0] === 'castle',
      desserts: (scene) => ['cake', 'pie', 'icecream'].includes(scene.subjects[0] ?? ''),
      drinks: (scene) => ['cup', 'glass', 'wineglass', 'bottle'].includes(scene.subjects[0] ?? ''),
      patterns: (scene) => scene.ground[0] === 'pattern',
      'fluid-art': (scene) => scene.ground[0] === 'fluid',
    };
    const drawnAs: Record<string, Scene['style'][]> = {
      photorealistic: ['photo'],
      watercolor: ['watercolor'],
      'oil-painting': ['oil'],
      anime: ['anime'],
      'pixel-art': ['pixel'],
      '3d-render': ['render3d', 'isometric'],
      'line-art': ['line'],
      cinematic: ['cinematic'],
      vaporwave: ['vaporwave'],
      minimalist: ['minimal'],
    };
    const { categories, styles, products } = demoCatalogue();
    expect(Object.keys(shows).sort()).toEqual(
      categories.flatMap((top) => top.subcategories.map((sub) => sub.slug)).sort(),
    );
    const misfits = products.flatMap((product) => {
      const scene = parseScene(product.prompt);
      const problems = [
        ...(shows[product.category]?.(scene) ? [] : [`does not show its ${product.category}`]),
        ...(product.styles.some((style) => drawnAs[style]?.includes(scene.style))
          ? []
          : [`is drawn as ${scene.style}, not ${product.styles.join(' or ')}`]),
      ];
      return problems.map((problem) => `${product.slug} ${problem}`);
    });
    expect(misfits).toEqual([]);
    // Each style's tile is its prompt drawn in that very style.
    for (const style of styles) expect(drawnAs[style.slug]).toContain(parseScene(style.prompt).style);
  });

  it('draws each product’s picture of what its subject says, and no title in any language names another thing', () => {
    /**
     * Titles that name something the picture rightly does not show on its own: the room a cabin
     * is drawn as, the queen whose palace it is, the werewolf Spanish calls "hombre lobo", and the
     * pie Spanish and Italian call as they call a cake ("tarta", "torta").
     */
    const namedNotDrawn: Record<string, string[]> = {
      'cozy-cabin-with-fireplace': ['house'],
      'ice-palace-of-the-snow-queen': ['person'],
      'werewolf-under-the-blood-moon': ['person'],
      'rustic-apple-pie': ['cake'],
    };
    const problems = demoCatalogue().products.flatMap((product) => {
      const drawn = parseScene(product.prompt).subjects;
      const wrong: string[] = [];
      if ((drawn[0] ?? null) !== product.subject) {
        wrong.push(
          `${product.slug} is drawn as ${drawn[0] ?? 'nothing'}, its subject says ${product.subject}`,
        );
      }
      for (const [language, title] of Object.entries(product.title)) {
        for (const named of parseScene(title).subjects) {
          if (!drawn.includes(named) && !namedNotDrawn[product.slug]?.includes(named)) {
            wrong.push(
              `${product.slug}: the ${language} title “${title}” names a ${named}, the picture shows ${drawn.join(' and ') || 'none'}`,
            );
          }
        }
      }
      return wrong;
    });
    expect(problems).toEqual([]);
  });

  it('draws the demo drinks and desserts as what they are, not all as a steaming mug or a cake', () => {
    const subjectOf = (slug: string) =>
      demoCatalogue().products.find((product) => product.slug === slug)?.subject;
    expect(subjectOf('fresh-lemonade-sketch')).toBe('glass');
    expect(subjectOf('tropical-smoothie-trio')).toBe('glass');
    expect(subjectOf('iced-coffee-splash')).toBe('glass');
    expect(subjectOf('red-wine-at-vineyard-sunset')).toBe('wineglass');
    expect(subjectOf('blue-cocktail-in-a-neon-bar')).toBe('wineglass');
    expect(subjectOf('magic-potion-bottles')).toBe('bottle');
    expect(subjectOf('summer-ice-cream-cones')).toBe('icecream');
    expect(subjectOf('rustic-apple-pie')).toBe('pie');
    expect(subjectOf('hot-chocolate-by-the-window')).toBe('cup');
  });
});
