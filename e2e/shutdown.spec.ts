// SIGTERM: requests in flight finish, the process exits cleanly, the port is closed.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startSeededShop } from './support/server.ts';

// Each test starts a shop of its own (from a copy of the seeded data folder).
const START_AND_TEST_MS = 300_000;

describe('graceful shutdown', () => {
  it(
    'stops the server when `npm start` is sent SIGTERM, as systemd, Docker or a supervisor does (issue 37, point 10)',
    async () => {
      const shop = await startSeededShop({}, { npmStart: true });
      expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);
      // npm's own exit code is the server's: 0 after a clean shutdown.
      expect(await shop.stop('SIGTERM')).toBe(0);
      // Nothing is left listening on the port (before, npm and its shell died and the server went on serving).
      await expect(fetch(`${shop.url}/api/health`)).rejects.toThrow();
    },
    START_AND_TEST_MS,
  );

  it(
    'answers a request it was handling at SIGTERM in full, while new ones already get 503, and exits with 0',
    async () => {
      const shop = await startSeededShop();
      const { hostname, port } = new URL(shop.url);
      const body = JSON.stringify({ email: 'nobody@example.ru', password: 'wrong-password-1' });
      // «Expect: 100-continue»: the shop answers «100 Continue» once it has read the headers and begun handling the
      // request, and the body is sent only when the test says so — the request is provably in flight at SIGTERM.
      const login = request({
        host: hostname,
        port,
        method: 'POST',
        path: '/v1/user/login',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
          cookie: 'XSRF-TOKEN=shutdown-test',
          'x-xsrf-token': 'shutdown-test',
        },
      });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        login.once('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
        });
        login.once('error', reject);
      });
      login.flushHeaders();
      await new Promise((resolve) => login.once('continue', resolve));
      const exit = shop.stop('SIGTERM');
      // The stopping shop refuses new requests at last; the login above is still waiting for its body.
      for (;;) {
        const probe = await fetch(`${shop.url}/api/health`);
        await probe.arrayBuffer();
        if (probe.status === 503) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      login.end(body);
      const { status, text } = await answer;
      // The route's own answer (wrong e-mail or password), not a 503 or a reset.
      expect(status).toBe(422);
      expect(JSON.parse(text).errors.email).toBeDefined();
      expect(await exit).toBe(0);
      await expect(fetch(`${shop.url}/api/health`)).rejects.toThrow();
    },
    START_AND_TEST_MS,
  );

  it(
    'finishes page renders sent just before SIGTERM and exits with 0',
    async () => {
      const shop = await startSeededShop();
      const inFlight = Array.from({ length: 20 }, (_, index) =>
        fetch(`${shop.url}/${index % 2 ? 'kontakt.html' : 'dostavka.html'}`).then(
          (response) => response.status,
          (error: Error) => `${error.cause ?? error}`,
        ),
      );
      // Long enough for the requests to reach the server, short enough that most are still being rendered.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const exit = shop.stop('SIGTERM');
      const statuses = await Promise.all(inFlight);
      expect(statuses).toEqual(Array(20).fill(200));
      expect(await exit).toBe(0);
      await expect(fetch(`${shop.url}/api/health`)).rejects.toThrow();
    },
    START_AND_TEST_MS,
  );

  it(
    'under steady load on kept-alive connections: every request answered 200 or a clean 503, none 500 or reset',
    async () => {
      const shop = await startSeededShop();
      const pages = ['/dostavka.html', '/lavanda-uzkolistnaya-10-ml.html', '/kontakt.html', '/catalog.html'];
      let signalled = 0;
      const outcomes: Array<{
        status: number | string;
        startedBeforeSignal: boolean;
        endedAfterSignal: boolean;
      }> = [];
      // Six clients, each sending one request after another (fetch keeps their connections alive) until told to go
      // away — a 503, as a balancer takes it — or the port is closed.
      const client = async (index: number) => {
        for (let n = 0; ; n++) {
          const started = Date.now();
          try {
            const response = await fetch(`${shop.url}${pages[(index + n) % pages.length]}`);
            await response.arrayBuffer();
            outcomes.push({
              status: response.status,
              startedBeforeSignal: signalled === 0 || started < signalled,
              endedAfterSignal: signalled > 0,
            });
            if (response.status === 503) return;
          } catch (error) {
            const cause = String((error as Error).cause ?? error);
            // The port closed: the shop is gone, and the client knows it (not a reset of a request it had sent).
            // A connection the kernel had queued as the port closed is reset while connecting ("connect
            // ECONNRESET"): no byte of its request was sent, so, like a refusal, it is safe to send elsewhere.
            if (signalled > 0 && /ECONNREFUSED|connect ECONNRESET/.test(cause)) return;
            outcomes.push({
              status: cause,
              startedBeforeSignal: started < signalled,
              endedAfterSignal: true,
            });
            return;
          }
        }
      };
      const clients = Array.from({ length: 6 }, (_, index) => client(index));
      await new Promise((resolve) => setTimeout(resolve, 400));
      signalled = Date.now();
      const exit = shop.stop('SIGTERM');
      await Promise.all(clients);
      expect(await exit).toBe(0);

      const inFlightAtSignal = outcomes.filter(
        (outcome) => outcome.startedBeforeSignal && outcome.endedAfterSignal,
      );
      expect(inFlightAtSignal.length, 'requests in flight when SIGTERM came').toBeGreaterThan(0);
      const failures = outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 503);
      expect(failures).toEqual([]);
      expect(inFlightAtSignal.every((outcome) => outcome.status === 200)).toBe(true);
      // Every client was told to go away cleanly, or found the port closed after the shop had gone quiet.
      expect(outcomes.filter((outcome) => outcome.status === 503).length).toBeGreaterThan(0);
    },
    START_AND_TEST_MS,
  );
});
