// A bare Fastify server answering each benchmarked request with the very bytes the shop sent: the ceiling.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface RecordedAnswer {
  method: 'GET' | 'POST';
  url: string;
  /** JSON.stringify of the request body, '' for GET. */
  requestBody: string;
  responseBody: string;
}

const recorded = JSON.parse(readFileSync(process.env.BASELINE_FILE ?? '', 'utf8')) as RecordedAnswer[];
// Ready-made bytes, as the shop keeps its hottest answers: the ceiling must not pay for encoding strings either.
const answers = new Map(
  recorded.map((item) => [`${item.method} ${item.url} ${item.requestBody}`, Buffer.from(item.responseBody)]),
);
const EMPTY = Buffer.from('{}');
const app = Fastify({ logger: false });
for (const route of new Set(recorded.map((item) => `${item.method} ${item.url}`))) {
  const [method, url] = route.split(' ') as ['GET' | 'POST', string];
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const key = `${method} ${url} ${request.body === undefined ? '' : JSON.stringify(request.body)}`;
      return reply.header('content-type', 'application/json; charset=utf-8').send(answers.get(key) ?? EMPTY);
    },
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.({ ready: true });
