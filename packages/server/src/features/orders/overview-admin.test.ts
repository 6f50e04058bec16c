// The start page's tiles (decision 057): new orders, one-click orders waiting for a call, reviews to moderate and
// questions to answer — each count moves with the thing it counts and agrees with its section's own list.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, placeOrder } from '../../test/checkout.ts';
import { type DemoProduct, demoProducts, LAVENDER_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ADMIN = '/api/v1/admin';
let shop: TestApp;
let moderator: TestAgent;
let lavender: DemoProduct;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  lavender = (await demoProducts(shop.database.db, [LAVENDER_URL], { stock: 50 }))[LAVENDER_URL]!;
});

afterAll(() => shop.close());

async function get(url: string) {
  const response = await moderator.request({ method: 'GET', url: `${ADMIN}${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/v1/admin/overview', () => {
  it('is for moderators only', async () => {
    expect((await shop.app.inject({ method: 'GET', url: `${ADMIN}/overview` })).statusCode).toBe(401);
  });

  it('counts new orders, waiting calls, reviews and questions as their sections list them', async () => {
    const before = await get('/overview');
    const buyer = createTestAgent(shop.app);
    await addToCart(buyer, lavender.id, 1);
    expect((await placeOrder(buyer)).statusCode).toBe(200);
    const oneClick = await createTestAgent(shop.app).request({
      method: 'POST',
      url: '/v1/order/one-click',
      payload: {
        idempotency_key: randomUUID(),
        name: 'Марина',
        tel: '+7 917 555-02-11',
        product_id: lavender.id,
      },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const asker = createTestAgent(shop.app);
    await asker.register();
    const asked = await asker.request({
      method: 'POST',
      url: '/v1/user/question',
      payload: { text: 'Подходит ли масло лаванды для диффузора?' },
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const after = await get('/overview');
    expect(after).toEqual({
      new_orders: before.new_orders + 1,
      waiting_calls: before.waiting_calls + 1,
      reviews: before.reviews,
      questions: before.questions + 1,
    });
    expect(after.waiting_calls).toBe((await get('/orders?call_back=1')).summary.count);
    expect(after.reviews).toBe((await get('/reviews?status=pending')).pagination.total);
    expect(after.questions).toBe((await get('/questions')).pagination.total);
  });
});

describe('the way in: GET /v1/user', () => {
  it('tells the web a moderator is one (the account menu then shows «Управление магазином»), and a customer not', async () => {
    const me = await moderator.request({ method: 'GET', url: '/v1/user' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.moderator).toBe(true);
    const customer = createTestAgent(shop.app);
    await customer.register();
    const them = await customer.request({ method: 'GET', url: '/v1/user' });
    expect(them.json().user.moderator).toBe(false);
  });
});
