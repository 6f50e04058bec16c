// Crash safety of the embedded database (PGlite in its own thread, the default of `npm start`): SIGKILL while guests
// fill their carts, restart on the same data folder — every change the shop had confirmed is there; a second shop on
// the folder is refused while the first runs. Needs the build (`node scripts/build.mjs`).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from '../support/server.ts';

const GUESTS = Number(process.env.CRASH_GUESTS ?? 60);
const PRODUCT_URL = '/geran-10-ml.html';

/** A guest's browser: its cookies (CSRF, cart) survive the restart. */
class Guest {
  readonly cookies = new Map<string, string>();

  async request(base: string, method: string, url: string, body?: unknown) {
    const csrf = this.cookies.get('XSRF-TOKEN');
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(csrf ? { 'x-xsrf-token': decodeURIComponent(csrf) } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, body: (await response.json()) as unknown };
  }
}

/** The id of the object in `value` whose url is `url` (the page answer nests the product). */
function findId(value: unknown, url: string): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.url === url && typeof record.id === 'number') return record.id;
  for (const child of Object.values(record)) {
    const id = findId(child, url);
    if (id !== null) return id;
  }
  return null;
}

describe('crash safety on the embedded database', () => {
  let dataDir = '';
  let shop: RunningShop | null = null;
  let productId = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'efir-crash-pglite-'));
    shop = await startShop({ DATA_DIR: dataDir });
    const page = await new Guest().request(shop.url, 'POST', '/api/v1/route', { url: PRODUCT_URL });
    productId = findId(page.body, PRODUCT_URL) ?? 0;
    expect(productId, `no product at ${PRODUCT_URL}`).toBeGreaterThan(0);
  });

  afterAll(async () => {
    if (shop?.process.exitCode === null) await shop.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second shop on the same data folder while the first runs', async () => {
    await expect(startShop({ DATA_DIR: dataDir })).rejects.toThrow(/already open in process/);
  });

  it('keeps every confirmed change after SIGKILL under load', async () => {
    const running = shop!;
    const guests = Array.from({ length: GUESTS }, () => new Guest());
    for (const guest of guests) await guest.request(running.url, 'GET', '/refresh');
    const confirmed = new Map<Guest, unknown>();
    let killed = false;
    const pending = guests.map(async (guest, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 5));
      if (killed) return;
      try {
        const added = await guest.request(running.url, 'POST', `/v1/cart/${productId}`, {
          quantity: 1 + (index % 3),
        });
        if (added.status === 200) confirmed.set(guest, added.body);
        if (!killed && confirmed.size >= GUESTS / 3) {
          killed = true;
          running.process.kill('SIGKILL');
        }
      } catch {
        // In flight when the process died: not confirmed, nothing to check.
      }
    });
    await Promise.all(pending);
    await running.stop('SIGKILL');
    console.log(`crash (PGlite): ${confirmed.size} of ${GUESTS} carts confirmed before the kill`);
    expect(confirmed.size).toBeGreaterThan(0);

    shop = await startShop({ DATA_DIR: dataDir });
    for (const [guest, answer] of confirmed) {
      const cart = await guest.request(shop.url, 'GET', '/v1/cart');
      expect(cart.status).toBe(200);
      expect(cart.body).toEqual(answer);
    }
  });
});
