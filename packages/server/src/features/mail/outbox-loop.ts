// Runs the outbox worker in the server process (started by buildApp, the composition root): a pass every
// OUTBOX_POLL_MS, one soon after a letter is queued here, and the periodic jobs that write letters (abandoned
// carts). Closing the app (graceful shutdown, decision 004) stops the timer and waits for the pass in progress.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { OutboxWorker } from './outbox-worker.ts';

export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

/** A pass soon after a letter is queued, not at once: the transaction that wrote it has to commit first. */
const WAKE_DELAY_MS = 200;

export function startOutboxLoop(
  app: FastifyInstance,
  deps: { worker: OutboxWorker; pollMs: number; jobs: PeriodicJob[]; log: FastifyBaseLogger },
): { wake(): void } {
  let timer: NodeJS.Timeout | null = null;
  let dueAt = 0;
  let running: Promise<void> | null = null;
  let started = false;
  let closed = false;
  const lastRun = new Map<string, number>();

  async function pass() {
    const now = new Date();
    for (const job of deps.jobs) {
      if (now.getTime() - (lastRun.get(job.name) ?? 0) < job.everyMs) continue;
      lastRun.set(job.name, now.getTime());
      await job
        .run(now)
        .catch((error: unknown) => deps.log.warn({ err: error, job: job.name }, 'job failed'));
    }
    const result = await deps.worker.runOnce(now);
    if (result.sent + result.failed > 0) deps.log.debug(result, 'outbox pass');
  }

  function schedule(delayMs: number) {
    if (closed || !started) return;
    // A pass due sooner stays: a stream of wakes must not keep postponing it.
    if (timer && dueAt <= Date.now() + delayMs) return;
    if (timer) clearTimeout(timer);
    dueAt = Date.now() + delayMs;
    timer = setTimeout(() => {
      timer = null;
      if (running) return schedule(WAKE_DELAY_MS);
      running = pass()
        .catch((error: unknown) => deps.log.warn({ err: error }, 'outbox pass failed'))
        .finally(() => {
          running = null;
          if (!timer) schedule(deps.pollMs);
        });
    }, delayMs);
    timer.unref();
  }

  app.addHook('onReady', async () => {
    started = true;
    schedule(WAKE_DELAY_MS);
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await running;
  });
  return { wake: () => schedule(WAKE_DELAY_MS) };
}
