import { endpointPath } from '@promptmarket/contracts/endpoint';
import { generationEndpoints, type PurchaseHistoryRow } from '@promptmarket/contracts/orders';
import type { Db } from '../../db/client';
import { generationHistory } from '../generation/generation.service';
import { orderHistory } from './orders.service';

/**
 * The purchase history of the original API: the prompts bought and the images drawn, newest
 * first, each row marked with its type. A generation row has the keys of a purchase row (null
 * where it has none), its prompt, and the address of its zip.
 */
export async function purchaseHistory(db: Db, userId: string, locale: string): Promise<PurchaseHistoryRow[]> {
  const [orders, generations] = await Promise.all([
    orderHistory(db, userId, locale),
    generationHistory(db, userId, locale),
  ]);
  const rows: PurchaseHistoryRow[] = [
    ...orders.map((order) => ({ type: 'purchase' as const, ...order })),
    ...generations.map((generation) => ({
      type: 'generation' as const,
      id: generation.id,
      order_id: null,
      product_id: null,
      slug: null,
      title: generation.title,
      description: null,
      price: generation.price,
      currency: generation.currency,
      created_at: generation.created_at,
      date: generation.created_at,
      image: generation.image,
      format: generation.format,
      size: generation.size,
      prompt: generation.prompt,
      download_url: `/api${endpointPath(generationEndpoints.download.path, { id: generation.id })}`,
    })),
  ];
  // ISO 8601 instants of one form sort as text.
  return rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}
