// A guest's or customer's way to an order through the API, as the checkout page sends it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestAgent } from './test-agent.ts';

export const CONTACT = {
  name: 'Анна',
  fam: 'Смирнова',
  email: 'anna.smirnova@example.ru',
  tel: '+7 916 111-22-33',
};

/** Courier delivery in Moscow, paid on delivery (1) or by another way of payment. */
export const courierMoscow = (payment = 1) => ({
  type: 2,
  sposob_dost: 1,
  sposob_oplat: payment,
  addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
});

/** Puts `quantity` of a product into the agent's cart and insists on 200; returns the answer. */
export async function addToCart(agent: TestAgent, productId: number, quantity = 1) {
  const response = await agent.request({
    method: 'POST',
    url: `/v1/cart/${productId}`,
    payload: { quantity },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** POST /v1/order of the agent's cart with CONTACT; the answer is the test's to check. */
export function placeOrder(
  agent: TestAgent,
  delivery: Record<string, unknown> = courierMoscow(),
  key = randomUUID(),
) {
  return agent.request({
    method: 'POST',
    url: '/v1/order',
    payload: { idempotency_key: key, contact: CONTACT, delivery },
  });
}

/** Pays the order's card payment on the built-in test gateway, as the buyer's browser would; gives the gateway's page. */
export async function payOnTestGateway(
  app: FastifyInstance,
  agent: TestAgent,
  orderId: number,
  /** A guest's key to the order (a signed-in buyer needs none). */
  key?: string,
): Promise<string> {
  const started = await agent.request({
    method: 'PUT',
    url: '/v1/order/yookassa',
    payload: { order_id: orderId, ...(key ? { key } : {}) },
  });
  expect(started.statusCode, started.body).toBe(200);
  const confirmation = new URL(started.json().confirmation_url);
  const page = await app.inject({ method: 'GET', url: confirmation.pathname });
  const token = page.body.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
  const paid = await app.inject({
    method: 'POST',
    url: confirmation.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=pay&token=${encodeURIComponent(token)}`,
  });
  expect(paid.statusCode).toBe(302);
  return page.body;
}
