// GET /metrics: closed without the token, and with it what the person on call looks at — requests by route pattern
// and status, process figures, cache hits, payments and orders from the database.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../features/catalog/catalog.table.ts';
import { createTestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-0123456789';
let shop: TestApp;
let address: string;

/** The value of one sample of the exposition, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(): Promise<string> {
  const response = await fetch(`${address}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

beforeAll(async () => {
  shop = await createTestApp({ env: { METRICS_TOKEN: TOKEN, PAGE_CACHE_TTL_MS: '60000' } });
  address = await shop.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(() => shop.close());

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('asks for the token', async () => {
    expect((await fetch(`${address}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${address}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('counts requests by route pattern and status, not by address', async () => {
    const first = await fetch(`${address}/api/v1/courses/nosuchcourse.html`);
    const second = await fetch(`${address}/api/v1/courses/another-missing-one.html`);
    expect([first.status, second.status]).toEqual([404, 404]);
    await fetch(`${address}/api/health`);
    await fetch(`${address}/no-such-address`);
    const text = await scrape();
    expect(
      sample(
        text,
        'efir_http_request_duration_seconds_count{method="GET",route="/api/v1/courses/:slug",status="404"}',
      ),
    ).toBe(2);
    expect(
      sample(text, 'efir_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'),
    ).toBe(1);
    expect(
      sample(text, 'efir_http_request_duration_seconds_count{method="GET",route="*",status="404"}'),
    ).toBe(1);
    expect(text).not.toContain('nosuchcourse');
    // A histogram Prometheus can read: cumulative buckets up to +Inf, equal to the count.
    expect(text).toContain('# TYPE efir_http_request_duration_seconds histogram');
    expect(
      sample(
        text,
        'efir_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health",status="200"}',
      ),
    ).toBe(1);
  });

  it('shows the process: memory and event-loop lag', async () => {
    const text = await scrape();
    expect(sample(text, 'efir_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^efir_nodejs_heap_size_used_bytes \d/m);
    expect(text).toMatch(/^efir_nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toContain('# TYPE efir_db_query_duration_seconds histogram');
  });

  it('counts hits of the answer cache', async () => {
    const before = await scrape();
    const hits = (text: string) =>
      sample(text, 'efir_cache_lookups_total{cache="answers",result="hit"}') ?? 0;
    for (let round = 0; round < 2; round++) {
      const found = await fetch(`${address}/api/v1/hint`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ q: 'лаванда' }),
      });
      expect(found.status).toBe(200);
    }
    expect(hits(await scrape())).toBeGreaterThan(hits(before));
    expect(before).toContain('efir_cache_lookups_total{cache="guest_pages",result="miss"}');
  });

  it('shows orders of the last hour and payments by status', async () => {
    const before = await scrape();
    const [product] = await shop.database.db
      .update(products)
      .set({ stock: 50 })
      .where(eq(products.url, '/limon-10-ml.html'))
      .returning({ id: products.id });
    const guest = createTestAgent(shop.app);
    await guest.request({ method: 'POST', url: `/v1/cart/${product!.id}`, payload: { quantity: 1 } });
    const placed = await guest.request({
      method: 'POST',
      url: '/v1/order',
      payload: {
        idempotency_key: randomUUID(),
        contact: { name: 'Ирина', fam: 'Метрикова', email: 'metrics@example.ru', tel: '+7 916 000-11-22' },
        delivery: {
          type: 2,
          sposob_dost: 1,
          sposob_oplat: 5,
          addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
        },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { order, key } = placed.json();
    const started = await guest.request({
      method: 'PUT',
      url: '/v1/order/yookassa',
      payload: { order_id: order.id, key },
    });
    expect(started.statusCode, started.body).toBe(200);

    const after = await scrape();
    expect(sample(after, 'efir_orders_last_hour')).toBe((sample(before, 'efir_orders_last_hour') ?? 0) + 1);
    const pending = (text: string) => sample(text, 'efir_payments_last_day{status="pending"}');
    expect(pending(after)).toBe((pending(before) ?? 0) + 1);
    expect(sample(after, 'efir_payments_last_day{status="succeeded"}')).toBe(0);
    // The order's letter waits in the outbox (the worker is off in tests), due now.
    const due = (text: string) => sample(text, 'efir_outbox_pending{due="yes"}') ?? 0;
    expect(due(after)).toBeGreaterThan(due(before));
    expect(sample(after, 'efir_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'efir_outbox_failed_last_day')).toBe(0);
  });

  it('shows the database pool', async () => {
    const text = await scrape();
    const total = sample(text, 'efir_db_pool_connections{state="total"}');
    // PostgreSQL's pool has opened a connection by now; the tests' in-process PGlite has no pool at all.
    expect(total).toBeGreaterThanOrEqual(shop.database.kind === 'postgres' ? 1 : 0);
    expect(sample(text, 'efir_db_pool_connections{state="waiting"}')).toBe(0);
  });
});
