// Every request gets an id: on each of its log lines (Fastify's reqId), in the X-Request-Id answer header, and in the
// shop's «Запрос не выполнен» popup, so a customer can quote it and support finds the request in the log.
import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const REQUEST_ID_HEADER = 'x-request-id';
/** What an id from outside may look like: a UUID, a balancer's trace id; nothing that could mislead in the log. */
const ACCEPTED_ID = /^[\w.:-]{1,128}$/;

/**
 * Fastify's genReqId. The X-Request-Id header is taken only from a proxy the shop trusts (TRUST_PROXY), which sets it
 * for the whole chain, and from a page render's in-process API calls, which carry their page's id.
 */
export function createRequestIdGenerator(trustProxy: boolean): (raw: IncomingMessage) => string {
  return (raw) => {
    if (trustProxy || !(raw instanceof IncomingMessage)) {
      const given = raw.headers[REQUEST_ID_HEADER];
      if (typeof given === 'string' && ACCEPTED_ID.test(given)) return given;
    }
    return randomUUID();
  };
}

/** Sends the id back with every answer (the 503 of a stopping shop included: registered before that hook). */
export function returnRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
