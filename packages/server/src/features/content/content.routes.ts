// HTTP routes of content: critical data and static pages.
import { criticalDataSchema, staticPageAnswerSchema } from '@efir/domain/catalog-wire';
import { SUPPRESS_ERRORS_HEADER } from '@efir/domain/http-contract';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerNotModified, contentDigest, etagOf } from '../../lib/conditional-get.ts';
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

  // The digest of each serialized critical data, made once per change of content.
  const digests = new WeakMap<Buffer, string>();
  routes.get(
    '/api/v1/critical',
    { schema: { response: { 200: criticalDataSchema } } },
    async (request, reply) => {
      // Shared by every visitor and on every first page load: sent as ready-made JSON.
      const json = await content.criticalJson();
      let digest = digests.get(json);
      if (digest === undefined) {
        digest = contentDigest(json);
        digests.set(json, digest);
      }
      // The marker header wraps the same data in {ok, data} (plugins/response-rule.ts): another representation.
      const wrapped = request.headers[SUPPRESS_ERRORS_HEADER] !== undefined;
      reply.header('cache-control', 'public, max-age=60').header('vary', SUPPRESS_ERRORS_HEADER);
      const etag = etagOf(wrapped ? `${digest}-ok` : digest, null);
      if (answerNotModified(request, reply, { etag, lastModified: null })) return reply;
      // Ready JSON bytes go out as they are (Fastify serialises only objects); the response schema describes them.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  routes.get(
    '/api/v1/static-page',
    { schema: { querystring: staticPageQuery, response: { 200: staticPageAnswerSchema } } },
    async (request) => {
      return { page: await content.getStaticPage(request.query.url) };
    },
  );
}
