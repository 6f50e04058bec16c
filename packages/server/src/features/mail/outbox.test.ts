// The outbox worker against a local SMTP server: a request only writes the letter; a refused letter is retried
// with backoff and arrives once when SMTP is back; after OUTBOX_MAX_ATTEMPTS it is failed, visible in the back
// office, and «Повторить» sends it. Two workers on one database (PostgreSQL when TEST_DATABASE_URL is set) send
// every letter exactly once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig } from '../../config.ts';
import { type DbHandle, openPostgres } from '../../db/client.ts';
import { createTelegramClient } from '../../modules/telegram/index.ts';
import { type FakeSmtp, startFakeSmtp } from '../../test/fake-smtp.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { withDatabaseName } from '../../test/postgres-url.ts';
import { createTestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMailService } from './mail.service.ts';
import { outbox } from './mail.table.ts';
import { createOutboxWorker } from './outbox-worker.ts';

const ADMIN = '/api/v1/admin';
let smtp: FakeSmtp;
let shop: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  env = { ...MODERATOR_ENV, SMTP_URL: smtp.url, OUTBOX_RETRY_BASE_S: '60', OUTBOX_MAX_ATTEMPTS: '3' };
  shop = await createTestApp({ env });
});

afterAll(async () => {
  await shop.close();
  await smtp.close();
});

function worker(db = shop.database.db) {
  return createOutboxWorker({
    db,
    config: createTestConfig(env),
    // No bot token: the offline client, which only logs.
    telegram: createTelegramClient({ TELEGRAM_API_URL: 'https://api.telegram.org' }, shop.app.log),
    log: shop.app.log,
  });
}

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);
const mailTo = (email: string) => smtp.messages.filter((message) => message.to.includes(email));

async function letterTo(email: string) {
  const [row] = await shop.database.db.select().from(outbox).where(eq(outbox.to, email));
  return row!;
}

describe('outbox worker', () => {
  it('a letter refused by SMTP is retried with backoff and arrives once when SMTP is back', async () => {
    smtp.refuse = true;
    const { email } = await createTestAgent(shop.app).register();
    // The request only wrote the letter: nothing has been sent yet.
    expect(mailTo(email)).toHaveLength(0);
    expect(await letterTo(email)).toMatchObject({ status: 'pending', attempts: 0 });

    const sender = worker();
    const start = new Date();
    expect(await sender.runOnce(start)).toEqual({ sent: 0, failed: 1 });
    const refused = await letterTo(email);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refused.error).toContain('451');
    expect(refused.nextAttemptAt.getTime()).toBe(later(start, 60).getTime());

    // Before the backoff is over nothing is tried, even though SMTP works again.
    smtp.refuse = false;
    expect(await sender.runOnce(later(start, 30))).toEqual({ sent: 0, failed: 0 });
    expect(await sender.runOnce(later(start, 61))).toEqual({ sent: 1, failed: 0 });
    expect(await sender.runOnce(later(start, 3600))).toEqual({ sent: 0, failed: 0 });

    const arrived = mailTo(email);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.data).toContain('Content-Type: text/plain');
    expect(arrived[0]!.data).toContain('Content-Type: text/html');
    expect(await letterTo(email)).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('gives up after OUTBOX_MAX_ATTEMPTS; the back office shows it failed and «Повторить» sends it', async () => {
    smtp.refuse = true;
    const { email } = await createTestAgent(shop.app).register();
    const sender = worker();
    const start = new Date();
    // Backoff 60 s, then 120 s; the third refusal is the last.
    await sender.runOnce(start);
    await sender.runOnce(later(start, 61));
    expect(await letterTo(email)).toMatchObject({ status: 'pending', attempts: 2 });
    await sender.runOnce(later(start, 61 + 121));
    const failed = await letterTo(email);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    await sender.runOnce(later(start, 86_400));
    expect((await letterTo(email)).status).toBe('failed');

    const moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
    const list = await moderator.request({ method: 'GET', url: `${ADMIN}/outbox?status=failed` });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.smtp).toBe(true);
    expect(body.counts.failed).toBeGreaterThanOrEqual(1);
    expect(body.letters).toContainEqual(
      expect.objectContaining({
        id: failed.id,
        to: email,
        subject: 'Добро пожаловать в «Эфир»',
        status: 'failed',
        attempts: 3,
        error: expect.stringContaining('451'),
      }),
    );

    smtp.refuse = false;
    const retry = await moderator.request({ method: 'POST', url: `${ADMIN}/outbox/${failed.id}/retry` });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await letterTo(email)).toMatchObject({ status: 'pending', attempts: 0 });
    await sender.runOnce();
    expect(mailTo(email)).toHaveLength(1);
    expect((await letterTo(email)).status).toBe('sent');

    const again = await moderator.request({ method: 'POST', url: `${ADMIN}/outbox/${failed.id}/retry` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Письмо уже отправлено');
    const missing = await moderator.request({ method: 'POST', url: `${ADMIN}/outbox/999999/retry` });
    expect(missing.statusCode).toBe(404);
  });

  it('two workers on one database send each of 40 letters exactly once', async () => {
    smtp.refuse = false;
    const db = shop.database.db;
    // On PostgreSQL the second worker has a pool of its own, as another instance of the shop would.
    let second: DbHandle | null = null;
    const url = process.env.TEST_DATABASE_URL;
    if (url && shop.database.kind === 'postgres') {
      const { rows } = (await db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>;
      };
      second = openPostgres(withDatabaseName(url, rows[0]!.name), 10);
    }
    try {
      const mail = createMailService(db, { PUBLIC_URL: 'https://efir.test' });
      const addresses = Array.from({ length: 40 }, (_, index) => `twice-${index}-${Date.now()}@example.ru`);
      for (const to of addresses) await mail.send({ to, subject: 'Проверка', text: 'Одно письмо.' });

      const one = worker();
      const two = worker(second?.db ?? db);
      const results = await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(40);
      for (const to of addresses) expect(mailTo(to), to).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });
});
