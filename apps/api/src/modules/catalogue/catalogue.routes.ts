import {
  categoriesResponse,
  errorResponses,
  likeParams,
  likeResponse,
  mediaImage,
  mediaParams,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { publicAnswer, SerializedAnswer } from '../../lib/public-answers';
import { isStorageKey } from '../../lib/storage';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { getSettings } from '../site/site.service';
import { heldListJson } from './catalogue.index';
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

const mediaTypes: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};

const listAnswers = { 200: productListOnlyResponse, ...errorResponses };

export async function catalogueRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  async function viewer(request: FastifyRequest): Promise<Viewer> {
    const locale = await request.locale();
    const [user, settings] = await Promise.all([request.user(), getSettings(app.db, locale)]);
    return { locale, userId: user?.id ?? null, rateEur: Number(settings.internal_currency_rate_eur) || 1 };
  }

  app.get(
    '/products',
    {
      schema: {
        summary: 'Search and filter products',
        querystring: productListQuery,
        response: { 200: productListResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      publicAnswer(app.db, request, reply, async () => {
        const list = await listProducts(app.db, request.query, await viewer(request));
        const json = heldListJson(list);
        return json === null ? list : new SerializedAnswer(json);
      }),
  );

  for (const collection of ['hero', 'featured', 'new', 'top-sellers'] as const) {
    app.get(
      `/products/${collection}`,
      { schema: { summary: `Products of the ${collection} collection`, response: listAnswers } },
      async (request, reply) =>
        publicAnswer(app.db, request, reply, async () => ({
          data: await listCollection(app.db, collection, await viewer(request)),
        })),
    );
  }

  app.get(
    '/products/:idOrSlug',
    {
      schema: {
        summary: 'One product by id or slug',
        params: productParams,
        response: { 200: productDetailResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      publicAnswer(app.db, request, reply, async () => ({
        data: await getProduct(app.db, request.params.idOrSlug, await viewer(request)),
      })),
  );

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('preValidation', requireUser());
    const like = { params: likeParams, response: { 200: likeResponse, ...errorResponses } };

    signedIn.post(
      '/products/:id/like',
      { schema: { summary: 'Like a product', ...like } },
      async (request) => ({
        status: 'OK' as const,
        payload: await setLike(app.db, request.params.id, signedInUser(request).id, true),
      }),
    );

    signedIn.delete(
      '/products/:id/like',
      { schema: { summary: 'Take a like back', ...like } },
      async (request) => ({
        status: 'OK' as const,
        payload: await setLike(app.db, request.params.id, signedInUser(request).id, false),
      }),
    );
  });

  app.get(
    '/sitemap/products',
    {
      schema: {
        summary: 'Product slugs for the sitemap',
        querystring: sitemapProductsQuery,
        response: { 200: sitemapProductsResponse, ...errorResponses },
      },
    },
    async (request) => listSitemapProducts(app.db, request.query.page),
  );

  app.get(
    '/categories',
    {
      schema: {
        summary: 'Categories with their subcategories',
        response: { 200: categoriesResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      publicAnswer(app.db, request, reply, async () => ({
        data: await listCategories(app.db, await request.locale()),
      })),
  );

  app.get(
    '/styles',
    { schema: { summary: 'Image styles', response: { 200: stylesResponse, ...errorResponses } } },
    async (request, reply) =>
      publicAnswer(app.db, request, reply, async () => ({
        data: await listStyles(app.db, await request.locale()),
      })),
  );
}

/** Public media (previews, style pictures) from the public bucket, cached for a year: keys never change content. */
export async function mediaRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/media/*',
    {
      schema: {
        summary: 'A public image',
        params: mediaParams,
        response: {
          200: {
            description: 'The image',
            content: Object.fromEntries(
              Object.values(mediaTypes).map((type) => [type, { schema: mediaImage }]),
            ),
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
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
    },
  );
}
