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
  app.addHook('onRequest', async () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async () => {
    inFlight -= 1;
    lastActivity = Date.now();
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
