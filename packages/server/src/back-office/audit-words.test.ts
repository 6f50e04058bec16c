// The audit log reads in words (decision 057): what happened in Russian, who did it by name, the thing by what people
// call it, and the changed fields as «было → стало» — no action codes, no raw JSON, no «№ 1».
import { formatRub } from '@efir/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import type { TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const ADMIN = '/api/v1/admin';
let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});

afterAll(() => shop.close());

const promo = {
  code: 'ЗИМА15',
  condition_type: 'percent',
  percent: 15,
  min_total: 2000,
  valid_from: null,
  valid_to: null,
  usage_limit: 100,
  description: 'зимняя скидка',
  active: true,
};

async function latest() {
  const response = await moderator.request({ method: 'GET', url: `${ADMIN}/audit?entity=promo` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entries[0];
}

describe('GET /api/v1/admin/audit in words', () => {
  it('says a promo code was created, by whom, and what it holds', async () => {
    const created = await moderator.request({ method: 'POST', url: `${ADMIN}/promo`, payload: promo });
    expect(created.statusCode, created.body).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({
      action: 'promo.create',
      action_name: 'Создан промокод',
      user_name: 'Модератор',
      object_name: 'промокод «ЗИМА15»',
    });
    expect(entry.changes).toContainEqual({ field: 'Код', before: null, after: 'ЗИМА15' });
    expect(entry.changes).toContainEqual({ field: 'Сумма заказа от', before: null, after: formatRub(2000) });
    expect(entry.changes).toContainEqual({ field: 'Включён', before: null, after: 'да' });
  });

  it('shows only the fields an edit changed, «было → стало»', async () => {
    const id = (await latest()).entity_id;
    const edited = await moderator.request({
      method: 'PUT',
      url: `${ADMIN}/promo/${id}`,
      payload: { ...promo, percent: 10, active: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const entry = await latest();
    expect(entry.action_name).toBe('Изменён промокод');
    expect(entry.changes).toContainEqual({ field: 'Скидка, %', before: '15', after: '10' });
    expect(entry.changes).toContainEqual({ field: 'Включён', before: 'да', after: 'нет' });
    expect(entry.changes.map((change: { field: string }) => change.field)).not.toContain('Код');
  });
});
