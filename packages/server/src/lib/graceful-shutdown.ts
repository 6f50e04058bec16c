// Shutdown that loses no request: drain (answers say «Connection: close»), then refuse what still comes with a
// clean 503, let what is in flight (page renders with their in-process API calls) finish, then close the app and
// the database.
import { IncomingMessage } from 'node:http';
import type { ErrorAnswer } from '@efir/domain/error-wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface ShutdownOptions {
  /** Give up and exit after this long. */
  timeoutMs: number;
  /** How long the server must have had nothing in flight before it closes. */
  quietMs?: number;
  onClosed(): Promise<void>;
}

/** A request from the network, not one of a page render's in-process API calls (those are light-my-request's). */
function isFromNetwork(request: FastifyRequest): boolean {
  return request.raw instanceof IncomingMessage;
}

const counted = new WeakSet<FastifyRequest>();

/**
 * Counts requests being handled; once draining, asks clients not to reuse their connections; once refusing, answers
 * new requests from the network 503 at once (a balancer or the client tries again) while those in flight finish.
 */
export function trackInFlightRequests(app: FastifyInstance) {
  let inFlight = 0;
  let lastActivity = Date.now();
  let draining = false;
  let refusing = false;
  // Callback hooks (no promise per call): they run on every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (refusing && isFromNetwork(request)) {
      lastActivity = Date.now();
      reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', '5')
        .send({
          message: 'Service Unavailable',
          title: 'Магазин перезапускается — повторите через несколько секунд',
        } satisfies ErrorAnswer);
      return;
    }
    counted.add(request);
    inFlight += 1;
    lastActivity = Date.now();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (counted.delete(request)) {
      inFlight -= 1;
      lastActivity = Date.now();
    }
    done();
  });
  return {
    startDraining() {
      draining = true;
    },
    startRefusing() {
      refusing = true;
    },
    /** From SIGTERM on: /api/ready answers 503 so that a balancer sends new traffic elsewhere. */
    isStopping() {
      return draining;
    },
    isQuiet(quietMs: number) {
      return inFlight === 0 && Date.now() - lastActivity >= quietMs;
    },
  };
}

export type RequestTracker = ReturnType<typeof trackInFlightRequests>;

declare module 'fastify' {
  interface FastifyInstance {
    requestTracker: RequestTracker;
  }
}

/** How long a stopping shop still serves new requests (with «Connection: close») before it answers them 503. */
const KEEP_SERVING_MS = 1000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function shutDownGracefully(app: FastifyInstance, options: ShutdownOptions): Promise<void> {
  const tracker = app.requestTracker;
  const quietMs = options.quietMs ?? 250;
  const deadline = Date.now() + options.timeoutMs;
  tracker.startDraining();
  // Keep serving a moment: connections still waiting in the kernel's accept queue (a busy event loop accepts them
  // late) were sent by clients too, and under light traffic the shop simply goes quiet.
  const serveUntil = Math.min(deadline, Date.now() + KEEP_SERVING_MS);
  while (!tracker.isQuiet(quietMs) && Date.now() < serveUntil) await pause(50);
  // Then whatever still comes gets a clean 503, and what is in flight finishes — page renders included, whose
  // in-process API calls would be refused once the app closes. The port closes once nothing has come for quietMs:
  // closing it earlier would reset the connections waiting in the kernel's accept queue.
  tracker.startRefusing();
  while (!tracker.isQuiet(quietMs) && Date.now() < deadline) await pause(25);
  await app.close();
  await options.onClosed();
}
