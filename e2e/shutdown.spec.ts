// SIGTERM: requests in flight finish, the process exits cleanly, the port is closed.
import { describe, expect, it } from 'vitest';
import { startShop } from './support/server.ts';

describe('graceful shutdown', () => {
  it('finishes in-flight page renders after SIGTERM and exits with 0', async () => {
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
  });
});
