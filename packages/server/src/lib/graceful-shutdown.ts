// Shutdown that loses no request: drain (answers say «Connection: close»), then close the app and the database.
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** Give up and exit after this long. */
  timeoutMs: number;
  /** How long the server must have had nothing in flight before it closes. */
  quietMs?: number;
  onClosed(): Promise<void>;
}

/** Counts requests being handled and, once draining, asks clients not to reuse their connections. */
export function trackInFlightRequests(app: FastifyInstance) {
  let inFlight = 0;
  let lastActivity = Date.now();
  let draining = false;
  // Callback hooks (no promise per call): they run on every request.
  app.addHook('onRequest', (_request, _reply, done) => {
    inFlight += 1;
    lastActivity = Date.now();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    inFlight -= 1;
    lastActivity = Date.now();
    done();
  });
  return {
    startDraining() {
      draining = true;
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

export async function shutDownGracefully(app: FastifyInstance, options: ShutdownOptions): Promise<void> {
  const tracker = app.requestTracker;
  const quietMs = options.quietMs ?? 250;
  const deadline = Date.now() + options.timeoutMs;
  tracker.startDraining();
  // Keep accepting until traffic stops: closing the listener now would reset connections still waiting in the
  // kernel's accept queue (a busy event loop accepts them late), and those requests were sent by clients too.
  while (!tracker.isQuiet(quietMs) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await app.close();
  await options.onClosed();
}
