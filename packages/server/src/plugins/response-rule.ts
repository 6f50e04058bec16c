// Spec §7 response rule: a 200 JSON answer to a request with the error-suppression marker is `{ok: true, data}`.
import { SUPPRESS_ERRORS_HEADER } from '@efir/domain/http-contract';
import type { FastifyInstance } from 'fastify';

const OK_PREFIX = Buffer.from('{"ok":true,"data":');
const OK_SUFFIX = Buffer.from('}');

export function registerResponseRule(app: FastifyInstance): void {
  // A callback hook: it runs on every answer and almost always passes the payload through untouched.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers[SUPPRESS_ERRORS_HEADER] === undefined || reply.statusCode !== 200) {
      done(null, payload);
      return;
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) done(null, payload);
    else if (typeof payload === 'string') done(null, `{"ok":true,"data":${payload}}`);
    // JSON kept ready as bytes (the critical data).
    else if (Buffer.isBuffer(payload)) done(null, Buffer.concat([OK_PREFIX, payload, OK_SUFFIX]));
    else done(null, payload);
  });
}
