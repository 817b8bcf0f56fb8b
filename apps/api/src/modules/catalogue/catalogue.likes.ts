import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { productLikes, products } from './catalogue.tables';

/**
 * Likes or unlikes a product for a user. The like row and the counter change in one
 * transaction, and a second like of the same user changes nothing, so the count stays exact.
 */
export async function setLike(db: Db, productId: number, userId: string, like: boolean) {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.isActive, true)));
    if (!product) throw AppError.notFound();
    if (like) {
      const inserted = await tx
        .insert(productLikes)
        .values({ productId, userId })
        .onConflictDoNothing()
        .returning();
      if (inserted.length > 0) {
        await tx
          .update(products)
          .set({ likesCount: sql`${products.likesCount} + 1` })
          .where(eq(products.id, productId));
      }
    } else {
      const removed = await tx
        .delete(productLikes)
        .where(and(eq(productLikes.productId, productId), eq(productLikes.userId, userId)))
        .returning();
      if (removed.length > 0) {
        await tx
          .update(products)
          .set({ likesCount: sql`${products.likesCount} - 1` })
          .where(eq(products.id, productId));
      }
    }
    const [counted] = await tx
      .select({ likes: products.likesCount })
      .from(products)
      .where(eq(products.id, productId));
    return { liked: like, likes_count: counted?.likes ?? 0 };
  });
}
