// HTTP routes of the site search: POST /api/v1/search and POST /api/v1/hint (spec §7).
import { hintResponseSchema, searchResponseSchema } from '@efir/domain/search-wire';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { ResponseCache } from '../../lib/response-cache.ts';
import { createSearchService } from './search.service.ts';

const QUERY_MAX_LENGTH = 200;

/** Checked after trimming and collapsing whitespace, so «   » is empty and padding does not count. */
const searchText = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Введите поисковый запрос' : 'Запрос должен быть строкой'),
  })
  .overwrite((value) => value.replace(/\s+/g, ' ').trim())
  .min(1, 'Введите поисковый запрос')
  .max(QUERY_MAX_LENGTH, `Запрос должен быть не длиннее ${QUERY_MAX_LENGTH} символов`);

export const searchBody = z.strictObject({
  q: searchText,
  limit: z
    .number({ error: 'Количество результатов должно быть числом' })
    .int('Количество результатов должно быть целым числом')
    .min(1, 'Количество результатов — от 1 до 50')
    .max(50, 'Количество результатов — от 1 до 50')
    .default(20),
});

export const hintBody = z.strictObject({ q: searchText });

/** Ready JSON text from the cache goes out as it is (Fastify serialises only objects); the response schema describes it. */
function sendReady(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export function registerSearchRoutes(app: FastifyInstance, db: Database, cache: ResponseCache): void {
  const search = createSearchService(db);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1/search',
    { schema: { body: searchBody, response: { 200: searchResponseSchema } }, config: { csrf: false } },
    async (request, reply) => {
      const { q, limit } = request.body;
      const json = await cache.getOrBuild(`search ${limit} ${q.toLowerCase()}`, () =>
        search.search(q, limit),
      );
      return sendReady(reply, json);
    },
  );

  routes.post(
    '/api/v1/hint',
    { schema: { body: hintBody, response: { 200: hintResponseSchema } }, config: { csrf: false } },
    async (request, reply) => {
      const { q } = request.body;
      const json = await cache.getOrBuild(`hint ${q.toLowerCase()}`, () => search.hint(q));
      return sendReady(reply, json);
    },
  );
}
