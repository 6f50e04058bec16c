// Letters that arrive, end to end on a shop of its own (MODERATOR_IDS=1) whose SMTP server is a local fake: while
// SMTP refuses, the welcome letter is retried and then shown as not sent in the back office's «Письма»; once SMTP
// is back, «Повторить» sends it and it arrives once. A product left in the moderator's cart brings the
// abandoned-cart reminder (ABANDONED_CART_HOURS tiny here) with its List-Unsubscribe header. Screenshots of the
// back office page are kept in test-results/ for review.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../packages/server/src/test/fake-smtp.ts';
import { signUpInBrowser } from './journeys/support.ts';
import { hasBrowser, resultsDir, useBrowser } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const PRODUCT_URL = '/lavanda-uzkolistnaya-10-ml.html';

describe.skipIf(!hasBrowser)('letters through the outbox', () => {
  const browser = useBrowser({ width: 1366, height: 900 });
  let shop: RunningShop;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    smtp.refuse = true;
    shop = await startSeededShop({
      MODERATOR_IDS: '1',
      SMTP_URL: smtp.url,
      OUTBOX_POLL_MS: '300',
      OUTBOX_RETRY_BASE_S: '1',
      OUTBOX_MAX_ATTEMPTS: '2',
      // About 4 seconds of a quiet cart.
      ABANDONED_CART_HOURS: '0.001',
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await smtp?.close();
  });

  it('a letter refused by SMTP shows as not sent, «Повторить» sends it once SMTP is back; a quiet cart brings a reminder', async () => {
    const page = browser.page;
    const email = `letters.${Date.now()}@example.ru`;
    expect((await signUpInBrowser(page, shop.url, 'Марина', { email })).id).toBe(1);

    await page.goto(`${shop.url}/admin/outbox`);
    await page.getByRole('heading', { level: 1, name: 'Письма' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    // Two refused attempts (1 s apart), then the worker gives up.
    await expect
      .poll(
        async () => {
          await page.getByLabel('Показать').selectOption('failed');
          await page.getByLabel('Показать').selectOption('');
          return (await row.count()) > 0 ? await row.textContent() : '';
        },
        { timeout: 30_000, interval: 500 },
      )
      .toContain('Не отправлено');
    expect(await row.textContent()).toContain('2 попытки');
    expect(await row.textContent()).toContain('451');
    expect(smtp.messages.filter((message) => message.to.includes(email))).toHaveLength(0);
    await page.screenshot({ path: path.join(resultsDir, 'letters-outbox-failed.png'), fullPage: true });

    smtp.refuse = false;
    await row.getByRole('button', { name: 'Повторить' }).click();
    await page.getByText('Письмо поставлено в очередь на отправку').waitFor();
    await expect
      .poll(() => smtp.messages.filter((message) => message.to.includes(email)).length, { timeout: 30_000 })
      .toBe(1);

    // The moderator leaves lavender in the cart; a few quiet seconds later the reminder goes out.
    await page.goto(`${shop.url}${PRODUCT_URL}`);
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    await expect
      .poll(
        () =>
          smtp.messages.filter(
            (message) => message.to.includes(email) && message.data.includes('List-Unsubscribe:'),
          ).length,
        { timeout: 60_000, interval: 500 },
      )
      .toBe(1);
    // Long header lines may be folded: read them unfolded.
    const reminder = smtp.messages
      .find((message) => message.data.includes('List-Unsubscribe:'))!
      .data.replace(/\r\n[ \t]+/g, ' ');
    expect(reminder).toMatch(new RegExp(`List-Unsubscribe: <${shop.url}/unsubscribe/1\\.[\\w-]{32}>`));
    expect(reminder).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Every letter went once: the welcome letter and the reminder.
    expect(smtp.messages.filter((message) => message.to.includes(email))).toHaveLength(2);

    await page.goto(`${shop.url}/admin/outbox`);
    await page.getByRole('row').filter({ hasText: 'Вы оставили товары в корзине' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: email }).first().textContent()).toContain(
      'Отправлено',
    );
    await page.screenshot({ path: path.join(resultsDir, 'letters-outbox-sent.png'), fullPage: true });
  });
});
