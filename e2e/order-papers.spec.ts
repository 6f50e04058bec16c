// Issue 38 points 3–5 in Chromium, on a shop of its own (MODERATOR_IDS=1: the first account is the moderator). Two
// guests order by bank transfer; the moderator ticks both in «Заказы», prints their receipts — one PDF comes back —
// and exports them as CSV; then opens one, sees «Банковский перевод по счёту», marks the money received, and the
// card says «Оплачен» with the sum. Screens at 1366 px and 390 px (the phone layout of the list and the card).
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, resultsDir, useBrowser, waitForAppOnLoads } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const MODERATOR_ID = 1;
const TRANSFER = 3;

function plain(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function rub(amount: number): string {
  return plain(`${new Intl.NumberFormat('ru-RU').format(amount)} ₽`);
}

/** A download's bytes: the browser runs apart from the test, so the file is saved here first. */
async function bytesOf(download: Download): Promise<Buffer> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'efir-download-')), 'file');
  await download.saveAs(file);
  return readFile(file);
}

async function register(page: Page, origin: string, name: string): Promise<void> {
  await page.goto(`${origin}/registration`);
  const form = page.getByRole('form', { name: 'Регистрация' });
  await form.getByRole('textbox', { name: 'Имя', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'E-mail' }).fill(`${Date.now()}.${Math.random()}@example.ru`);
  await form.getByRole('textbox', { name: 'Пароль', exact: true }).fill('бумаги-заказов-2026');
  await form.getByRole('checkbox', { name: /Я соглашаюсь на обработку персональных данных/ }).check();
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.waitForURL('**/my-account');
}

/** A guest puts lavender in the cart on the product page and orders it by bank transfer through the shop's API. */
async function guestOrdersByTransfer(
  page: Page,
  origin: string,
  fam: string,
): Promise<{ id: number; total: number }> {
  await page.goto(`${origin}/lavanda-uzkolistnaya-10-ml.html`);
  await page.getByRole('button', { name: 'В корзину', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Добавлено в корзину' }).last().waitFor();
  return page.evaluate(
    async ({ fam, payment }) => {
      const csrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch('/v1/order', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ar: '1', 'x-xsrf-token': csrf },
        body: JSON.stringify({
          idempotency_key: crypto.randomUUID(),
          contact: {
            name: 'Вера',
            fam,
            email: `buyer.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ru`,
            tel: '+7 916 555-12-34',
          },
          delivery: {
            type: 2,
            sposob_dost: 1,
            sposob_oplat: payment,
            addressNew: { city: 'Москва', street: 'ул. Тверская', house: '12', flat: '34', zip: '125009' },
          },
        }),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(JSON.stringify(answer));
      return { id: answer.order.id as number, total: answer.order.total as number };
    },
    { fam, payment: TRANSFER },
  );
}

describe.skipIf(!hasBrowser)('the owner prints, exports and marks a transfer paid', () => {
  const browser = useBrowser({ width: 1366, height: 900 });
  let shop: RunningShop;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: String(MODERATOR_ID) });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('ticks two orders → one PDF of receipts and a CSV; marks one paid → «Оплачен» with the sum', async () => {
    const moderator = browser.page;
    await register(moderator, shop.url, 'Марина');

    const placed: Array<{ id: number; total: number }> = [];
    for (const fam of ['Орлова', 'Соколова']) {
      // Each guest in a browser of their own: a cart of their own.
      const guest = await (browser.context.browser() as Browser).newContext({ locale: 'ru-RU' });
      try {
        placed.push(await guestOrdersByTransfer(waitForAppOnLoads(await guest.newPage()), shop.url, fam));
      } finally {
        await guest.close();
      }
    }

    await moderator.goto(`${shop.url}/admin/orders`);
    const table = moderator.getByRole('table');
    await table
      .getByRole('checkbox', { name: /^Выбрать заказ ЭФ-/ })
      .first()
      .waitFor();
    // The method is named plainly, not «При получении или по счёту».
    expect(await table.getByText('Банковский перевод по счёту').count()).toBe(2);
    for (const order of placed) {
      await table
        .getByRole('checkbox', { name: `Выбрать заказ ЭФ-${String(order.id).padStart(6, '0')}` })
        .check();
    }
    const bar = moderator.getByRole('region', { name: 'Печать и экспорт заказов' });
    await bar.getByText('Выбрано: 2 заказа').waitFor();
    await bar.getByRole('combobox', { name: 'Документ' }).selectOption({ label: 'Товарный чек' });
    const [pdf] = await Promise.all([
      moderator.waitForEvent('download'),
      bar.getByRole('button', { name: 'Печать' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^Товарный чек \(2\) \d{4}-\d{2}-\d{2}\.pdf$/);
    const pdfBytes = await bytesOf(pdf);
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    await bar.getByRole('status').filter({ hasText: 'Товарный чек: PDF на 2 заказа скачан' }).waitFor();

    const [csv] = await Promise.all([
      moderator.waitForEvent('download'),
      bar.getByRole('button', { name: 'CSV' }).click(),
    ]);
    const csvText = (await bytesOf(csv)).toString('utf8');
    expect(csvText.charCodeAt(0)).toBe(0xfeff);
    expect(csvText.split('\r\n').filter(Boolean)).toHaveLength(3);
    await moderator.screenshot({
      path: path.join(resultsDir, 'admin-orders-papers-1366.png'),
      fullPage: true,
    });

    // The first order's card: its method, «Отметить оплату», and the card saying «Оплачен» with the sum.
    const order = placed[0]!;
    await moderator.goto(`${shop.url}/admin/orders/${order.id}`);
    const card = moderator.locator('.received-payments');
    await card.getByRole('heading', { name: 'Банковский перевод по счёту' }).waitFor();
    await card.getByText('Оплата ещё не получена').waitFor();
    await card.getByRole('button', { name: 'Отметить оплату' }).click();
    const form = card.getByRole('form', { name: 'Отметить оплату' });
    expect(await form.getByRole('spinbutton', { name: 'Получено, ₽' }).inputValue()).toBe(
      String(order.total),
    );
    await form.getByRole('textbox', { name: /Комментарий/ }).fill('Платёжное поручение № 17');
    await form.getByRole('button', { name: 'Сохранить оплату' }).click();
    await card
      .getByRole('status')
      .filter({ hasText: `Заказ оплачен: получено ${rub(order.total)}` })
      .waitFor();
    await card.getByText(`Оплачен: ${rub(order.total)}`).waitFor();
    await moderator.getByText(/Получена оплата .* — заказ оплачен/).waitFor();
    expect(await card.getByRole('button', { name: 'Отметить оплату' }).count()).toBe(0);
    await moderator.screenshot({ path: path.join(resultsDir, 'admin-order-paid-1366.png'), fullPage: true });

    // A phone: the list's bar and the card fit 390 px without sideways scrolling of the page.
    await moderator.setViewportSize({ width: 390, height: 844 });
    await moderator.reload();
    await card.getByText(`Оплачен: ${rub(order.total)}`).waitFor();
    await moderator.screenshot({ path: path.join(resultsDir, 'admin-order-paid-390.png'), fullPage: true });
    await moderator.goto(`${shop.url}/admin/orders`);
    await bar.getByRole('button', { name: 'Печать' }).waitFor();
    const overflow = await moderator.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await moderator.screenshot({
      path: path.join(resultsDir, 'admin-orders-papers-390.png'),
      fullPage: true,
    });
    await moderator.setViewportSize({ width: 1366, height: 900 });
  }, 240_000);
});
