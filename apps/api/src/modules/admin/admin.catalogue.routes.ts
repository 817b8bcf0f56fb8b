import { DEFAULT_LOCALE } from '@promptmarket/contracts';
import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import {
  ADMIN_IMAGE_MAX_BYTES,
  adminProductCreate,
  adminStyleCreate,
} from '@promptmarket/contracts/admin-catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { receiveUpload, type UploadedFile } from '../../lib/uploads';
import { fieldErrorsOf } from '../../lib/validate';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import { audited } from '../audit/audit.service';
import {
  createProduct,
  deleteProduct,
  deleteProductImage,
  listProductsForEditor,
  productForEditor,
  productImageFromUpload,
  productSnapshot,
  replaceProductImage,
  updateProduct,
} from '../catalogue/catalogue.admin';
import {
  categoryForEditor,
  createCategory,
  deleteCategory,
  listCategoriesForEditor,
  updateCategory,
} from '../catalogue/catalogue.admin-categories';
import {
  createStyle,
  deleteStyle,
  listStylesForEditor,
  replaceStyleImage,
  styleForEditor,
  styleImageFromUpload,
  updateStyle,
} from '../catalogue/catalogue.admin-styles';
import { listAnswer } from './admin.lists';

/**
 * The catalogue editor's routes: products (with their original picture), the category tree and
 * styles. Registered inside the admin scope. Every change is audited with the record before and
 * after, in the transaction that makes it; the shop's caches are cleared once it commits.
 */

/** A picture upload: `image` (JPEG, PNG or WebP, checked by content) and the form's `data` (JSON). */
async function receivePicture(request: FastifyRequest, app: FastifyInstance, required: boolean) {
  const upload = await receiveUpload(request, app.storage, {
    bucket: 'private',
    prefix: 'catalogue-uploads',
    files: { image: { kinds: ['jpeg', 'png', 'webp'], maxBytes: ADMIN_IMAGE_MAX_BYTES, required } },
    sizeErrorKey: 'image.too_large',
    typeErrorKey: 'image.invalid',
  });
  return { fields: upload.fields, image: upload.files[0] as UploadedFile | undefined };
}

/** The `data` field of a multipart form, parsed by `schema`; a 422 naming the fields otherwise. */
function parseData<T extends z.ZodType>(schema: T, text: string | undefined): z.output<T> {
  let value: unknown = {};
  try {
    value = text ? JSON.parse(text) : {};
  } catch {
    throw AppError.validation({ data: ['field.invalid'] });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw AppError.validation(fieldErrorsOf(parsed.error));
  return parsed.data;
}

export async function adminCatalogueRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  /* Products */

  app.route({
    ...routeOf(adminEndpoints.products.list),
    handler: async (request) => {
      const { data, total } = await listProductsForEditor(app.db, request.query, await request.locale());
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminEndpoints.products.get),
    handler: async (request) => ({
      status: 'OK' as const,
      message: 'Product',
      payload: await productForEditor(app.db, request.params.id, await request.locale()),
    }),
  });

  app.route({
    ...routeOf(adminEndpoints.products.create),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const { fields, image } = await receivePicture(request, app, true);
      let imageKey: string | null = null;
      try {
        const input = parseData(adminProductCreate, fields.data);
        if (!image) throw AppError.validation({ image: ['file.required'] });
        imageKey = await productImageFromUpload(app.storage, image);
        const key = imageKey;
        const id = await audited(
          app.db,
          { adminId, action: 'product.create', subject: { type: 'product', id: '' } },
          async (tx) => {
            const created = await createProduct(tx, input, key);
            return {
              result: created,
              subjectId: created,
              before: null,
              after: { id: created, ...(await productSnapshot(tx, created)) },
            };
          },
        );
        return {
          status: 'OK' as const,
          message: 'Product created',
          payload: await productForEditor(app.db, id, await request.locale()),
        };
      } catch (error) {
        if (image) await app.storage.delete(image.bucket, image.key).catch(() => undefined);
        if (imageKey) await deleteProductImage(app.storage, imageKey);
        throw error;
      }
    },
  });

  app.route({
    ...routeOf(adminEndpoints.products.update),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      await audited(
        app.db,
        { adminId, action: 'product.update', subject: { type: 'product', id } },
        async (tx) => {
          const before = await productSnapshot(tx, id);
          await updateProduct(tx, id, request.body);
          return { result: null, before, after: await productSnapshot(tx, id) };
        },
      );
      return {
        status: 'OK' as const,
        message: 'Product saved',
        payload: await productForEditor(app.db, id, await request.locale()),
      };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.products.image),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      const { image } = await receivePicture(request, app, true);
      if (!image) throw AppError.validation({ image: ['file.required'] });
      const imageKey = await productImageFromUpload(app.storage, image);
      try {
        await audited(
          app.db,
          { adminId, action: 'product.image', subject: { type: 'product', id } },
          async (tx) => {
            const before = await productForEditor(tx, id, DEFAULT_LOCALE);
            await replaceProductImage(tx, app.storage, id, imageKey);
            return { result: null, before: { image_url: before.image_url }, after: { image_key: imageKey } };
          },
        );
      } catch (error) {
        await deleteProductImage(app.storage, imageKey);
        throw error;
      }
      return {
        status: 'OK' as const,
        message: 'Picture replaced',
        payload: await productForEditor(app.db, id, await request.locale()),
      };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.products.delete),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      await audited(
        app.db,
        { adminId, action: 'product.delete', subject: { type: 'product', id } },
        async (tx) => {
          const before = await productSnapshot(tx, id);
          await deleteProduct(tx, app.storage, id);
          return { result: null, before, after: null };
        },
      );
      return { status: 'OK' as const, message: 'Product deleted' };
    },
  });

  /* Categories */

  app.route({
    ...routeOf(adminEndpoints.categories.list),
    handler: async (request) => {
      const { data, total } = await listCategoriesForEditor(app.db, request.query, await request.locale());
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminEndpoints.categories.get),
    handler: async (request) => ({
      status: 'OK' as const,
      message: 'Category',
      payload: await categoryForEditor(app.db, request.params.id, await request.locale()),
    }),
  });

  app.route({
    ...routeOf(adminEndpoints.categories.create),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const id = await audited(
        app.db,
        { adminId, action: 'category.create', subject: { type: 'category', id: '' } },
        async (tx) => {
          const created = await createCategory(tx, request.body);
          return {
            result: created,
            subjectId: created,
            before: null,
            after: await categoryForEditor(tx, created, DEFAULT_LOCALE),
          };
        },
      );
      return {
        status: 'OK' as const,
        message: 'Category created',
        payload: await categoryForEditor(app.db, id, await request.locale()),
      };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.categories.update),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      await audited(
        app.db,
        { adminId, action: 'category.update', subject: { type: 'category', id } },
        async (tx) => {
          const before = await categoryForEditor(tx, id, DEFAULT_LOCALE);
          await updateCategory(tx, id, request.body);
          return { result: null, before, after: await categoryForEditor(tx, id, DEFAULT_LOCALE) };
        },
      );
      return {
        status: 'OK' as const,
        message: 'Category saved',
        payload: await categoryForEditor(app.db, id, await request.locale()),
      };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.categories.delete),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      await audited(
        app.db,
        { adminId, action: 'category.delete', subject: { type: 'category', id } },
        async (tx) => {
          const before = await categoryForEditor(tx, id, DEFAULT_LOCALE);
          await deleteCategory(tx, id);
          return { result: null, before, after: null };
        },
      );
      return { status: 'OK' as const, message: 'Category deleted' };
    },
  });

  /* Styles */

  app.route({
    ...routeOf(adminEndpoints.styles.list),
    handler: async (request) => {
      const { data, total } = await listStylesForEditor(app.db, request.query, await request.locale());
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminEndpoints.styles.get),
    handler: async (request) => ({
      status: 'OK' as const,
      message: 'Style',
      payload: await styleForEditor(app.db, request.params.id, await request.locale()),
    }),
  });

  app.route({
    ...routeOf(adminEndpoints.styles.create),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const { fields, image } = await receivePicture(request, app, false);
      let input: z.output<typeof adminStyleCreate>;
      try {
        input = parseData(adminStyleCreate, fields.data);
      } catch (error) {
        if (image) await app.storage.delete(image.bucket, image.key).catch(() => undefined);
        throw error;
      }
      const imageKey = image ? await styleImageFromUpload(app.storage, image) : null;
      try {
        const id = await audited(
          app.db,
          { adminId, action: 'style.create', subject: { type: 'style', id: '' } },
          async (tx) => {
            const created = await createStyle(tx, input, imageKey);
            return {
              result: created,
              subjectId: created,
              before: null,
              after: await styleForEditor(tx, created, DEFAULT_LOCALE),
            };
          },
        );
        return {
          status: 'OK' as const,
          message: 'Style created',
          payload: await styleForEditor(app.db, id, await request.locale()),
        };
      } catch (error) {
        if (imageKey) await app.storage.delete('public', imageKey).catch(() => undefined);
        throw error;
      }
    },
  });

  app.route({
    ...routeOf(adminEndpoints.styles.update),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      await audited(
        app.db,
        { adminId, action: 'style.update', subject: { type: 'style', id } },
        async (tx) => {
          const before = await styleForEditor(tx, id, DEFAULT_LOCALE);
          await updateStyle(tx, id, request.body);
          return { result: null, before, after: await styleForEditor(tx, id, DEFAULT_LOCALE) };
        },
      );
      return {
        status: 'OK' as const,
        message: 'Style saved',
        payload: await styleForEditor(app.db, id, await request.locale()),
      };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.styles.image),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      const { image } = await receivePicture(request, app, true);
      if (!image) throw AppError.validation({ image: ['file.required'] });
      const imageKey = await styleImageFromUpload(app.storage, image);
      try {
        await audited(
          app.db,
          { adminId, action: 'style.image', subject: { type: 'style', id } },
          async (tx) => {
            const before = await styleForEditor(tx, id, DEFAULT_LOCALE);
            await replaceStyleImage(tx, app.storage, id, imageKey);
            return { result: null, before: { image_url: before.image_url }, after: { image_key: imageKey } };
          },
        );
      } catch (error) {
        await app.storage.delete('public', imageKey).catch(() => undefined);
        throw error;
      }
      return {
        status: 'OK' as const,
        message: 'Picture replaced',
        payload: await styleForEditor(app.db, id, await request.locale()),
      };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.styles.delete),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      await audited(
        app.db,
        { adminId, action: 'style.delete', subject: { type: 'style', id } },
        async (tx) => {
          const before = await styleForEditor(tx, id, DEFAULT_LOCALE);
          await deleteStyle(tx, app.storage, id);
          return { result: null, before, after: null };
        },
      );
      return { status: 'OK' as const, message: 'Style deleted' };
    },
  });
}
