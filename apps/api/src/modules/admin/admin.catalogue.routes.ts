import { DEFAULT_LOCALE, errorResponses } from '@promptmarket/contracts';
import {
  ADMIN_IMAGE_MAX_BYTES,
  adminCatalogueIdParams,
  adminCatalogueListQuery,
  adminCategoriesResponse,
  adminCategoryCreate,
  adminCategoryResponse,
  adminCategoryUpdate,
  adminDeletedResponse,
  adminProductCreate,
  adminProductResponse,
  adminProductsQuery,
  adminProductsResponse,
  adminProductUpdate,
  adminStyleCreate,
  adminStyleResponse,
  adminStylesResponse,
  adminStyleUpdate,
} from '@promptmarket/contracts/admin-catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { receiveUpload, type UploadedFile } from '../../lib/uploads';
import { fieldErrorsOf } from '../../lib/validate';
import { signedInUser } from '../accounts/accounts.plugin';
import {
  categoryForEditor,
  createCategory,
  createProduct,
  createStyle,
  deleteCategory,
  deleteProduct,
  deleteProductImage,
  deleteStyle,
  listCategoriesForEditor,
  listProductsForEditor,
  listStylesForEditor,
  productForEditor,
  productImageFromUpload,
  productSnapshot,
  replaceProductImage,
  replaceStyleImage,
  styleForEditor,
  styleImageFromUpload,
  updateCategory,
  updateProduct,
  updateStyle,
} from '../catalogue/catalogue.admin';
import { audited } from './admin.audit';
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
  const idParams = adminCatalogueIdParams;
  const deleted = { 200: adminDeletedResponse, ...errorResponses };

  /* Products */

  app.get(
    '/admin/products',
    {
      schema: {
        summary: 'Every product, hidden ones too: search by title or slug, filter by category and visibility',
        querystring: adminProductsQuery,
        response: { 200: adminProductsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await listProductsForEditor(app.db, request.query, await request.locale());
      return listAnswer(data, total, request.query);
    },
  );

  app.get(
    '/admin/products/:id',
    {
      schema: {
        summary: 'One product with its texts in every language',
        params: idParams,
        response: { 200: adminProductResponse, ...errorResponses },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      message: 'Product',
      payload: await productForEditor(app.db, request.params.id, await request.locale()),
    }),
  );

  app.post(
    '/admin/products',
    {
      schema: {
        summary: 'Add a product (multipart: image, the original; data, the product as JSON)',
        consumes: ['multipart/form-data'],
        response: { 200: adminProductResponse, ...errorResponses },
      },
    },
    async (request) => {
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
  );

  app.put(
    '/admin/products/:id',
    {
      schema: {
        summary: 'Change a product: only the fields named change (texts per language in `translations`)',
        params: idParams,
        body: adminProductUpdate,
        response: { 200: adminProductResponse, ...errorResponses },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/admin/products/:id/image',
    {
      schema: {
        summary: 'Replace a product’s original picture (multipart: image); new previews are made',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: adminProductResponse, ...errorResponses },
      },
    },
    async (request) => {
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
  );

  app.delete(
    '/admin/products/:id',
    {
      schema: {
        summary: 'Delete a product nobody has bought (a sold one is hidden instead, its buyers keep it)',
        params: idParams,
        response: deleted,
      },
    },
    async (request) => {
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
  );

  /* Categories */

  app.get(
    '/admin/categories',
    {
      schema: {
        summary: 'The category tree, top-level categories followed by their subcategories',
        querystring: adminCatalogueListQuery,
        response: { 200: adminCategoriesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await listCategoriesForEditor(app.db, request.query, await request.locale());
      return listAnswer(data, total, request.query);
    },
  );

  app.get(
    '/admin/categories/:id',
    {
      schema: {
        summary: 'One category',
        params: idParams,
        response: { 200: adminCategoryResponse, ...errorResponses },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      message: 'Category',
      payload: await categoryForEditor(app.db, request.params.id, await request.locale()),
    }),
  );

  app.post(
    '/admin/categories',
    {
      schema: {
        summary: 'Add a category (a subcategory with `parent_id`)',
        body: adminCategoryCreate,
        response: { 200: adminCategoryResponse, ...errorResponses },
      },
    },
    async (request) => {
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
  );

  app.put(
    '/admin/categories/:id',
    {
      schema: {
        summary: 'Change a category: only the fields named change',
        params: idParams,
        body: adminCategoryUpdate,
        response: { 200: adminCategoryResponse, ...errorResponses },
      },
    },
    async (request) => {
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
  );

  app.delete(
    '/admin/categories/:id',
    {
      schema: {
        summary: 'Delete a category without products or subcategories',
        params: idParams,
        response: deleted,
      },
    },
    async (request) => {
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
  );

  /* Styles */

  app.get(
    '/admin/styles',
    {
      schema: {
        summary: 'Styles with their picture and how many products carry each',
        querystring: adminCatalogueListQuery,
        response: { 200: adminStylesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await listStylesForEditor(app.db, request.query, await request.locale());
      return listAnswer(data, total, request.query);
    },
  );

  app.get(
    '/admin/styles/:id',
    {
      schema: {
        summary: 'One style',
        params: idParams,
        response: { 200: adminStyleResponse, ...errorResponses },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      message: 'Style',
      payload: await styleForEditor(app.db, request.params.id, await request.locale()),
    }),
  );

  app.post(
    '/admin/styles',
    {
      schema: {
        summary: 'Add a style (multipart: data, the style as JSON; image, its picture, optional)',
        consumes: ['multipart/form-data'],
        response: { 200: adminStyleResponse, ...errorResponses },
      },
    },
    async (request) => {
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
  );

  app.put(
    '/admin/styles/:id',
    {
      schema: {
        summary: 'Change a style: only the fields named change',
        params: idParams,
        body: adminStyleUpdate,
        response: { 200: adminStyleResponse, ...errorResponses },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/admin/styles/:id/image',
    {
      schema: {
        summary: 'Replace a style’s picture (multipart: image)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: adminStyleResponse, ...errorResponses },
      },
    },
    async (request) => {
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
  );

  app.delete(
    '/admin/styles/:id',
    { schema: { summary: 'Delete a style (its products lose it)', params: idParams, response: deleted } },
    async (request) => {
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
  );
}
