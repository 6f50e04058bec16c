// The back office's promo codes: create (unique ignoring case, checked fields), edit, delete or switch off a used
// code, every change in the audit log; a code made here works in the customer's cart.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../back-office/admin.table.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { promoCodes } from './cart.table.ts';

const ADMIN = '/api/v1/admin';
let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});

afterAll(() => shop.close());

const validPromo = (overrides: Record<string, unknown> = {}) => ({
  code: 'ОСЕНЬ20',
  condition_type: 'percent',
  percent: 20,
  min_total: 0,
  valid_from: null,
  valid_to: null,
  usage_limit: 100,
  description: 'осенняя скидка 20 %',
  active: true,
  ...overrides,
});

function create(body: Record<string, unknown>) {
  return moderator.request({ method: 'POST', url: `${ADMIN}/promo`, payload: body });
}

function auditOf(id: number) {
  return shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'promo'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
}

describe('promo codes in the back office', () => {
  it('creates a code, lists it with its use count and state, and audits it', async () => {
    const created = await create(validPromo({ valid_from: '2026-01-01', valid_to: '2099-12-31' }));
    expect(created.statusCode, created.body).toBe(200);
    const promo = created.json().promo;
    expect(promo).toMatchObject({
      code: 'ОСЕНЬ20',
      percent: 20,
      valid_from: '2026-01-01',
      valid_to: '2099-12-31',
      usage_limit: 100,
      used_count: 0,
      state: 'active',
      state_name: 'Действует',
    });
    const list = await moderator.request({ method: 'GET', url: `${ADMIN}/promo` });
    expect(list.json().promo_codes[0]).toMatchObject({ id: promo.id, code: 'ОСЕНЬ20' });
    // The seeded codes are listed too, with what has become of them.
    expect(list.json().promo_codes).toContainEqual(
      expect.objectContaining({ code: 'ЛЕТО2025', state_name: 'Срок истёк' }),
    );
    const [entry] = await auditOf(promo.id);
    expect(entry).toMatchObject({
      userId: TEST_MODERATOR_ID,
      action: 'promo.create',
      after: expect.objectContaining({ code: 'ОСЕНЬ20' }),
    });
  });

  it('refuses a code that exists in any letter case', async () => {
    expect((await create(validPromo({ code: 'Winter5' }))).statusCode).toBe(200);
    const duplicate = await create(validPromo({ code: 'WINTER5' }));
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ code: ['Такой промокод уже есть'] });
    // A seeded code too.
    expect((await create(validPromo({ code: 'efir10' }))).json().errors.code).toEqual([
      'Такой промокод уже есть',
    ]);
  });

  it('checks the fields and names the wrong one in Russian', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ percent: 101 }, 'percent'],
      [{ percent: -1 }, 'percent'],
      [{ percent: 2.5 }, 'percent'],
      [{ code: '' }, 'code'],
      [{ code: 'два слова' }, 'code'],
      [{ valid_from: '2026-03-01', valid_to: '2026-02-01' }, 'valid_to'],
      [{ valid_to: '31.12.2026' }, 'valid_to'],
      [{ usage_limit: 0 }, 'usage_limit'],
      [{ min_total: -5 }, 'min_total'],
      [{ condition_type: 'DROP TABLE' }, 'condition_type'],
      [{ used_count: 0 }, 'used_count'],
    ];
    for (const [change, field] of cases) {
      const response = await create(validPromo({ code: 'ПРОВЕРКА', ...change }));
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(change)).toEqual([field]);
      expect(response.json().errors[field][0]).toMatch(/[а-яё]/i);
    }
    const reversed = await create(
      validPromo({ code: 'ПРОВЕРКА', valid_from: '2026-03-01', valid_to: '2026-02-01' }),
    );
    expect(reversed.json().errors.valid_to).toEqual(['Дата окончания раньше даты начала']);
    const [nothing] = await shop.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'ПРОВЕРКА'));
    expect(nothing).toBeUndefined();
  });

  it('edits a code, audited with before and after; a missing one is 404', async () => {
    const { promo } = (await create(validPromo({ code: 'ВЕСНА', percent: 5 }))).json();
    const edited = await moderator.request({
      method: 'PUT',
      url: `${ADMIN}/promo/${promo.id}`,
      payload: validPromo({ code: 'ВЕСНА', percent: 7, active: false }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().promo).toMatchObject({ percent: 7, active: false, state: 'off' });
    const clash = await moderator.request({
      method: 'PUT',
      url: `${ADMIN}/promo/${promo.id}`,
      payload: validPromo({ code: 'осень20' }),
    });
    expect(clash.json().errors.code).toEqual(['Такой промокод уже есть']);
    const [, update] = await auditOf(promo.id);
    expect(update).toMatchObject({
      action: 'promo.update',
      before: expect.objectContaining({ percent: 5, active: true }),
      after: expect.objectContaining({ percent: 7, active: false }),
    });
    const missing = await moderator.request({
      method: 'PUT',
      url: `${ADMIN}/promo/999999`,
      payload: validPromo({ code: 'НИКТО' }),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes an unused code, but only switches off one that orders used', async () => {
    const unused = (await create(validPromo({ code: 'ЛИШНИЙ' }))).json().promo;
    const removed = await moderator.request({ method: 'DELETE', url: `${ADMIN}/promo/${unused.id}` });
    expect(removed.json()).toMatchObject({ deleted: true });
    expect(await shop.database.db.select().from(promoCodes).where(eq(promoCodes.id, unused.id))).toEqual([]);

    const used = (await create(validPromo({ code: 'ХОДОВОЙ' }))).json().promo;
    await shop.database.db.update(promoCodes).set({ usedCount: 3 }).where(eq(promoCodes.id, used.id));
    const rename = await moderator.request({
      method: 'PUT',
      url: `${ADMIN}/promo/${used.id}`,
      payload: validPromo({ code: 'ХОДОВОЙ2' }),
    });
    expect(rename.statusCode).toBe(422);
    expect(Object.keys(rename.json().errors)).toEqual(['code']);
    const lowLimit = await moderator.request({
      method: 'PUT',
      url: `${ADMIN}/promo/${used.id}`,
      payload: validPromo({ code: 'ХОДОВОЙ', usage_limit: 2 }),
    });
    expect(Object.keys(lowLimit.json().errors)).toEqual(['usage_limit']);
    const switchedOff = await moderator.request({ method: 'DELETE', url: `${ADMIN}/promo/${used.id}` });
    expect(switchedOff.json()).toMatchObject({
      deleted: false,
      message: 'promo/deactivated',
      promo: { active: false, used_count: 3 },
    });
    expect((await auditOf(used.id)).map((row) => row.action)).toEqual(['promo.create', 'promo.deactivate']);
    expect((await auditOf(unused.id)).map((row) => row.action)).toEqual(['promo.create', 'promo.delete']);
  });

  it('a code made here works in the cart, from its first day and not before', async () => {
    const [lavender] = await shop.database.db
      .select({ id: products.id, cena: products.cena })
      .from(products)
      .where(eq(products.url, '/lavanda-uzkolistnaya-10-ml.html'));
    const { promo } = (
      await create(validPromo({ code: 'Lavanda15', percent: 15, usage_limit: null }))
    ).json();
    const guest = createTestAgent(shop.app);
    await guest.request({ method: 'POST', url: `/v1/cart/${lavender!.id}`, payload: { quantity: 2 } });
    const applied = await guest.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'lavanda15' },
    });
    expect(applied.json()).toMatchObject({ message: 'cart/promo', error: false, code: 'Lavanda15' });
    // Spec §9: each unit is floor((1 − 15/100) × price).
    expect(applied.json().cart.total).toBe(Math.floor((lavender!.cena * 85) / 100) * 2);

    const tomorrow = new Date(Date.now() + 3 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    await moderator.request({
      method: 'PUT',
      url: `${ADMIN}/promo/${promo.id}`,
      payload: validPromo({ code: 'Lavanda15', percent: 15, usage_limit: null, valid_from: tomorrow }),
    });
    const early = createTestAgent(shop.app);
    await early.request({ method: 'POST', url: `/v1/cart/${lavender!.id}`, payload: { quantity: 1 } });
    const refused = await early.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'LAVANDA15' },
    });
    expect(refused.json().error).toBe(true);
  });
});
