// One certificate code spent by 20 checkouts at the same moment never pays more than its balance: on PostgreSQL,
// whose many connections let the checkouts really overlap (the row lock is what holds; decision 045).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { addToCart, courierMoscow, placeOrder } from '../../test/checkout.ts';
import { type DemoProduct, demoProducts, LAVENDER_URL } from '../../test/demo-products.ts';
import { createTestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { orders } from '../orders/orders.table.ts';
import { issueCertificate } from './gift-certificates.service.ts';
import { giftCertificateMovements, giftCertificates } from './gift-certificates.table.ts';

let testApp: TestApp;
let lavender: DemoProduct;

beforeAll(async () => {
  testApp = await createTestApp();
  lavender = (await demoProducts(testApp.database.db, [LAVENDER_URL]))[LAVENDER_URL]!;
  await testApp.database.db
    .update(products)
    .set({ cena: 1290, cenaSt: 0, stock: 500 })
    .where(eq(products.id, lavender.id));
});

afterAll(() => testApp.close());

describe('gift certificates under concurrency (PostgreSQL)', () => {
  it('20 checkouts spending one 3 000 ₽ code at once take exactly 3 000 ₽ and no more', async () => {
    const db = testApp.database.db;
    const certificate = (await db.transaction((tx) =>
      issueCertificate(tx as unknown as Database, { value: 3000, buyerEmail: 'buyer@example.ru' }),
    ))!;
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const agent = createTestAgent(testApp.app);
        await addToCart(agent, lavender.id, 1);
        const entered = await agent.request({
          method: 'PUT',
          url: '/v1/cart/promo/code',
          payload: { code: certificate.code },
        });
        expect(entered.statusCode, entered.body).toBe(200);
        expect(entered.json().error, entered.body).toBe(false);
        return agent;
      }),
    );
    // Card payment: an order the certificate covers only in part still goes on (the card pays the rest).
    const results = await Promise.all(shoppers.map((agent) => placeOrder(agent, courierMoscow(5))));
    const placed = results.filter((response) => response.statusCode === 200);
    const refused = results.filter((response) => response.statusCode === 409);
    expect(placed.length + refused.length).toBe(20);
    for (const response of refused) {
      expect(response.json().errors.certificates[0]).toContain('На сертификате не осталось денег');
    }

    const ids = placed.map((response) => response.json().order.id as number);
    const rows = await db
      .select({ certificateAmount: orders.certificateAmount })
      .from(orders)
      .where(inArray(orders.id, ids));
    const paidByCertificate = rows.reduce((sum, row) => sum + row.certificateAmount, 0);
    const [after] = await db.select().from(giftCertificates).where(eq(giftCertificates.id, certificate.id));
    // Each order costs 1 290 ₽ and the courier (390 ₽): whichever two came first took 1 680 + 1 320 ₽; the
    // others found it empty.
    expect(paidByCertificate).toBe(3000);
    expect(after!.balance).toBe(0);
    const paying = rows.filter((row) => row.certificateAmount > 0);
    expect(paying.map((row) => row.certificateAmount).sort()).toEqual([1320, 1680]);
    expect(placed).toHaveLength(2);
    const movements = await db
      .select()
      .from(giftCertificateMovements)
      .where(eq(giftCertificateMovements.certificateId, certificate.id));
    expect(movements.filter((movement) => movement.kind === 'reserved')).toHaveLength(2);
    expect(movements.reduce((sum, movement) => sum + movement.amount, 0)).toBe(0);
  });
});
