import { z } from 'zod';
import demoCatalogueData from './catalogue.seed-data.json' with { type: 'json' };

// The demo catalogue the shop is seeded with lives in catalogue.seed-data.json: categories, styles
// and 120 prompt products, every text in English, German, French, Spanish, Italian and Polish.
// It is checked against this schema when it is first used, so a slip in the data stops the seed
// with the entry and field named instead of seeding a broken shop.

const slug = z
  .string()
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case ASCII');
const text = z.string().trim().min(1);
const texts = z.strictObject({ en: text, de: text, fr: text, es: text, it: text, pl: text });
const title = text.max(48);

export type Texts = z.infer<typeof texts>;

const seedCategory = z.strictObject({
  slug,
  title: texts,
  subcategories: z.array(z.strictObject({ slug, title: texts })),
});

const seedStyle = z.strictObject({
  slug,
  title: texts,
  /** What the style's picture shows; the demo engine draws it, in the style it names. */
  prompt: text,
});

const seedProduct = z.strictObject({
  slug,
  /** A subcategory's slug. */
  category: slug,
  styles: z.array(slug).min(1).max(3),
  priceCents: z.int().min(199).max(2999),
  /**
   * What the picture shows first, as the demo engine names it (generation/scene.ts: cup, glass,
   * wineglass, cake, pie …); null for a landscape or a pattern. The picture is drawn from the
   * prompt; this says what the drawing shows, so a change of either that puts another thing in
   * the picture than its title names is seen (catalogue.seed-data.test.ts).
   */
  subject: z.string().nullable(),
  title: z.strictObject({ en: title, de: title, fr: title, es: title, it: title, pl: title }),
  /** One or two sentences describing the picture. */
  description: texts,
  /**
   * The full English prompt, 25 to 60 words; the demo engine draws the picture from it, so it
   * names what the title and description show in words the engine knows (see generation/scene.ts).
   */
  prompt: text.refine((prompt) => {
    const words = prompt.split(/\s+/).length;
    return words >= 25 && words <= 60;
  }, 'must have 25 to 60 words'),
});

export const demoCatalogueSchema = z
  .strictObject({
    categories: z.array(seedCategory).min(1),
    styles: z.array(seedStyle).min(1),
    products: z.array(seedProduct).min(1),
  })
  .superRefine((catalogue, context) => {
    const subcategories = new Set(
      catalogue.categories.flatMap((top) => top.subcategories.map((sub) => sub.slug)),
    );
    const styleSlugs = new Set(catalogue.styles.map((style) => style.slug));
    const unique = (list: { slug: string }[], name: 'categories' | 'styles' | 'products') => {
      const seen = new Set<string>();
      for (const [index, item] of list.entries()) {
        if (seen.has(item.slug)) {
          context.addIssue({ code: 'custom', path: [name, index, 'slug'], message: 'is used twice' });
        }
        seen.add(item.slug);
      }
    };
    unique(
      catalogue.categories.flatMap((top) => [top, ...top.subcategories]),
      'categories',
    );
    unique(catalogue.styles, 'styles');
    unique(catalogue.products, 'products');
    for (const [index, product] of catalogue.products.entries()) {
      if (!subcategories.has(product.category)) {
        context.addIssue({
          code: 'custom',
          path: ['products', index, 'category'],
          message: `"${product.category}" is no subcategory`,
        });
      }
      for (const [position, style] of product.styles.entries()) {
        if (!styleSlugs.has(style)) {
          context.addIssue({
            code: 'custom',
            path: ['products', index, 'styles', position],
            message: `"${style}" is no style`,
          });
        }
      }
    }
  });

export type DemoCatalogue = z.infer<typeof demoCatalogueSchema>;
export type SeedProduct = DemoCatalogue['products'][number];

/** `products[3] (wolf-in-snow) priceCents`: where an issue is, with the slug of its entry when it has one. */
function issuePlace(data: unknown, path: PropertyKey[]): string {
  const [list, index, ...field] = path;
  if (typeof list !== 'string' || typeof index !== 'number') return path.map(String).join('.') || '(root)';
  const entry = (data as Record<string, unknown[] | undefined>)[list]?.[index] as
    | { slug?: unknown }
    | undefined;
  const name = typeof entry?.slug === 'string' ? ` (${entry.slug})` : '';
  return `${list}[${index}]${name}${field.length > 0 ? ` ${field.map(String).join('.')}` : ''}`;
}

/**
 * The demo catalogue checked against its schema. Throws an Error naming each malformed entry
 * and field (`products[3] (wolf-in-snow) priceCents: …`) when the data does not fit.
 */
export function parseDemoCatalogue(data: unknown): DemoCatalogue {
  const parsed = demoCatalogueSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issuePlace(data, issue.path)}: ${issue.message}`);
  throw new Error(`The demo catalogue is malformed:\n${problems.join('\n')}`);
}

let checked: DemoCatalogue | undefined;

/** The demo catalogue of catalogue.seed-data.json, checked once on first use. */
export function demoCatalogue(): DemoCatalogue {
  checked ??= parseDemoCatalogue(demoCatalogueData);
  return checked;
}
