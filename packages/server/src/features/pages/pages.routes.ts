// Page data (POST /api/v1/route), filter options (spec §7 Filters), the sitemap and robots.txt.
import {
  productFacetsSchema,
  publicationFacetsSchema,
  type RouteRequest,
  routeRequestSchema,
} from '@efir/domain/catalog-wire';
import { routeResponseSchema } from '@efir/domain/page-wire';
import type { VoteType } from '@efir/domain/reviews-schemas';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { answerNotModified, etagOf } from '../../lib/conditional-get.ts';
import type { ResponseCache } from '../../lib/response-cache.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import { pickPageEncoding } from '../../plugins/page-cache.ts';
import type { RenderReads } from '../../plugins/render-reads.ts';
import { collectSubtreeIds, getProductFacets } from '../catalog/catalog.service.ts';
import type { ContentService } from '../content/content.service.ts';
import { getPublicationFacets } from '../content/publications.service.ts';
import { findUserRating } from '../reviews/reviews.service.ts';
import { findRatedItem, type PageSources, resolvePage, withUserRating } from './pages.service.ts';
import { createSitemaps } from './sitemap.ts';

export function registerPagesRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    content: ContentService;
    config: Config;
    cache: ResponseCache;
    authenticator: Authenticator;
    sources?: PageSources;
    renderReads?: RenderReads;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, content } = deps;
  const origin = deps.config.PUBLIC_URL.replace(/\/$/, '');

  /**
   * The caller's own vote on a page, 0 for a guest. A bad or outdated token counts as a guest here: page data is
   * public, and a page must not fail to open because a session has ended (the user's own calls still say 401).
   */
  async function findOwnRating(request: FastifyRequest, item: { type: VoteType; id: number }) {
    const claims = request.auth;
    if (!claims) return 0;
    // The user check (token still valid after logout or a password change) and the vote look-up, side by side.
    const [user, rating] = await Promise.all([
      deps.authenticator.findUser(request).catch(() => null),
      findUserRating(db, claims.userId, item.type, item.id),
    ]);
    return user?.id === claims.userId ? rating : 0;
  }

  /**
   * The page's answer as everyone gets it. The parsed body (defaults filled in, unknown keys refused) is a precise
   * key for it; the one thing of the visitor's own, their vote, is laid over it by the route.
   */
  const answerForEveryone = (body: RouteRequest) =>
    deps.cache.getOrBuildWithFacts(
      `route ${JSON.stringify(body)}`,
      () => resolvePage(db, content, body, deps.sources),
      findRatedItem,
    );

  // A guest's page render asks for its data here without going through HTTP (saved carts are not cached).
  deps.renderReads?.add('POST', '/api/v1/route', async ({ body }) => {
    const parsed = routeRequestSchema.safeParse(body);
    if (!parsed.success || parsed.data.url.startsWith('/saved/')) return null;
    return (await answerForEveryone(parsed.data)).json;
  });

  routes.post(
    '/api/v1/route',
    { schema: { body: routeRequestSchema, response: { 200: routeResponseSchema } }, config: { csrf: false } },
    async (request, reply) => {
      // Saved carts are private to whoever holds the link: never kept in the shared cache.
      if (request.body.url.startsWith('/saved/')) return resolvePage(db, content, request.body, deps.sources);
      const { json, facts: ratedItem } = await answerForEveryone(request.body);
      // Ready JSON text goes out as it is (Fastify serialises only objects); the response schema describes it.
      const ready = reply.type('application/json; charset=utf-8') as FastifyReply;
      // Guests and pages without a vote (the bulk of requests) get the cached bytes as they are.
      if (!ratedItem || !request.auth) return ready.send(json);
      reply.header('cache-control', 'private, no-store');
      const userRating = await findOwnRating(request, ratedItem);
      return ready.send(userRating === 0 ? json : withUserRating(json, userRating));
    },
  );

  routes.get(
    '/api/v1/filter/articles',
    { schema: { response: { 200: publicationFacetsSchema } } },
    async () => getPublicationFacets(db, 'article'),
  );
  routes.get('/api/v1/filter/recepts', { schema: { response: { 200: publicationFacetsSchema } } }, async () =>
    getPublicationFacets(db, 'recept'),
  );
  routes.post(
    '/api/v1/filter/products',
    {
      schema: {
        body: z.strictObject({ id: z.int().min(0).max(2_147_483_647) }),
        response: { 200: productFacetsSchema },
      },
      config: { csrf: false },
    },
    async (request) => {
      // id 0 is the special-offers listing (/akcii): everything with a special price.
      if (request.body.id === 0) return getProductFacets(db, undefined, true);
      const critical = await content.critical.get();
      if (!critical.categories.some((entry) => entry.id === request.body.id)) throw notFound();
      return getProductFacets(db, collectSubtreeIds(critical, request.body.id));
    },
  );

  const sitemaps = createSitemaps({ db, content, origin, keep: deps.config.PAGE_CACHE_TTL_MS > 0 });
  content.dropWithContent(sitemaps);
  const sendSitemap = async (path: string, request: FastifyRequest, reply: FastifyReply) => {
    const file = await sitemaps.get(path);
    if (!file) throw notFound();
    // A part is ≈ 0.8 MB of XML: sent compressed (kept compressed with the file) to a crawler that accepts it.
    const encoding = pickPageEncoding(request.headers['accept-encoding']);
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'accept-encoding');
    const validators = { etag: etagOf(file.digest, encoding), lastModified: file.builtAt };
    if (answerNotModified(request, reply, validators)) return reply;
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? await file.encoded(encoding) : file.xml);
  };
  routes.get('/sitemap.xml', (request, reply) => sendSitemap('/sitemap.xml', request, reply));
  routes.get('/sitemap-pages-:part.xml', (request, reply) =>
    sendSitemap(request.url.split('?')[0]!, request, reply),
  );
  routes.get('/sitemap-products-:part.xml', (request, reply) =>
    sendSitemap(request.url.split('?')[0]!, request, reply),
  );

  // Yandex reads only its own group when there is one: it repeats the rules and adds Clean-param, which folds the
  // addresses that differ by an ad campaign's tags (`?utm_source=…`, `?yclid=…`) into the page itself.
  const disallowed = [
    '/api/',
    '/v1/',
    '/my-',
    '/checkout',
    '/search',
    '/login',
    '/registration',
    '/forgot-password',
    '/admin',
  ].map((path) => `Disallow: ${path}`);
  const robots = [
    'User-agent: *',
    ...disallowed,
    '',
    'User-agent: Yandex',
    ...disallowed,
    'Clean-param: utm_source&utm_medium&utm_campaign&utm_content&utm_term&yclid&gclid&from',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  routes.get('/robots.txt', async (_request, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').send(robots),
  );
}
