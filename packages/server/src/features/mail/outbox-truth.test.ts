// «Письма» tells the truth (decision 057): a letter the worker «sends» without a mail server is marked as written to
// the log, one sent through SMTP as sent; the owner opens any letter and reads its text and HTML as they were written.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig } from '../../config.ts';
import { createTelegramClient } from '../../modules/telegram/index.ts';
import { type FakeSmtp, startFakeSmtp } from '../../test/fake-smtp.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import type { TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMailService } from './mail.service.ts';
import { outbox } from './mail.table.ts';
import { createOutboxWorker } from './outbox-worker.ts';

const ADMIN = '/api/v1/admin';
let smtp: FakeSmtp;
let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});

afterAll(async () => {
  await shop.close();
  await smtp.close();
});

function worker(env: Record<string, string>) {
  return createOutboxWorker({
    db: shop.database.db,
    config: createTestConfig(env),
    telegram: createTelegramClient({ TELEGRAM_API_URL: 'https://api.telegram.org' }, shop.app.log),
    log: shop.app.log,
  });
}

async function queue(to: string, subject: string) {
  const mail = createMailService(shop.database.db, createTestConfig());
  await mail.send({
    to,
    subject,
    text: 'Здравствуйте!\nВаш заказ принят.',
    html: '<p>Ваш <b>заказ</b> принят.</p>',
  });
  const [row] = await shop.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, to));
  return row!.id;
}

async function listed(id: number) {
  const response = await moderator.request({ method: 'GET', url: `${ADMIN}/outbox` });
  expect(response.statusCode, response.body).toBe(200);
  return {
    body: response.json(),
    letter: response.json().letters.find((row: { id: number }) => row.id === id),
  };
}

describe('«Письма» tells how a letter left', () => {
  it('marks a letter written only to the log as such, and counts it apart from the sent ones', async () => {
    const id = await queue('logged@example.ru', 'Только в журнал');
    const before = (await listed(id)).body.counts;
    expect(await worker({}).runOnce()).toMatchObject({ sent: expect.any(Number) });
    const { body, letter } = await listed(id);
    expect(letter).toMatchObject({ status: 'sent', delivered_via: 'log' });
    expect(body.smtp).toBe(false);
    expect(body.counts.logged).toBe(before.logged + 1);
    expect(body.counts.sent).toBe(before.sent);
  });

  it('marks a letter that went through SMTP as sent', async () => {
    const id = await queue('smtp@example.ru', 'Через SMTP');
    await worker({ SMTP_URL: smtp.url }).runOnce();
    expect(smtp.messages.some((message) => message.to.includes('smtp@example.ru'))).toBe(true);
    expect((await listed(id)).letter).toMatchObject({ status: 'sent', delivered_via: 'smtp' });
  });
});

describe('GET /api/v1/admin/outbox/{id}', () => {
  it('gives the letter’s text and its HTML as written', async () => {
    const id = await queue('reader@example.ru', 'Прочитать письмо');
    const response = await moderator.request({ method: 'GET', url: `${ADMIN}/outbox/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    const letter = response.json();
    expect(letter).toMatchObject({
      id,
      to: 'reader@example.ru',
      subject: 'Прочитать письмо',
      status: 'pending',
    });
    expect(letter.text).toBe('Здравствуйте!\nВаш заказ принят.');
    expect(letter.html).toContain('<p>Ваш <b>заказ</b> принят.</p>');
  });

  it('answers 404 for a letter that does not exist, and only to moderators', async () => {
    const missing = await moderator.request({ method: 'GET', url: `${ADMIN}/outbox/999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Письмо не найдено');
    const guest = await shop.app.inject({ method: 'GET', url: `${ADMIN}/outbox/1` });
    expect(guest.statusCode).toBe(401);
  });
});
