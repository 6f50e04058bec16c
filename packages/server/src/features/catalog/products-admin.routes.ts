// The back office's «Товары» routes (inside the guarded /api/v1/admin scope): search the catalogue, edit prices,
// stock, badges, visibility and texts, create products and upload their pictures. Rules: products-admin.service.ts.
import { idField } from '@efir/domain/account-schemas';
import {
  adminProductAnswerSchema,
  adminProductListSchema,
  adminProductSavedSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_STOCK_FILTERS,
  productCreateSchema,
  productFormOptionsSchema,
  productImagesUpdateSchema,
  productUpdateSchema,
} from '@efir/domain/product-admin-schemas';
import { z } from '@efir/domain/zod-ru';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { invalidData } from '../../lib/app-error.ts';
import { describeUploadError } from '../../lib/upload-errors.ts';
import {
  addProductImages,
  arrangeProductImages,
  makeProductImageMain,
  removeProductImage,
} from './product-images.service.ts';
import {
  createProduct,
  getAdminProduct,
  getProductFormOptions,
  listAdminProducts,
  type ProductsAdminDeps,
  updateProduct,
} from './products-admin.service.ts';

const listQuery = z.strictObject({
  q: z.string().trim().max(100, 'Запрос — не длиннее 100 символов').optional(),
  category: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  stock: z.enum(PRODUCT_STOCK_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
const productParams = z.strictObject({ id: idField });
const imageParams = z.strictObject({
  id: idField,
  n: z.coerce.number('Неверный номер фото').int().min(0).max(PRODUCT_IMAGES_MAX),
});

/** Fastify's multipart failures as the upload form's field error. */
const PRODUCT_IMAGE_UPLOAD_MESSAGES = {
  tooLarge: `Файл больше ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} МБ — выберите поменьше`,
  wrongKind: `Прикрепите картинки в формате JPEG, PNG или WebP, не больше ${PRODUCT_IMAGES_MAX}`,
  notAFile: 'Прикрепите картинку как файл формы',
};

/** The «Товары» routes, for `sections` of registerAdminRoutes. */
export function productsAdminSection(deps: ProductsAdminDeps) {
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    const saved = { 200: adminProductSavedSchema };

    routes.get(
      '/products',
      { schema: { querystring: listQuery, response: { 200: adminProductListSchema } } },
      async (request) => listAdminProducts(deps.db, request.query),
    );

    routes.get('/products/options', { schema: { response: { 200: productFormOptionsSchema } } }, async () =>
      getProductFormOptions(deps.db),
    );

    routes.get(
      '/products/:id',
      { schema: { params: productParams, response: { 200: adminProductAnswerSchema } } },
      async (request) => ({ product: await getAdminProduct(deps.db, request.params.id) }),
    );

    routes.put(
      '/products/:id',
      { schema: { params: productParams, body: productUpdateSchema, response: saved } },
      async (request) => ({
        status: 'ok' as const,
        message: 'Товар сохранён',
        product: await updateProduct(deps, moderatorId(request), request.params.id, request.body),
      }),
    );

    routes.post(
      '/products',
      { schema: { body: productCreateSchema, response: { 201: adminProductSavedSchema } } },
      async (request, reply) => {
        const product = await createProduct(deps, moderatorId(request), request.body);
        return reply.status(201).send({ status: 'ok', message: 'Товар создан', product });
      },
    );

    routes.delete(
      '/products/:id/images/:n',
      { schema: { params: imageParams, response: saved } },
      async (request) => ({
        status: 'ok' as const,
        message: 'Фото удалено',
        product: await removeProductImage(deps, moderatorId(request), request.params.id, request.params.n),
      }),
    );

    routes.post(
      '/products/:id/images/:n/main',
      { schema: { params: imageParams, response: saved } },
      async (request) => ({
        status: 'ok' as const,
        message: 'Фото стало главным',
        product: await makeProductImageMain(deps, moderatorId(request), request.params.id, request.params.n),
      }),
    );

    routes.put(
      '/products/:id/images',
      { schema: { params: productParams, body: productImagesUpdateSchema, response: saved } },
      async (request) => ({
        status: 'ok' as const,
        message: 'Фото сохранены',
        product: await arrangeProductImages(
          deps,
          moderatorId(request),
          request.params.id,
          request.body.images,
        ),
      }),
    );

    // Only the upload reads multipart, in a scope of its own (the guard above still runs first).
    scope.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: {
          fileSize: PRODUCT_IMAGE_MAX_BYTES,
          files: PRODUCT_IMAGES_MAX,
          fields: 5,
          fieldSize: 1024,
          parts: PRODUCT_IMAGES_MAX + 5,
        },
      });
      uploads
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/products/:id/images',
          { schema: { params: productParams, response: saved } },
          async (request) => {
            // An unknown product is told before a byte of the upload is read.
            await getAdminProduct(deps.db, request.params.id);
            // Several files at once (a drop of a folder's pictures): each read whole, then converted, in turn.
            async function* files() {
              for await (const file of request.files()) yield await file.toBuffer();
            }
            try {
              return {
                status: 'ok' as const,
                message: 'Фото добавлены',
                product: await addProductImages(deps, moderatorId(request), request.params.id, files()),
              };
            } catch (error) {
              const message = describeUploadError(error, PRODUCT_IMAGE_UPLOAD_MESSAGES);
              if (message) throw invalidData({ image: [message] });
              throw error;
            }
          },
        );
    });
  };
}
