// Journey (issue 35, point 5): a buyer who picks «Картой онлайн» and then «Через СБП» on the payment step reaches
// СБП straight from «Подтвердить заказ» — the QR code on a desktop, the list of banks on a phone — as a guest and
// registered; «Оплатить через СБП» in /my-orders does the same. What is asserted is what the screen shows.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** Cart → delivery (Moscow courier) → «Картой онлайн» + «Через СБП» → recipient → «Подтвердить заказ». */
async function checkOutBySbp(page: Page, guest: boolean): Promise<number> {
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
  await page
    .getByRole('group', { name: 'Как оплатить онлайн' })
    .getByRole('radio', { name: /Через СБП/ })
    .check();
  await page.getByRole('button', { name: 'Далее' }).click();

  await page.waitForURL('**/checkout/info');
  const recipient = page.getByRole('form', { name: 'Получатель' });
  if (guest) {
    await recipient.getByRole('textbox', { name: 'Имя' }).fill('Вера');
    await recipient.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail('sbp-guest'));
  }
  await recipient.getByRole('textbox', { name: 'Фамилия' }).fill('Соколова');
  await recipient.getByRole('textbox', { name: 'Телефон' }).fill('8 916 555-12-34');
  await recipient.getByRole('button', { name: 'Далее' }).click();

  await page.waitForURL('**/checkout/check');
  await page.getByText('Картой онлайн: через СБП').waitFor();
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  return price + 390;
}

/** A desktop: the shop's /yookassa page with the QR code to scan, not a card page. */
async function expectQrCode(page: Page, total: number): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Оплата через СБП' }).waitFor({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/yookassa');
  const qr = page.getByRole('img', { name: 'QR-код для оплаты через СБП' });
  expect(await qr.isVisible()).toBe(true);
  await page.getByText(`подтвердите оплату ${rub(total)}`, { exact: false }).waitFor();
}

/** A phone: the list of banks to open the payment in, not a card page. */
async function expectBankList(page: Page, total: number): Promise<void> {
  await page
    .getByRole('heading', { level: 1, name: 'Выберите банк' })
    .waitFor({ timeout: 15_000 })
    .catch(async (error: Error) => {
      const shown = plain(await page.locator('main').first().textContent()).slice(0, 300);
      throw new Error(`no bank list on ${page.url()}; the page shows: «${shown}» (${error.message})`);
    });
  const banks = page.getByRole('list', { name: 'Банки СБП' }).getByRole('button');
  expect(await banks.count()).toBeGreaterThanOrEqual(4);
  await banks.filter({ hasText: 'Сбербанк' }).first().waitFor();
  await page.getByText(`К оплате: ${rub(total)}`, { exact: false }).waitFor();
  expect(await page.getByText('оплата картой').count()).toBe(0);
}

describe.skipIf(!hasBrowser)('journey: СБП from checkout and from «Мои заказы»', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const device of ['desktop', 'phone'] as const) {
    it(`a guest on a ${device} reaches СБП straight after «Подтвердить заказ»`, {
      timeout: 180_000,
    }, async () => {
      const { context, page } = await openContext(browser, device);
      try {
        const total = await checkOutBySbp(page, true);
        if (device === 'desktop') await expectQrCode(page, total);
        else await expectBankList(page, total);
        await page.screenshot({ path: path.join(resultsDir, `sbp-checkout-guest-${device}.png`) });
      } finally {
        await context.close();
      }
    });

    it(`a registered buyer on a ${device} reaches СБП from checkout and again from «Мои заказы»`, {
      timeout: 180_000,
    }, async () => {
      const { context, page } = await openContext(browser, device);
      try {
        await signUpInBrowser(page, baseUrl, 'Ирина');
        const total = await checkOutBySbp(page, false);
        if (device === 'desktop') await expectQrCode(page, total);
        else await expectBankList(page, total);

        await page.goto('/my-orders');
        const order = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: /^Заказ ЭФ-/ }) })
          .first();
        await order.getByRole('button', { name: 'Оплатить через СБП' }).click();
        if (device === 'desktop') await expectQrCode(page, total);
        else await expectBankList(page, total);
        await page.screenshot({ path: path.join(resultsDir, `sbp-my-orders-${device}.png`) });
      } finally {
        await context.close();
      }
    });
  }
});
