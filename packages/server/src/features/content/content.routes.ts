// HTTP routes of content: critical data and static pages.
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RenderReads } from '../../plugins/render-reads.ts';
import type { ContentService } from './content.service.ts';

const staticPageQuery = z.strictObject({
  url: z
    .string()
    .min(1)
    .max(300)
    .regex(/^\/[a-z0-9\-_./]*$/i, 'Адрес страницы должен начинаться с / и состоять из латинских букв'),
});

export function registerContentRoutes(
  app: FastifyInstance,
  content: ContentService,
  renderReads?: RenderReads,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Every page render asks for it: answered without going through HTTP.
  renderReads?.add('GET', '/api/v1/critical', async () => (await content.criticalJson()).toString('utf8'));

  routes.get('/api/v1/critical', async (_request, reply) => {
    // Shared by every visitor and on every first page load: sent as ready-made JSON.
    return reply
      .header('cache-control', 'public, max-age=60')
      .type('application/json; charset=utf-8')
      .send(await content.criticalJson());
  });

  routes.get('/api/v1/static-page', { schema: { querystring: staticPageQuery } }, async (request) => {
    return { page: await content.getStaticPage(request.query.url) };
  });
}
