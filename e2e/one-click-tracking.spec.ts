// «Купить в 1 клик» and shipment tracking end to end, on a shop of its own (MODERATOR_IDS=1): a guest orders from
// the product page by name and phone (the +7 mask fills as they type) and the moderator sees the order flagged
// «1 клик — перезвонить» in «Заказы»; a registered customer's order is shipped with CDEK and its tracking number,
// and /my-orders shows the number with the link to CDEK's tracking page.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, resultsDir, useBrowser, visitorAddress, waitForAppOnLoads } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const PRODUCT_URL = '/lavanda-uzkolistnaya-10-ml.html';

/** Signs up through the API as the web client does and keeps the token where the app reads it. */
async function register(page: Page, origin: string, name: string): Promise<number> {
  await page.goto(`${origin}/reviews`);
  const user = await page.evaluate(
    async ({ name, email }) => {
      await fetch('/refresh');
      const csrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch('/v1/user', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, ar: '1' },
        body: JSON.stringify({ name, email, password: 'лавандовое-поле-2026', agree: true }),
      });
      const body = await response.json();
      localStorage.setItem('token', body.access_token);
      return { status: response.status, id: body.user?.id as number };
    },
    { name, email: `one-click.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.ru` },
  );
  expect(user.status).toBe(200);
  return user.id;
}

/** «Купить в 1 клик» on the product page: the dialog, its phone mask, and the order number it answers with. */
async function orderInOneClick(page: Page, origin: string, name: string | null): Promise<string> {
  await page.goto(`${origin}${PRODUCT_URL}`);
  await page.getByRole('button', { name: 'Купить в 1 клик' }).click();
  const dialog = page.getByRole('dialog', { name: 'Купить в 1 клик' });
  await dialog.waitFor();
  if (name !== null) await dialog.getByLabel('Имя').fill(name);
  const phone = dialog.getByLabel('Телефон');
  await phone.click();
  await phone.pressSequentially('9161234567');
  expect(await phone.inputValue()).toBe('+7 (916) 123-45-67');
  await dialog.getByRole('button', { name: 'Заказать' }).click();
  const done = dialog.getByRole('status');
  await done.waitFor();
  const text = (await done.textContent()) ?? '';
  expect(text).toContain('Мы перезвоним на номер +7 (916) 123-45-67');
  const number = /ЭФ-\d{6}/.exec(text)?.[0];
  expect(number, text).toBeDefined();
  return number!;
}

describe.skipIf(!hasBrowser)('«Купить в 1 клик» and shipment tracking', () => {
  const fixture = useBrowser({ width: 1366, height: 900 });
  let shop: RunningShop;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: '1' });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  /** Another person in their own browser context (no shared cookies or storage). */
  async function openPerson(browser: Browser): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: 'ru-RU',
      extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
    });
    return waitForAppOnLoads(await context.newPage());
  }

  it('a guest’s one-click order shows flagged in the back office; the shipped order’s tracking number, corrected once, shows with its link in /my-orders', async () => {
    const browser = fixture.context.browser()!;
    const moderator = await openPerson(browser);
    expect(await register(moderator, shop.url, 'Марина')).toBe(1);

    // The guest: product page → dialog → order.
    const guestOrder = await orderInOneClick(fixture.page, shop.url, 'Ольга');
    await fixture.page.screenshot({ path: path.join(resultsDir, 'one-click-dialog-done.png') });

    await moderator.goto(`${shop.url}/admin/orders`);
    const row = moderator.getByRole('row').filter({ hasText: guestOrder });
    await row.waitFor();
    expect(await row.textContent()).toContain('1 клик — перезвонить');
    expect(await row.textContent()).toContain('Ольга');
    // The filter follows the address: it shows ticked once the list for that address has loaded.
    const waitingForCall = moderator.getByLabel('Ждут звонка (1 клик)');
    await waitingForCall.click();
    await moderator.waitForURL(/call_back=1/);
    await expect.poll(() => waitingForCall.isChecked()).toBe(true);
    await moderator.getByRole('row').filter({ hasText: guestOrder }).waitFor();
    await moderator.screenshot({ path: path.join(resultsDir, 'one-click-admin-list.png'), fullPage: true });

    // A registered customer orders in one click too (the dialog knows their name), and the shop ships it.
    const customer = await openPerson(browser);
    await register(customer, shop.url, 'Анна');
    const customerOrder = await orderInOneClick(customer, shop.url, null);

    await moderator.goto(`${shop.url}/admin/orders`);
    await moderator.getByRole('link', { name: customerOrder }).click();
    await moderator.getByRole('heading', { level: 1, name: `Заказ ${customerOrder}` }).waitFor();
    await moderator.getByRole('button', { name: 'Подтвердить' }).click();
    await moderator.getByRole('button', { name: 'Отметить отправленным' }).waitFor();
    await moderator.getByLabel('Служба доставки').selectOption('cdek');
    await moderator.getByLabel('Трек-номер').fill('1106207299');
    await moderator.getByRole('button', { name: 'Отметить отправленным' }).click();
    await moderator.getByText('Трек-номер СДЭК: 1106207299').waitFor();
    // The number was mistyped: the moderator corrects it while the parcel is on its way.
    await moderator.getByRole('button', { name: 'Исправить трек-номер' }).click();
    const correction = moderator.getByRole('form', { name: 'Трек-номер' });
    await correction.getByLabel('Трек-номер').fill('1106207236');
    await correction.getByRole('button', { name: 'Сохранить' }).click();
    await moderator
      .getByRole('status')
      .filter({ hasText: 'Трек-номер исправлен, покупателю ушло письмо с новой ссылкой.' })
      .waitFor();
    await moderator.getByText('Трек-номер СДЭК: 1106207236').waitFor();
    await moderator.getByText('Трек-номер исправлен: СДЭК 1106207299 → СДЭК 1106207236').waitFor();

    await customer.goto(`${shop.url}/my-orders`);
    const card = customer.getByRole('listitem').filter({ hasText: `Заказ ${customerOrder}` });
    await card.getByText('Трек-номер СДЭК: 1106207236').waitFor();
    expect(await card.getByRole('link', { name: 'отследить посылку' }).getAttribute('href')).toBe(
      'https://www.cdek.ru/ru/tracking?order_id=1106207236',
    );
    expect(await card.textContent()).toContain('Отправлен');
    await customer.screenshot({ path: path.join(resultsDir, 'tracking-my-orders.png'), fullPage: true });
  });
});
