// Money marked received under concurrency, on PostgreSQL (the PostgreSQL run alone includes *.pg.test.ts): two
// moderators marking the same transfer at the same moment cannot record more than the order costs — the order's row
// is locked while each mark is judged — and the order is paid exactly once.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../back-office/admin.table.ts';
import { addToCart, courierMoscow, placeOrder } from '../../test/checkout.ts';
import { demoProducts, LAVENDER_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { receivedPayments } from './received-payments.table.ts';
import { moscowDay } from './received-payments.ts';

let testApp: TestApp;
let moderator: TestAgent;
let lavender: number;

beforeAll(async () => {
  testApp = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(testApp.app, testApp.database.db, TEST_MODERATOR_ID);
  lavender = (await demoProducts(testApp.database.db, [LAVENDER_URL], { stock: 100 }))[LAVENDER_URL]!.id;
});

afterAll(() => testApp.close());

describe('marking a transfer paid at the same moment (PostgreSQL)', () => {
  it('ten marks of the whole sum at once: one is recorded, the order is paid once', async () => {
    const guest = createTestAgent(testApp.app);
    await addToCart(guest, lavender, 2);
    const placed = await placeOrder(guest, courierMoscow(3));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order as { id: number; total: number };

    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        moderator.request({
          method: 'POST',
          url: `/api/v1/admin/orders/${order.id}/received-payments`,
          payload: { amount: order.total, received_on: moscowDay(new Date()), key: randomUUID() },
        }),
      ),
    );
    const statuses = results.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The rest find the order paid (409) — never a 500, never a second row.
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const rows = await testApp.database.db
      .select()
      .from(receivedPayments)
      .where(eq(receivedPayments.orderId, order.id));
    expect(rows.map((row) => row.amount)).toEqual([order.total]);
    const audit = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'order.payment_received')));
    expect(audit).toHaveLength(1);
  });
});
