import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  assertSomethingToChange,
  checkLocales,
  forgetShopCaches,
  refusedWhileReferenced,
  slugIsFree,
  withUniqueSlug,
  writeNamedTexts,
} from './catalogue.admin';
import { categories, styles } from './catalogue.tables';

/**
 * The back office's slugged records with a title per language (categories and styles): one way to
 * create, change and delete them, so that both check locales and slugs, write their texts and clear
 * the shop's caches alike. What only one of them has (a category's parent, a style's picture) comes
 * in as columns and checks of its own.
 */

const tables = { category: categories, style: styles } as const;
export type NamedKind = keyof typeof tables;
type NamedTable = (typeof tables)[NamedKind];
type NamedRow<K extends NamedKind> = (typeof tables)[K]['$inferSelect'];
type NamedColumns<K extends NamedKind> = Omit<(typeof tables)[K]['$inferInsert'], 'id' | 'slug'>;

type Titles = Record<string, { title: string }>;
/** A new record's slug and titles (English among them, as the contract requires). */
export type NamedCreate = { slug: string; translations: Titles };
/** A change: only what it names; a language given as `null` loses its title. */
export type NamedUpdate = {
  slug?: string | undefined;
  translations?: Record<string, { title: string } | null> | undefined;
};

function tableOf(kind: NamedKind): NamedTable {
  return tables[kind];
}

/** The record, locked for the change that follows. Throws NOT_FOUND. */
export async function lockNamed<K extends NamedKind>(db: Db, kind: K, id: number): Promise<NamedRow<K>> {
  const table = tableOf(kind);
  const [row] = await db.select().from(table).where(eq(table.id, id)).for('update');
  if (!row) throw AppError.notFound();
  return row as NamedRow<K>;
}

/**
 * Creates a record with its titles. `check` runs after the languages are checked and before the
 * slug is: it throws the kind's own 422s. Throws a 422 on `slug` (`slug.taken`) or a locale.
 */
export async function createNamed<K extends NamedKind>(
  db: Db,
  kind: K,
  input: NamedCreate,
  columns: NamedColumns<K>,
  check: () => Promise<void> = async () => undefined,
): Promise<number> {
  const table = tableOf(kind);
  await checkLocales(db, Object.keys(input.translations));
  await check();
  if (!(await slugIsFree(db, table, input.slug))) throw AppError.validation({ slug: ['slug.taken'] });
  const id = await withUniqueSlug(async () => {
    const [row] = await db
      .insert(table)
      .values({ ...columns, slug: input.slug } as NamedTable['$inferInsert'])
      .returning({ id: table.id });
    if (!row) throw new Error(`${kind} insert returned no row`);
    return row.id;
  });
  await writeNamedTexts(db, kind, id, input.translations);
  forgetShopCaches(db);
  return id;
}

/**
 * Changes what the update names: its slug and titles, and the kind's own `columns`, which `check`
 * (given the locked record) may refuse first. Throws NOT_FOUND, or a 422 naming the field
 * (`update.empty` when the update names nothing).
 */
export async function updateNamed<K extends NamedKind>(
  db: Db,
  kind: K,
  id: number,
  input: NamedUpdate & Record<string, unknown>,
  columns: Partial<NamedColumns<K>>,
  check: (current: NamedRow<K>) => Promise<void> = async () => undefined,
): Promise<void> {
  const table = tableOf(kind);
  assertSomethingToChange(input);
  const current = await lockNamed(db, kind, id);
  if (input.translations) await checkLocales(db, Object.keys(input.translations));
  await check(current);
  if (input.slug !== undefined && input.slug !== current.slug && !(await slugIsFree(db, table, input.slug))) {
    throw AppError.validation({ slug: ['slug.taken'] });
  }
  const changes = { ...(input.slug !== undefined ? { slug: input.slug } : {}), ...columns };
  // An update of texts alone changes no column: there is no row update to write.
  if (Object.keys(changes).length > 0) {
    await withUniqueSlug(() =>
      db
        .update(table)
        .set(changes as Partial<NamedTable['$inferInsert']>)
        .where(eq(table.id, id)),
    );
  }
  if (input.translations) await writeNamedTexts(db, kind, id, input.translations);
  forgetShopCaches(db);
}

/**
 * Deletes a record. `check` (given the locked record) may refuse first; `deleted` runs with the
 * record that was deleted. Throws NOT_FOUND, or a 409 (`category.offered`, `style.offered`) while a
 * work a seller offered names it: the offer keeps what the seller chose.
 */
export async function deleteNamed<K extends NamedKind>(
  db: Db,
  kind: K,
  id: number,
  {
    check = async () => undefined,
    deleted = () => undefined,
  }: {
    check?: (current: NamedRow<K>) => Promise<void>;
    deleted?: (current: NamedRow<K>) => void;
  },
): Promise<void> {
  const table = tableOf(kind);
  const current = await lockNamed(db, kind, id);
  await check(current);
  await refusedWhileReferenced(`${kind}.offered`, () => db.delete(table).where(eq(table.id, id)));
  deleted(current);
  forgetShopCaches(db);
}
