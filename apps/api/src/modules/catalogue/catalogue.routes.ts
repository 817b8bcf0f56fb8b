import {
  categoriesResponse,
  likeResponse,
  productDetailResponse,
  productListOnlyResponse,
  productListQuery,
  productListResponse,
  productParams,
  sitemapProductsQuery,
  sitemapProductsResponse,
  stylesResponse,
} from '@promptmarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import { shape } from '../../lib/reply';
import { isStorageKey } from '../../lib/storage';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';
import { getSettings } from '../site/site.service';
import {
  getProduct,
  listCategories,
  listCollection,
  listProducts,
  listSitemapProducts,
  listStyles,
  setLike,
  type Viewer,
} from './catalogue.service';

const likeParams = z.object({ id: z.coerce.number().int().positive() });

const mediaTypes: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};

export async function catalogueRoutes(app: FastifyInstance) {
  async function viewer(request: FastifyRequest): Promise<Viewer> {
    const locale = await request.locale();
    const [user, settings] = await Promise.all([request.user(), getSettings(app.db, locale)]);
    return { locale, userId: user?.id ?? null, rateEur: Number(settings.internal_currency_rate_eur) || 1 };
  }

  app.get('/products', async (request) => {
    const query = parseInput(productListQuery, request.query);
    return shape(productListResponse, await listProducts(app.db, query, await viewer(request)));
  });

  for (const collection of ['hero', 'featured', 'new', 'top-sellers'] as const) {
    app.get(`/products/${collection}`, async (request) => {
      return shape(productListOnlyResponse, {
        data: await listCollection(app.db, collection, await viewer(request)),
      });
    });
  }

  app.get('/products/:idOrSlug', async (request) => {
    const { idOrSlug } = parseInput(productParams, request.params);
    return shape(productDetailResponse, { data: await getProduct(app.db, idOrSlug, await viewer(request)) });
  });

  app.post('/products/:id/like', async (request) => {
    const user = await requireUser(app, request);
    const { id } = parseInput(likeParams, request.params);
    return shape(likeResponse, { status: 'OK', payload: await setLike(app.db, id, user.id, true) });
  });

  app.delete('/products/:id/like', async (request) => {
    const user = await requireUser(app, request);
    const { id } = parseInput(likeParams, request.params);
    return shape(likeResponse, { status: 'OK', payload: await setLike(app.db, id, user.id, false) });
  });

  app.get('/sitemap/products', async (request) => {
    const { page } = parseInput(sitemapProductsQuery, request.query);
    return shape(sitemapProductsResponse, await listSitemapProducts(app.db, page));
  });

  app.get('/categories', async (request) => {
    return shape(categoriesResponse, { data: await listCategories(app.db, await request.locale()) });
  });

  app.get('/styles', async (request) => {
    return shape(stylesResponse, { data: await listStyles(app.db, await request.locale()) });
  });
}

/** Public media (previews, style pictures) from the public bucket, cached for a year: keys never change content. */
export async function mediaRoutes(app: FastifyInstance) {
  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const extension = key.split('.').pop() ?? '';
    const type = mediaTypes[extension];
    if (!type || !isStorageKey(key)) throw AppError.notFound();
    const file = await app.storage.createReadStream('public', key);
    if (!file) throw AppError.notFound();
    return reply
      .header('content-type', type)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
