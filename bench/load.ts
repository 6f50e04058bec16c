// One measurement: autocannon against one server for a few seconds, with every response's latency and time to
// first byte, the server's CPU time (its own, plus its PostgreSQL backends') and its peak memory.
import type { EventEmitter } from 'node:events';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { Postgres } from './databases.ts';
import { readCpuMicros, readRssMb } from './servers.ts';

export interface Target {
  name: string;
  pid: number;
  base: string;
  /** The PostgreSQL database the server uses, whose backends' CPU time counts as the server's. */
  database?: { postgres: Postgres; name: string };
}

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers: Record<string, string>;
}

export interface Sample {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  ttfbP50: number;
  ttfbP99: number;
  /** CPU time per request, ms: the server process (all threads) plus its PostgreSQL backends. */
  cpuMs: number;
  dbCpuMs: number;
  peakRssMb: number;
  errors: number;
  /** e.g. «422×12», the first non-2xx statuses seen. */
  failures: string;
  /** The probe's latencies, sorted, when one ran. */
  probe?: number[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * CPU time of a server while a measurement runs. PostgreSQL backends come and go (the pool opens and closes
 * connections), so they are listed every 250 ms and each one's last reading kept; a backend first seen during the
 * measurement counts from zero (its start-up is part of the cost).
 */
export class CpuMeter {
  private appStart = 0;
  private readonly backendStart = new Map<number, number>();
  private readonly backendLast = new Map<number, number>();
  private peakRss = 0;
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> = Promise.resolve();

  constructor(private readonly target: Target) {}

  private async sampleBackends(first: boolean): Promise<void> {
    const database = this.target.database;
    if (!database?.postgres.local) return;
    for (const pid of await database.postgres.backends(database.name)) {
      const cpu = readCpuMicros(pid);
      if (cpu === null) continue;
      if (!this.backendStart.has(pid)) this.backendStart.set(pid, first ? cpu : 0);
      this.backendLast.set(pid, cpu);
    }
  }

  async start(): Promise<void> {
    await this.sampleBackends(true);
    this.appStart = readCpuMicros(this.target.pid) ?? 0;
    this.peakRss = readRssMb(this.target.pid);
    this.timer = setInterval(() => {
      this.peakRss = Math.max(this.peakRss, readRssMb(this.target.pid));
      this.sampling = this.sampling.then(() => this.sampleBackends(false)).catch(() => {});
    }, 250);
  }

  async stop(): Promise<{ appMicros: number; dbMicros: number; peakRssMb: number }> {
    clearInterval(this.timer);
    const appMicros = (readCpuMicros(this.target.pid) ?? this.appStart) - this.appStart;
    await this.sampling;
    await this.sampleBackends(false);
    let dbMicros = 0;
    for (const [pid, last] of this.backendLast) dbMicros += last - (this.backendStart.get(pid) ?? last);
    return {
      appMicros,
      dbMicros,
      peakRssMb: Math.max(this.peakRss, readRssMb(this.target.pid)),
    };
  }
}

/**
 * Waits until the server has finished the requests a measurement left in flight (autocannon stops sending, the
 * server goes on rendering what it had queued): less than 5 % of a core over 200 ms, at most 20 s.
 */
async function settle(target: Target): Promise<void> {
  const deadline = Date.now() + 20_000;
  let before = readCpuMicros(target.pid) ?? 0;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = readCpuMicros(target.pid) ?? 0;
    if (now - before <= 10_000) return;
    before = now;
  }
}

/**
 * Runs `connections` clients for `duration` seconds. `perConnection` gives each connection headers of its own
 * (its own cart). Time to first byte is read from autocannon's client events: the headers' arrival, counted back
 * from the response's end.
 */
export async function measure(
  target: Target,
  request: BenchRequest,
  options: {
    connections: number;
    duration: number;
    perConnection?: Array<Record<string, string>>;
    /** A URL timed by a probe of its own while the load runs (the health check under a heavy search). */
    probe?: string;
  },
): Promise<Sample> {
  const latencies: number[] = [];
  const ttfbs: number[] = [];
  const unanswered: number[] = [];
  const unansweredTtfb: number[] = [];
  const statuses = new Map<number, number>();
  let connection = 0;
  const meter = new CpuMeter(target);
  await meter.start();
  const probe = options.probe ? startProbe(options.probe) : null;
  const started = performance.now();
  const result = await autocannon({
    url: `${target.base}${request.path}`,
    method: request.method,
    body: request.body,
    headers: request.headers,
    connections: options.connections,
    duration: options.duration,
    setupClient(client) {
      const own = options.perConnection?.[connection++ % options.perConnection.length];
      if (own) client.setHeaders({ ...request.headers, ...own });
      let sentAt = 0;
      let headersAt = 0;
      let waiting = false;
      // 'request' and 'done' are events autocannon's client has but its types do not list.
      const events = client as unknown as EventEmitter;
      events.on('request', () => {
        sentAt = performance.now();
        waiting = true;
      });
      client.on('headers', () => {
        headersAt = performance.now();
      });
      client.on('response', (status, _bytes, responseTime) => {
        waiting = false;
        latencies.push(responseTime);
        ttfbs.push(Math.max(0, responseTime - (performance.now() - headersAt)));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
      // A request still unanswered when the time is up counts with the time it has waited (a lower bound), so
      // that a server too slow to answer within the measurement does not look fast.
      events.on('done', () => {
        if (!waiting) return;
        unanswered.push(performance.now() - sentAt);
        unansweredTtfb.push((headersAt > sentAt ? headersAt : performance.now()) - sentAt);
      });
    },
  });
  const elapsed = (performance.now() - started) / 1000;
  const probed = probe ? await probe.stop() : undefined;
  // The server finishes what it had started (a render goes on after its client left): that CPU time counts too,
  // shared by every request sent, answered in time or not.
  await settle(target);
  const cpu = await meter.stop();
  const answered = latencies.length;
  latencies.push(...unanswered);
  ttfbs.push(...unansweredTtfb);
  latencies.sort((a, b) => a - b);
  ttfbs.sort((a, b) => a - b);
  const sent = Math.max(1, latencies.length);
  const failures = [...statuses]
    .filter(([status]) => status < 200 || status >= 300)
    .map(([status, times]) => `${status}×${times}`);
  if (result.errors + result.timeouts > 0) failures.push(`errors×${result.errors + result.timeouts}`);
  return {
    requests: answered,
    rps: answered / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    ttfbP50: percentile(ttfbs, 50),
    ttfbP99: percentile(ttfbs, 99),
    cpuMs: latencies.length ? (cpu.appMicros + cpu.dbMicros) / sent / 1000 : Number.NaN,
    dbCpuMs: latencies.length ? cpu.dbMicros / sent / 1000 : Number.NaN,
    peakRssMb: cpu.peakRssMb,
    errors: result.errors + result.timeouts + result.non2xx,
    failures: failures.join(' '),
    probe: probed,
  };
}

// A probe in its own thread, so that the bench's busy event loop (autocannon) does not add to its timings.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
let running = true;
parentPort.on('message', () => { running = false; });
function once() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http.get(workerData.url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(performance.now() - started));
    }).on('error', reject);
  });
}
(async () => {
  while (running) {
    times.push(await once());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  agent.destroy();
  parentPort.postMessage(times);
})();
`;

/** Times `GET path` once every ~20 ms, one at a time, until `stop` is called; returns the sorted latencies. */
function startProbe(url: string): { stop(): Promise<number[]> } {
  const worker = new Worker(PROBE, { eval: true, workerData: { url } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (times: number[]) => resolve(times.sort((a, b) => a - b)));
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const times = await done;
      await worker.terminate();
      return times;
    },
  };
}

/** One request with the bytes exactly as sent (no decompression), for the baseline to replay. */
export function rawRequest(
  base: string,
  request: BenchRequest,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${base}${request.path}`,
      { method: request.method, headers: request.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
