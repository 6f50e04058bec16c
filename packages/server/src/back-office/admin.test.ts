// The back office guard: every /api/v1/admin route answers 401 to a guest and 403 to a customer, whatever the
// route (the list is read from Fastify's route table, so routes added later are covered too); the audit log reads back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrintedRoutes } from '../test/hard/route-capture.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ADMIN_PREFIX } from './admin.routes.ts';
import { writeAudit } from './audit.ts';

interface RouteKey {
  method: string;
  url: string;
}

describe('back office guard', () => {
  let shop: TestApp;
  let customer: TestAgent;
  let guest: TestAgent;
  let moderator: TestAgent;
  const adminRoutes: RouteKey[] = [];

  beforeAll(async () => {
    shop = await createTestApp({ env: MODERATOR_ENV });
    // Every registered admin route, read from Fastify's own route table (nested pieces joined).
    for (const route of parsePrintedRoutes(shop.app.printRoutes({ commonPrefix: false }))) {
      if (route.url.startsWith(ADMIN_PREFIX) && route.method !== 'HEAD') adminRoutes.push(route);
    }
    customer = createTestAgent(shop.app);
    await customer.register();
    guest = createTestAgent(shop.app);
    moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  });
  afterAll(() => shop.close());

  /** A concrete address for a route pattern: every :param becomes 1. */
  const concrete = (url: string) => url.replace(/:[^/]+/g, '1');

  it('knows the admin routes', () => {
    // The guard, the audit log and every section's routes (orders, products, content, moderation, promo, school).
    expect(adminRoutes.length).toBeGreaterThanOrEqual(30);
  });

  it('refuses a guest with 401 and a customer with 403 on every admin route, before reading the body', async () => {
    for (const route of adminRoutes) {
      const options = { method: route.method, url: concrete(route.url), payload: { anything: true } };
      const fromGuest = await guest.request(options);
      expect(fromGuest.statusCode, `${route.method} ${route.url} (guest)`).toBe(401);
      const fromCustomer = await customer.request(options);
      expect(fromCustomer.statusCode, `${route.method} ${route.url} (customer)`).toBe(403);
      expect(fromCustomer.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('lets a moderator in', async () => {
    const me = await moderator.request({ method: 'GET', url: `${ADMIN_PREFIX}/me` });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ moderator: true, id: TEST_MODERATOR_ID });
  });

  it('shows the audit log newest first, filtered by entity', async () => {
    const db = shop.database.db;
    await writeAudit(db, {
      userId: TEST_MODERATOR_ID,
      action: 'product.update',
      entity: 'product',
      entityId: 7,
      before: { cena: 100 },
      after: { cena: 90 },
    });
    await writeAudit(db, {
      userId: TEST_MODERATOR_ID,
      action: 'review.publish',
      entity: 'review',
      entityId: 3,
    });
    const all = await moderator.request({ method: 'GET', url: `${ADMIN_PREFIX}/audit` });
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .entries.map((entry: { action: string }) => entry.action)
        .slice(0, 2),
    ).toEqual(['review.publish', 'product.update']);
    const products = await moderator.request({ method: 'GET', url: `${ADMIN_PREFIX}/audit?entity=product` });
    expect(products.json().entries).toEqual([
      expect.objectContaining({ entity_id: '7', before: { cena: 100 }, after: { cena: 90 } }),
    ]);
    const bad = await moderator.request({ method: 'GET', url: `${ADMIN_PREFIX}/audit?page=0` });
    expect(bad.statusCode).toBe(422);
  });
});
