// The back office's «Контент» routes: articles, recipes, static pages, home slides and menu links (under
// /api/v1/admin, behind the moderator guard of admin.routes.ts). Rules and audit: content-admin.service.ts.
import {
  articleCreateSchema,
  articleUpdateSchema,
  contentIdParams,
  contentOptionsSchema,
  contentProductQuery,
  contentProductsSchema,
  deletedSchema,
  MENU_NAMES,
  menuCreateSchema,
  menuItemAnswerSchema,
  menuListSchema,
  menuOrderSchema,
  menuQuery,
  menuUpdateSchema,
  publicationAnswerSchema,
  publicationListQuery,
  publicationPageSchema,
  recipeCreateSchema,
  recipeUpdateSchema,
  slideAnswerSchema,
  slideCreateSchema,
  slideListSchema,
  slideOrderSchema,
  slideUpdateSchema,
  staticPageAnswerSchema,
  staticPageListSchema,
  staticPageUpdateSchema,
} from '@efir/domain/content-admin-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  findFormChoices,
  findPublicationPage,
  listMenu,
  listSlides,
  listStaticPages,
  readStaticPage,
  searchProducts,
} from './content-admin.repo.ts';
import { type ContentAdminDeps, getPublication, savePublication } from './content-admin.service.ts';
import { registerContentImageUpload } from './content-images.routes.ts';
import {
  createMenuLink,
  createSlide,
  deleteRow,
  reorderMenu,
  reorderSlides,
  updateMenuLink,
  updateSlide,
  updateStaticPage,
} from './content-rows.service.ts';

/** Routes relative to /api/v1/admin, for `sections` of registerAdminRoutes. */
export function contentAdminSection(deps: ContentAdminDeps): (scope: FastifyInstance) => void {
  const { db } = deps;
  return (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    registerContentImageUpload(scope, deps);

    /** Choices of the edit forms: sections, authors, tags and the menus there are. */
    routes.get('/content/options', { schema: { response: { 200: contentOptionsSchema } } }, async () => ({
      ...(await findFormChoices(db)),
      menus: [...MENU_NAMES],
    }));

    /** Products for a recipe's ingredient lines. */
    routes.get(
      '/content/products',
      { schema: { querystring: contentProductQuery, response: { 200: contentProductsSchema } } },
      async (request) => ({ products: await searchProducts(db, request.query.q) }),
    );

    for (const [path, kind] of [
      ['articles', 'article'],
      ['recipes', 'recept'],
    ] as const) {
      const createSchema = kind === 'article' ? articleCreateSchema : recipeCreateSchema;
      const updateSchema = kind === 'article' ? articleUpdateSchema : recipeUpdateSchema;
      const itemResponse = { 200: publicationAnswerSchema };
      routes.get(
        `/content/${path}`,
        { schema: { querystring: publicationListQuery, response: { 200: publicationPageSchema } } },
        async (request) => findPublicationPage(db, kind, request.query),
      );
      routes.get(
        `/content/${path}/:id`,
        { schema: { params: contentIdParams, response: itemResponse } },
        async (request) => ({ item: await getPublication(db, kind, request.params.id) }),
      );
      routes.post(
        `/content/${path}`,
        { schema: { body: createSchema, response: { 201: publicationAnswerSchema } } },
        async (request, reply) => {
          const item = await savePublication(deps, kind, moderatorId(request), null, request.body);
          return reply.status(201).send({ item });
        },
      );
      routes.put(
        `/content/${path}/:id`,
        { schema: { params: contentIdParams, body: updateSchema, response: itemResponse } },
        async (request) => ({
          item: await savePublication(deps, kind, moderatorId(request), request.params.id, request.body),
        }),
      );
    }

    // Static pages: their addresses are the shop's fixed routes, so they are edited, not created or deleted.
    routes.get('/content/pages', { schema: { response: { 200: staticPageListSchema } } }, async () => ({
      items: await listStaticPages(db),
    }));
    routes.get(
      '/content/pages/:id',
      { schema: { params: contentIdParams, response: { 200: staticPageAnswerSchema } } },
      async (request) => {
        const found = await readStaticPage(db, request.params.id);
        if (!found) throw notFound();
        return { item: found };
      },
    );
    routes.put(
      '/content/pages/:id',
      {
        schema: {
          params: contentIdParams,
          body: staticPageUpdateSchema,
          response: { 200: staticPageAnswerSchema },
        },
      },
      async (request) => ({
        item: await updateStaticPage(deps, moderatorId(request), request.params.id, request.body),
      }),
    );

    routes.get('/content/slides', { schema: { response: { 200: slideListSchema } } }, async () => ({
      items: await listSlides(db),
    }));
    routes.post(
      '/content/slides',
      { schema: { body: slideCreateSchema, response: { 201: slideAnswerSchema } } },
      async (request, reply) => {
        const item = await createSlide(deps, moderatorId(request), request.body);
        return reply.status(201).send({ item });
      },
    );
    routes.put(
      '/content/slides/order',
      { schema: { body: slideOrderSchema, response: { 200: slideListSchema } } },
      async (request) => {
        await reorderSlides(deps, moderatorId(request), request.body.ids);
        return { items: await listSlides(db) };
      },
    );
    routes.put(
      '/content/slides/:id',
      { schema: { params: contentIdParams, body: slideUpdateSchema, response: { 200: slideAnswerSchema } } },
      async (request) => ({
        item: await updateSlide(deps, moderatorId(request), request.params.id, request.body),
      }),
    );

    routes.get(
      '/content/menu',
      { schema: { querystring: menuQuery, response: { 200: menuListSchema } } },
      async (request) => ({ items: await listMenu(db, request.query.menu) }),
    );
    routes.post(
      '/content/menu',
      { schema: { body: menuCreateSchema, response: { 201: menuItemAnswerSchema } } },
      async (request, reply) => {
        const item = await createMenuLink(deps, moderatorId(request), request.body);
        return reply.status(201).send({ item });
      },
    );
    routes.put(
      '/content/menu/order',
      { schema: { body: menuOrderSchema, response: { 200: menuListSchema } } },
      async (request) => {
        const { menu, ids } = request.body;
        await reorderMenu(deps, moderatorId(request), menu, ids);
        return { items: await listMenu(db, menu) };
      },
    );
    routes.put(
      '/content/menu/:id',
      {
        schema: { params: contentIdParams, body: menuUpdateSchema, response: { 200: menuItemAnswerSchema } },
      },
      async (request) => ({
        item: await updateMenuLink(deps, moderatorId(request), request.params.id, request.body),
      }),
    );

    // Slides and menu links are deleted alike: 404 for an unknown one, else gone with an audit entry.
    for (const [path, what] of [
      ['slides', 'slide'],
      ['menu', 'menu'],
    ] as const) {
      routes.delete(
        `/content/${path}/:id`,
        { schema: { params: contentIdParams, response: { 204: deletedSchema } } },
        async (request, reply) => {
          await deleteRow(deps, what, moderatorId(request), request.params.id);
          // No body: Fastify sends none with a 204.
          return reply.status(204).send(null);
        },
      );
    }
  };
}
