import { catalogueEndpoints, errorResponses, mediaImage } from '@promptmarket/contracts';
import { favouriteEndpoints } from '@promptmarket/contracts/favourites';
import { similarPicturesEndpoints } from '@promptmarket/contracts/similar-pictures';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { publicAnswer, SerializedAnswer } from '../../lib/public-answers';
import { isStorageKey } from '../../lib/storage';
import { routeOf } from '../../plugins/schemas';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { inCart, ownedAmong } from '../orders/orders.service';
import { getSettings } from '../site/site.service';
import { listFavourites } from './catalogue.favourites';
import { setLike } from './catalogue.likes';
import { listProductsAnswer } from './catalogue.list';
import { listCategories, listStyles } from './catalogue.menus';
import { getProduct, listCollection } from './catalogue.service';
import { similarPictures } from './catalogue.similar-pictures';
import { listSitemapProducts } from './catalogue.sitemap';
import type { Viewer } from './catalogue.summaries';
import { cachedListJson } from './catalogue.tile-cache';

const mediaTypes: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};

const collections = [
  ['hero', catalogueEndpoints.hero],
  ['featured', catalogueEndpoints.featured],
  ['new', catalogueEndpoints.new],
  ['top-sellers', catalogueEndpoints.topSellers],
] as const;

export async function catalogueRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  async function viewer(request: FastifyRequest): Promise<Viewer> {
    const locale = await request.locale();
    const [user, settings] = await Promise.all([request.user(), getSettings(app.db, locale)]);
    return {
      locale,
      userId: user?.id ?? null,
      rateEur: Number(settings.internal_currency_rate_eur) || 1,
      ...(user
        ? {
            ownedAmong: (ids: number[]) => ownedAmong(app.db, user.id, ids),
            inCart: (id: number) => inCart(app.db, user.id, id),
          }
        : {}),
    };
  }

  app.route({
    ...routeOf(catalogueEndpoints.products),
    handler: async (request, reply) =>
      publicAnswer(app.db, request, reply, async () => {
        const list = await listProductsAnswer(app.db, request.query, await viewer(request));
        if (list instanceof SerializedAnswer) return list;
        const json = cachedListJson(list);
        return json === null ? list : new SerializedAnswer(json);
      }),
  });

  for (const [collection, endpoint] of collections) {
    app.route({
      ...routeOf(endpoint),
      handler: async (request, reply) =>
        publicAnswer(app.db, request, reply, async () => ({
          data: await listCollection(app.db, collection, await viewer(request)),
        })),
    });
  }

  app.route({
    ...routeOf(catalogueEndpoints.product),
    handler: async (request, reply) =>
      publicAnswer(app.db, request, reply, async () => ({
        data: await getProduct(app.db, request.params.idOrSlug, await viewer(request)),
      })),
  });

  app.route({
    ...routeOf(similarPicturesEndpoints.similarPictures),
    handler: async (request, reply) =>
      publicAnswer(app.db, request, reply, async () => ({
        data: await similarPictures(app.db, request.params.id, request.query, await viewer(request)),
      })),
  });

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('preValidation', requireUser());

    signedIn.route({
      ...routeOf(favouriteEndpoints.favourites),
      handler: async (request) => {
        const userId = signedInUser(request).id;
        return listFavourites(app.db, { ...(await viewer(request)), userId }, request.query);
      },
    });

    signedIn.route({
      ...routeOf(catalogueEndpoints.like),
      handler: async (request) => ({
        status: 'OK' as const,
        payload: await setLike(app.db, request.params.id, signedInUser(request).id, true),
      }),
    });

    signedIn.route({
      ...routeOf(catalogueEndpoints.unlike),
      handler: async (request) => ({
        status: 'OK' as const,
        payload: await setLike(app.db, request.params.id, signedInUser(request).id, false),
      }),
    });
  });

  app.route({
    ...routeOf(catalogueEndpoints.sitemapProducts),
    handler: async (request) => listSitemapProducts(app.db, request.query.page),
  });

  app.route({
    ...routeOf(catalogueEndpoints.categories),
    handler: async (request, reply) =>
      publicAnswer(app.db, request, reply, async () => ({
        data: await listCategories(app.db, await request.locale()),
      })),
  });

  app.route({
    ...routeOf(catalogueEndpoints.styles),
    handler: async (request, reply) =>
      publicAnswer(app.db, request, reply, async () => ({
        data: await listStyles(app.db, await request.locale()),
      })),
  });
}

/** Public media (previews, style pictures) from the public bucket, cached for a year: keys never change content. */
export async function mediaRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...routeOf(catalogueEndpoints.media, {
      200: {
        description: 'The image',
        content: Object.fromEntries(Object.values(mediaTypes).map((type) => [type, { schema: mediaImage }])),
      },
      ...errorResponses,
    }),
    handler: async (request, reply) => {
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
  });
}
