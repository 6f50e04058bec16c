// For tests: a local HTTP server on 127.0.0.1 that answers as a carrier's API would, and records what it was asked.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  /** Wait this long before answering (to test time limits). */
  delayMs?: number;
}

export interface FakeCarrierServer {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the handler; the default answers 404. */
  handle(handler: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>): void;
  close(): Promise<void>;
}

export async function startFakeCarrierServer(): Promise<FakeCarrierServer> {
  let handler: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer> = () => ({
    status: 404,
    json: {},
  });
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const parsed = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const answer = await handler(request);
      const send = () => {
        if (outgoing.destroyed) return;
        const body = answer.text ?? JSON.stringify(answer.json ?? {});
        outgoing.writeHead(answer.status ?? 200, {
          'content-type': answer.text === undefined ? 'application/json; charset=utf-8' : 'text/html',
        });
        outgoing.end(body);
      };
      if (answer.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      } else {
        send();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
