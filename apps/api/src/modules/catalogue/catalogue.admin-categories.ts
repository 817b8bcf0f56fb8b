import { DEFAULT_LOCALE } from '@promptmarket/contracts';
import type {
  AdminCategory,
  adminCategoryCreate,
  adminCategoryUpdate,
} from '@promptmarket/contracts/admin-catalogue';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import { likePattern, titlesOf } from './catalogue.admin';
import { createNamed, deleteNamed, updateNamed } from './catalogue.admin-named';
import { categories } from './catalogue.tables';

/** The back office's category tree: two levels, titled in every language the shop has. */

type CategoryCreate = z.output<typeof adminCategoryCreate>;
type CategoryUpdate = z.output<typeof adminCategoryUpdate>;

type CategoryListRow = {
  id: number;
  parent_id: number | null;
  slug: string;
  position: number;
  title: string;
  product_count: number | string;
  subcategory_count: number | string;
};

/** The editor's rows of categories, each with its title in `locale` (else English, else its slug). */
function categorySelect(locale: string): SQL {
  return sql`select c.id, c.parent_id, c.slug, c.position,
      coalesce(cl.title, ce.title, c.slug) as title,
      (select count(*) from products p where p.category_id = c.id) as product_count,
      (select count(*) from categories s where s.parent_id = c.id) as subcategory_count
    from categories c
    left join categories parent on parent.id = c.parent_id
    left join category_translations ce on ce.category_id = c.id and ce.locale = ${DEFAULT_LOCALE}
    left join category_translations cl on cl.category_id = c.id and cl.locale = ${locale}`;
}

function toAdminCategory(
  row: CategoryListRow,
  texts: Map<number, Record<string, { title: string }>>,
): AdminCategory {
  return {
    id: row.id,
    parent_id: row.parent_id,
    slug: row.slug,
    position: row.position,
    title: row.title,
    translations: texts.get(row.id) ?? {},
    product_count: Number(row.product_count),
    subcategory_count: Number(row.subcategory_count),
  };
}

/**
 * The category tree as rows: each top-level category followed by its subcategories, in their
 * shop order. A search matches slugs and titles in any language.
 */
export async function listCategoriesForEditor(
  db: Db,
  query: { page: number; per_page: number; search?: string | undefined },
  locale: string,
): Promise<{ data: AdminCategory[]; total: number }> {
  const where = query.search
    ? sql`(c.slug ilike ${likePattern(query.search)} or c.id in (
        select t.category_id from category_translations t where t.title ilike ${likePattern(query.search)}))`
    : sql`true`;
  const [rows, [count]] = await Promise.all([
    rowsOf<CategoryListRow>(
      db,
      sql`${categorySelect(locale)} where ${where}
        order by coalesce(parent.position, c.position), coalesce(parent.id, c.id), c.parent_id nulls first,
          c.position, c.id
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
    ),
    rowsOf<{ total: number | string }>(db, sql`select count(*) as total from categories c where ${where}`),
  ]);
  const texts = await titlesOf(
    db,
    'category',
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => toAdminCategory(row, texts)), total: Number(count?.total ?? 0) };
}

export async function categoryForEditor(db: Db, categoryId: number, locale: string): Promise<AdminCategory> {
  const [row] = await rowsOf<CategoryListRow>(db, sql`${categorySelect(locale)} where c.id = ${categoryId}`);
  if (!row) throw AppError.notFound();
  return toAdminCategory(row, await titlesOf(db, 'category', [row.id]));
}

/**
 * The shop shows two levels (a category and its subcategories), so a parent must be a
 * top-level category other than the category itself, and a category with subcategories stays on top.
 */
async function checkParent(db: Db, parentId: number | null, categoryId: number | null): Promise<void> {
  if (parentId === null) return;
  const [parent] = await db.select().from(categories).where(eq(categories.id, parentId));
  if (!parent) throw AppError.validation({ parent_id: ['category.invalid'] });
  if (parent.parentId !== null || parent.id === categoryId) {
    throw AppError.validation({ parent_id: ['category.parent'] });
  }
  if (categoryId !== null) {
    const [child] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.parentId, categoryId))
      .limit(1);
    if (child) throw AppError.validation({ parent_id: ['category.has_children'] });
  }
}

export async function createCategory(db: Db, input: CategoryCreate): Promise<number> {
  return createNamed(db, 'category', input, { parentId: input.parent_id, position: input.position }, () =>
    checkParent(db, input.parent_id, null),
  );
}

/** Changes what the update names. Throws NOT_FOUND, or a 422 naming the field (`update.empty` when it names nothing). */
export async function updateCategory(db: Db, categoryId: number, input: CategoryUpdate): Promise<void> {
  const columns = {
    ...(input.parent_id !== undefined ? { parentId: input.parent_id } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
  };
  await updateNamed(db, 'category', categoryId, input, columns, async (current) => {
    if (input.parent_id !== undefined && input.parent_id !== current.parentId) {
      await checkParent(db, input.parent_id, categoryId);
    }
  });
}

/**
 * Deletes an empty category. Throws a 409: `category.in_use` while products or subcategories are
 * in it, `category.offered` while a work a seller offered is filed under it.
 */
export async function deleteCategory(db: Db, categoryId: number): Promise<void> {
  await deleteNamed(db, 'category', categoryId, {
    async check() {
      const [inUse] = await rowsOf<{ used: boolean }>(
        db,
        sql`select exists (select 1 from products where category_id = ${categoryId})
          or exists (select 1 from categories where parent_id = ${categoryId}) as used`,
      );
      if (inUse?.used) throw AppError.conflict('category.in_use');
    },
  });
}
