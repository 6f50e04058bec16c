// Spec §7 response rule: a 200 JSON answer to a request with the error-suppression marker is `{ok: true, data}`.
import { SUPPRESS_ERRORS_HEADER } from '@efir/domain/http-contract';
import type { FastifyInstance } from 'fastify';

export function registerResponseRule(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers[SUPPRESS_ERRORS_HEADER] === undefined || reply.statusCode !== 200) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || typeof payload !== 'string') return payload;
    return `{"ok":true,"data":${payload}}`;
  });
}
