// A bare Fastify server answering each benchmarked request with the very bytes the shop sent (a page already
// compressed, with its content-type and content-encoding): the ceiling the shop is compared with.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface RecordedAnswer {
  method: 'GET' | 'POST';
  url: string;
  /** JSON.stringify of the request body, '' for GET. */
  requestBody: string;
  /** The response headers that describe the bytes (content-type, content-encoding, vary). */
  headers: Record<string, string>;
  /** The bytes as sent, base64. */
  responseBody: string;
}

const recorded = JSON.parse(readFileSync(process.env.BASELINE_FILE ?? '', 'utf8')) as RecordedAnswer[];
// Ready-made bytes, as the shop keeps its hottest answers: the ceiling must not pay for encoding strings either.
const answers = new Map(
  recorded.map((item) => [
    `${item.method} ${item.url} ${item.requestBody}`,
    { headers: item.headers, body: Buffer.from(item.responseBody, 'base64') },
  ]),
);
const EMPTY = { headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from('{}') };
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
for (const route of new Set(recorded.map((item) => `${item.method} ${item.url}`))) {
  const [method, url] = route.split(' ') as ['GET' | 'POST', string];
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const key = `${method} ${url} ${request.body === undefined ? '' : JSON.stringify(request.body)}`;
      const answer = answers.get(key) ?? EMPTY;
      return reply.headers(answer.headers).send(answer.body);
    },
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
