// Editing an order on a phone (decision 055), on a shop of its own (MODERATOR_IDS=1): a guest orders one bottle in
// one click; the owner, on a 390 px phone, opens the order, presses «Изменить», makes it two bottles at a price agreed
// on the call (with the reason) and pickup from the office, saves — and sees the new total and «Заказ изменён» in the
// order's history, with nothing scrolling sideways. Screenshots of the form (phone and desktop) go to test-results/.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, resultsDir, useBrowser, visitorAddress, waitForAppOnLoads } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const PRODUCT_URL = '/lavanda-uzkolistnaya-10-ml.html';

function plain(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Calls the shop's API from the page as the web client does (CSRF cookie, the token if signed in). */
async function callApi(page: Page, method: string, url: string, body: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      await fetch('/refresh');
      const csrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const token = localStorage.getItem('token');
      const response = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': csrf,
          ar: '1',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, url, body },
  );
}

describe.skipIf(!hasBrowser)('editing an order on a phone', () => {
  const fixture = useBrowser({ width: 390, height: 844 });
  let shop: RunningShop;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: '1' });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  async function openPerson(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({
      viewport,
      locale: 'ru-RU',
      extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
    });
    return waitForAppOnLoads(await context.newPage());
  }

  it('the owner turns a one-click order into two bottles at an agreed price with pickup, and sees it on the order', async () => {
    const owner = fixture.page;
    await owner.goto(`${shop.url}/reviews`);
    const signUp = await callApi(owner, 'POST', '/v1/user', {
      name: 'Марина',
      email: `owner.${Date.now()}@example.ru`,
      password: 'лавандовое-поле-2026',
      agree: true,
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.user.id).toBe(1);
    await owner.evaluate((token) => localStorage.setItem('token', token), signUp.body.access_token);

    // A guest buys one bottle in one click.
    const guest = await openPerson(fixture.context.browser()!, { width: 1366, height: 900 });
    await guest.goto(`${shop.url}${PRODUCT_URL}`);
    const found = await callApi(
      owner,
      'GET',
      '/api/v1/admin/products?q=%D0%9B%D0%B0%D0%B2%D0%B0%D0%BD%D0%B4%D0%B0',
      undefined,
    );
    const productId = (found.body.products as Array<{ id: number; url: string }>).find(
      (product) => product.url === PRODUCT_URL,
    )?.id;
    expect(productId).toBeDefined();
    const oneClick = await callApi(guest, 'POST', '/v1/order/one-click', {
      idempotency_key: crypto.randomUUID(),
      product_id: productId,
      quantity: 1,
      name: 'Ольга',
      tel: '+7 916 123-45-67',
    });
    expect(oneClick.status, JSON.stringify(oneClick.body)).toBe(200);
    const { id, number } = oneClick.body.order as { id: number; number: string };

    // The owner, on the phone, opens the order and presses «Изменить».
    await owner.goto(`${shop.url}/admin/orders/${id}`);
    await owner.getByRole('heading', { level: 1, name: `Заказ ${number}` }).waitFor();
    await owner.getByRole('link', { name: 'Изменить' }).click();
    await owner.getByRole('heading', { level: 1, name: `Изменить заказ ${number}` }).waitFor();
    await owner.getByLabel(/^Количество: /).fill('2');
    await owner.getByLabel(/^Цена: /).fill('1200');
    await owner.getByLabel(/^Причина цены: /).fill('постоянная покупательница');
    await owner.getByLabel('Способ').selectOption({ label: 'Самовывоз' });
    await owner.getByLabel('Стоимость доставки, ₽').fill('0');
    await owner.getByLabel('Что изменили и почему (для истории заказа)').fill('Перезвонили');
    await owner.screenshot({ path: path.join(resultsDir, 'order-edit-phone.png'), fullPage: true });
    const formWidth = await owner.evaluate(() => document.documentElement.scrollWidth);
    expect(formWidth).toBeLessThanOrEqual(390);
    await owner.getByRole('button', { name: 'Сохранить и отправить письмо' }).click();

    // Back on the order: the new lines, total and history, as the owner reads them.
    await owner.getByRole('heading', { level: 1, name: `Заказ ${number}` }).waitFor();
    const total = owner.locator('.order-totals__total').last();
    await expect.poll(async () => plain(await total.textContent())).toBe('2 400 ₽');
    const history = plain(await owner.locator('.admin-card').filter({ hasText: 'История' }).textContent());
    expect(history).toMatch(
      /Заказ изменён: «Лаванда узколистная, 10 мл» 1 × [\d ]+ ₽ → 2 × 1 200 ₽ \(цена: постоянная покупательница\); Доставка: Уточним по телефону → Самовывоз из офиса в Москве/,
    );
    expect(history).not.toContain('1 клик — перезвонить');
    await owner.screenshot({ path: path.join(resultsDir, 'order-edited-phone.png'), fullPage: true });
    // Nothing sticks out sideways: the widest elements are named if something does.
    const overflow = await owner.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > 390.5)
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName}.${element.className}: ${Math.round(element.getBoundingClientRect().right)}`,
        ),
    }));
    expect(overflow.width, overflow.wide.join('; ')).toBeLessThanOrEqual(390);

    // The same form on a desktop, for the record.
    const desk = await openPerson(fixture.context.browser()!, { width: 1366, height: 900 });
    await desk.goto(`${shop.url}/reviews`);
    await desk.evaluate((token) => localStorage.setItem('token', token), signUp.body.access_token);
    await desk.goto(`${shop.url}/admin/orders/${id}/edit`);
    await desk.getByRole('heading', { level: 1, name: `Изменить заказ ${number}` }).waitFor();
    await desk.screenshot({ path: path.join(resultsDir, 'order-edit-desktop.png'), fullPage: true });
    await desk.goto(`${shop.url}/admin/orders/new`);
    await desk.getByRole('heading', { level: 1, name: 'Новый заказ по телефону' }).waitFor();
    await desk.screenshot({ path: path.join(resultsDir, 'phone-order-desktop.png'), fullPage: true });
  });
});
