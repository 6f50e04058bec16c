// SIGTERM: requests in flight finish, the process exits cleanly, the port is closed.
import { describe, expect, it } from 'vitest';
import { startShop } from './support/server.ts';

// Each test starts a shop of its own on a fresh database: seeding it is most of the time on a busy machine.
const START_AND_TEST_MS = 300_000;

describe('graceful shutdown', () => {
  it(
    'finishes in-flight page renders after SIGTERM and exits with 0',
    async () => {
      const shop = await startShop();
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
      const shop = await startShop();
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
            if (signalled > 0 && /ECONNREFUSED/.test(cause)) return;
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
