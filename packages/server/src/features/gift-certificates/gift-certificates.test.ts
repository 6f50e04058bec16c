// Gift certificates at the cart's field and in the back office (decision 045): what each refusal says, the guessing
// limit that never locks the holder out, and the moderator's actions with their history and audit.
import { randomBytes } from 'node:crypto';
import { formatDateLong } from '@efir/domain/dates';
import { makeCertificateCode } from '@efir/domain/gift-certificate-code';
import { formatRub } from '@efir/domain/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../back-office/admin.table.ts';
import type { Database } from '../../db/client.ts';
import { addToCart } from '../../test/checkout.ts';
import { demoProducts, LAVENDER_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outbox } from '../mail/mail.table.ts';
import { CODE_CHECKS_PER_WINDOW, issueCertificate } from './gift-certificates.service.ts';
import { giftCertificates } from './gift-certificates.table.ts';

const ADMIN = '/api/v1/admin';
let shop: TestApp;
let moderator: TestAgent;
let lavenderId = 0;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  lavenderId = (await demoProducts(shop.database.db, [LAVENDER_URL]))[LAVENDER_URL]!.id;
});

afterAll(() => shop.close());

async function issue(value = 1000) {
  return (await shop.database.db.transaction((tx) =>
    issueCertificate(tx as unknown as Database, { value, buyerEmail: 'buyer@example.ru' }),
  ))!;
}

async function enter(agent: TestAgent, code: string) {
  const response = await agent.request({ method: 'PUT', url: '/v1/cart/promo/code', payload: { code } });
  return response;
}

async function shopperWithCart() {
  const agent = createTestAgent(shop.app);
  await addToCart(agent, lavenderId, 1);
  return agent;
}

describe('the cart field with certificate codes', () => {
  it('says why a code cannot pay: unknown, typo, expired, blocked, spent', async () => {
    const agent = await shopperWithCart();
    // A well-formed code (its check character holds) that no certificate has.
    const unknown = makeCertificateCode(randomBytes(12));
    const typo = `${unknown.slice(0, -1)}${unknown.endsWith('0') ? '1' : '0'}`;
    const expired = await issue();
    const past = new Date(Date.now() - 86_400_000);
    await shop.database.db
      .update(giftCertificates)
      .set({ expiresAt: past })
      .where(eq(giftCertificates.id, expired.id));
    const blocked = await issue();
    await shop.database.db
      .update(giftCertificates)
      .set({ state: 'blocked' })
      .where(eq(giftCertificates.id, blocked.id));
    const spent = await issue();
    await shop.database.db
      .update(giftCertificates)
      .set({ balance: 0 })
      .where(eq(giftCertificates.id, spent.id));

    const answers = [];
    for (const code of [unknown, typo, expired.code, blocked.code, spent.code]) {
      const response = await enter(agent, code);
      expect(response.statusCode, response.body).toBe(200);
      answers.push(response.json().text);
    }
    expect(answers).toEqual([
      'Такого сертификата нет. Проверьте код',
      'В коде сертификата опечатка: сверьте его с письмом или открыткой',
      `Срок действия сертификата истёк ${formatDateLong(past)}`,
      'Сертификат заблокирован. Если это ошибка, напишите нам — разберёмся',
      'На сертификате не осталось денег: он потрачен полностью',
    ]);
    const listed = await agent.request({ method: 'GET', url: '/v1/cart/certificates' });
    expect(listed.json().certificates).toEqual([]);
  });

  it('a promo code still goes to the promo path', async () => {
    const agent = await shopperWithCart();
    const response = await enter(agent, 'ПРИВЕТ5');
    expect(response.json()).toMatchObject({ error: false, code: 'ПРИВЕТ5' });
  });

  it('stops a guesser after the limit, while the holder elsewhere still enters the real code', async () => {
    const real = await issue(3000);
    const guesser = await shopperWithCart();
    // Guesses with a valid check character (the only ones that reach the database).
    const guesses = Array.from({ length: CODE_CHECKS_PER_WINDOW + 1 }, () =>
      makeCertificateCode(randomBytes(12)),
    );
    const statuses: number[] = [];
    for (const code of guesses) statuses.push((await enter(guesser, code)).statusCode);
    expect(statuses).toEqual([...Array(CODE_CHECKS_PER_WINDOW).fill(200), 429]);
    // Even the real code is refused to the guesser now…
    expect((await enter(guesser, real.code)).statusCode).toBe(429);
    // …but its holder, from another address and cart, is not locked out.
    const holder = await shopperWithCart();
    const accepted = await enter(holder, real.code);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ error: false });
    expect(accepted.json().text).toContain(`на нём ${formatRub(3000)}`);
    const listed = await holder.request({ method: 'GET', url: '/v1/cart/certificates' });
    expect(listed.json().certificates).toEqual([
      expect.objectContaining({ id: real.id, code_tail: real.code.slice(-4), balance: 3000 }),
    ]);
    // Another cart cannot remove it; the holder can.
    await guesser.request({ method: 'DELETE', url: `/v1/cart/certificates/${real.id}` });
    expect(
      (await holder.request({ method: 'GET', url: '/v1/cart/certificates' })).json().certificates,
    ).toHaveLength(1);
    const removed = await holder.request({ method: 'DELETE', url: `/v1/cart/certificates/${real.id}` });
    expect(removed.json().certificates).toEqual([]);
  });
});

describe('the back office', () => {
  it('issues by hand with a letter, blocks, unblocks, extends and resends — each in the history and the audit', async () => {
    const issued = await moderator.request({
      method: 'POST',
      url: `${ADMIN}/gift-certificates`,
      payload: {
        value: 500,
        buyer_email: 'sorry@example.ru',
        recipient_name: 'Ирина',
        comment: 'Извинения за задержку',
      },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const { certificate } = issued.json();
    expect(certificate).toMatchObject({ value: 500, balance: 500, state: 'active', recipient_name: 'Ирина' });
    expect(certificate.code).toMatch(/^••••-••••-••••-••••-[0-9A-Z]{4}$/);
    const [row] = await shop.database.db
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.id, certificate.id));
    const letters = await shop.database.db.select().from(outbox).where(eq(outbox.to, 'sorry@example.ru'));
    expect(letters).toHaveLength(1);
    expect(letters[0]!.text).toContain(row!.code);

    const url = `${ADMIN}/gift-certificates/${certificate.id}`;
    const blocked = await moderator.request({
      method: 'PUT',
      url: `${url}/state`,
      payload: { action: 'block' },
    });
    expect(blocked.json().certificate).toMatchObject({ state: 'blocked', state_name: 'Заблокирован' });
    const agent = await shopperWithCart();
    expect((await enter(agent, row!.code)).json().text).toBe(
      'Сертификат заблокирован. Если это ошибка, напишите нам — разберёмся',
    );
    await moderator.request({ method: 'PUT', url: `${url}/state`, payload: { action: 'unblock' } });
    const until = new Date(Date.now() + 2 * 365 * 86_400_000);
    const extended = await moderator.request({
      method: 'PUT',
      url: `${url}/state`,
      payload: { action: 'extend', expires_at: until.toISOString() },
    });
    expect(extended.json().certificate.expires_at).toBe(until.toISOString());
    const resent = await moderator.request({ method: 'POST', url: `${url}/resend`, payload: {} });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(
      await shop.database.db.select().from(outbox).where(eq(outbox.to, 'sorry@example.ru')),
    ).toHaveLength(2);
    expect(resent.json().history.map((entry: { text: string }) => entry.text)).toEqual([
      `Выпущен на ${formatRub(500)} — Извинения за задержку`,
      'Письмо отправлено',
      'Заблокирован',
      'Разблокирован',
      `Срок продлён до ${formatDateLong(until)}`,
      'Письмо отправлено',
    ]);
    const audit = await shop.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'gift_certificate'), eq(auditLog.entityId, String(certificate.id))));
    expect(audit.map((entry) => entry.action)).toEqual([
      'gift_certificate.issue',
      'gift_certificate.block',
      'gift_certificate.unblock',
      'gift_certificate.extend',
      'gift_certificate.resend',
    ]);
  });

  it('is for moderators only', async () => {
    const customer = createTestAgent(shop.app);
    await customer.register();
    const response = await customer.request({ method: 'GET', url: `${ADMIN}/gift-certificates` });
    expect([401, 403]).toContain(response.statusCode);
  });
});
