// Journey (issue 35, point 7): after «Подтвердить заказ» the browser's Back does not bring the buyer to an empty
// checkout but to the order just placed — its number and «Оплатить» while it is unpaid, in view without scrolling —
// and the «Оплата прошла» page leads to the order too, for a guest as for a registered buyer, on a phone and a desktop.
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  connectBrowser,
  hasBrowser,
  resultsDir,
  visitorAddress,
  waitForAppOnLoads,
} from '../support/browser.ts';
import { addToCartFromProductPage, plain, rub, signUpInBrowser, uniqueEmail } from './support.ts';

const LAVENDER = '/lavanda-uzkolistnaya-10-ml.html';
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

type Device = 'desktop' | 'phone';

async function openContext(
  browser: Browser,
  device: Device,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'ru-RU',
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
    ...(device === 'phone'
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: PHONE_AGENT }
      : { viewport: { width: 1366, height: 900 } }),
  });
  return { context, page: waitForAppOnLoads(await context.newPage()) };
}

/** Cart → the Moscow courier → «Картой онлайн» (by card) → recipient → «Подтвердить заказ»; the total to pay. */
async function placeCardOrder(page: Page, guest: boolean): Promise<number> {
  const price = await addToCartFromProductPage(page, LAVENDER);
  await page.goto('/my-cart');
  await page.getByRole('link', { name: 'Оформить заказ' }).click();
  await page.waitForURL('**/checkout/delivery');
  await page.getByRole('radio', { name: /Доставка курьером \(Москва\)/ }).check();
  await page.getByRole('combobox', { name: 'Улица' }).fill('ул. Тверская');
  await page.getByRole('textbox', { name: 'Дом' }).fill('12');
  await page.getByRole('textbox', { name: 'Квартира или офис' }).fill('34');
  await page.getByRole('textbox', { name: 'Индекс' }).fill('125009');
  await page.getByText(/Доставка:\s*390/).waitFor();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.waitForURL('**/checkout/pay');
  await page.getByRole('radio', { name: /Картой онлайн/ }).check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.waitForURL('**/checkout/info');
  const recipient = page.getByRole('form', { name: 'Получатель' });
  if (guest) {
    await recipient.getByRole('textbox', { name: 'Имя' }).fill('Вера');
    await recipient.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail('back-guest'));
  }
  await recipient.getByRole('textbox', { name: 'Фамилия' }).fill('Соколова');
  await recipient.getByRole('textbox', { name: 'Телефон' }).fill('8 916 555-12-34');
  await recipient.getByRole('button', { name: 'Далее' }).click();
  await page.waitForURL('**/checkout/check');
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await page.waitForURL('**/test-gateway/pay/**');
  return price + 390;
}

/** Inside the window as it is now, without scrolling. */
async function expectInView(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(box, `${what} is not on the page`).not.toBeNull();
  expect(
    box!.y >= 0 && box!.y + box!.height <= viewport.height,
    `${what} is out of view (top ${Math.round(box!.y)} px, window ${viewport.height} px, scrolled ${scrolled} px)`,
  ).toBe(true);
}

/** The order's page as Back shows it: its number, the total and «Оплатить» while unpaid. */
async function expectUnpaidOrder(page: Page, total: number): Promise<string> {
  const number = page.getByText(/Заказ ЭФ-\d+ от .+ принят/);
  await number.waitFor({ timeout: 15_000 }).catch(async (error: Error) => {
    const shown = plain(await page.locator('main, #root').first().textContent()).slice(0, 300);
    throw new Error(`Back after the order shows ${page.url()}: «${shown}» (${error.message})`);
  });
  const pay = page.getByRole('button', { name: `Оплатить картой ${rub(total)}` });
  await pay.waitFor();
  await expectInView(page, number, 'the order number');
  await expectInView(page, pay, '«Оплатить»');
  return /ЭФ-\d+/.exec(plain(await number.textContent()))![0];
}

describe.skipIf(!hasBrowser)('journey: Back after ordering leads to the order', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const cases: Array<{ device: Device; guest: boolean }> = [
    { device: 'desktop', guest: true },
    { device: 'phone', guest: false },
  ];
  for (const { device, guest } of cases) {
    const who = guest ? 'a guest' : 'a registered buyer';
    it(`${who} on a ${device}: Back from the payment page → the order with «Оплатить»; paid → the order`, {
      timeout: 180_000,
    }, async () => {
      const { context, page } = await openContext(browser, device);
      try {
        if (!guest) await signUpInBrowser(page, baseUrl, 'Ирина');
        const total = await placeCardOrder(page, guest);

        await page.goBack();
        const number = await expectUnpaidOrder(page, total);
        await page.screenshot({ path: path.join(resultsDir, `back-after-order-${device}.png`) });

        // Paying from there, and then «Оплата прошла» leads back to the same order, now paid.
        await page.getByRole('button', { name: `Оплатить картой ${rub(total)}` }).click();
        await page.waitForURL('**/test-gateway/pay/**');
        await page.getByRole('button', { name: 'Оплатить' }).click();
        await page.waitForURL('**/yookassa?order=*');
        await page.getByRole('heading', { level: 1, name: 'Оплата прошла' }).waitFor();
        await page.getByRole('link', { name: 'Открыть заказ' }).click();
        await page.getByText(new RegExp(`Заказ ${number} от .+ принят`)).waitFor();
        await page.getByText(/Картой онлайн · Оплачен/).waitFor();
        expect(await page.getByRole('button', { name: /^Оплатить/ }).count()).toBe(0);
        await page.screenshot({ path: path.join(resultsDir, `paid-order-page-${device}.png`) });
      } finally {
        await context.close();
      }
    });
  }
});
