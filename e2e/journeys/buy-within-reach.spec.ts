// Issue 35 points 8 and 9: buying without scrolling back and without the scripts. A phone scrolled down the product
// page still has the price and «В корзину» on screen, and a tap there changes the cart; a desktop scrolled down still
// has the header's cart; home-page cards have «В корзину»; with JavaScript off, «В корзину» is a plain form that lands
// on the cart page with the product, and the menu button opens a list of links.
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  connectBrowser,
  hasBrowser,
  resultsDir,
  visitorAddress,
  waitForAppOnLoads,
  waitForSettled,
} from '../support/browser.ts';
import { plain } from './support.ts';

const PRODUCT_URL = '/lavanda-uzkolistnaya-10-ml.html';
const PRODUCT_NAME = 'Лаванда узколистная';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Whole on screen: the element's box lies inside the viewport (and it is not hidden). */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  if (!(await locator.isVisible())) return false;
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width
  );
}

/** The first of these locators' matches that is whole on screen, or null. */
async function firstOnScreen(page: Page, locator: Locator): Promise<Locator | null> {
  for (const candidate of await locator.all()) if (await onScreen(page, candidate)) return candidate;
  return null;
}

describe.skipIf(!hasBrowser)('buying within reach (issue 35, points 8 and 9)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(viewport: { width: number; height: number }, javaScriptEnabled = true) {
    const context = await browser.newContext({
      viewport,
      baseURL: baseUrl,
      locale: 'ru-RU',
      javaScriptEnabled,
      extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
    });
    const page = await context.newPage();
    // Without scripts the page never hydrates: nothing to wait for beyond the load.
    return { context, page: javaScriptEnabled ? waitForAppOnLoads(page) : page };
  }

  it('keeps the price and «В корзину» on a phone scrolled down the product page, and a tap there fills the cart', async () => {
    const { context, page } = await open(PHONE);
    try {
      await page.goto(PRODUCT_URL);
      await waitForSettled(page);
      const price = plain(await page.locator('.buy-box__price .price').first().textContent());
      expect(price).toMatch(/₽$/);
      // Down past the buy box, the description and to the goods bought with it.
      await page.getByRole('heading', { name: 'С этим покупают' }).scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(400);
      expect(await onScreen(page, page.locator('.buy-box'))).toBe(false);
      // This product's button (the cards of other goods below have their own, named with their goods).
      const thisProduct = new RegExp(`^В корзину(: ${PRODUCT_NAME}, 10 мл)?$`);
      const buy = await firstOnScreen(page, page.getByRole('button', { name: thisProduct }));
      expect(buy, 'a «В корзину» button whole on screen').not.toBeNull();
      const shownPrice = await firstOnScreen(page, page.getByText(price, { exact: true }));
      expect(shownPrice, `the price ${price} whole on screen`).not.toBeNull();
      await page.screenshot({ path: path.join(resultsDir, 'buy-bar-390.png') });
      await buy?.click();
      await page.getByRole('status').filter({ hasText: 'Добавлено в корзину' }).waitFor();
      // A little way up, the compact header comes back with the cart's count on its icon.
      await page.mouse.wheel(0, -200);
      const badge = page.locator('.top-bar__cart-badge');
      await expect.poll(() => onScreen(page, badge), { timeout: 5_000 }).toBe(true);
      expect(plain(await badge.textContent())).toBe('1');
    } finally {
      await context.close();
    }
  });

  it('keeps the header with the cart on a desktop scrolled down the product page', async () => {
    const { context, page } = await open(DESKTOP);
    try {
      await page.goto(PRODUCT_URL);
      await waitForSettled(page);
      await page.mouse.wheel(0, 1500);
      await page.waitForFunction(() => window.scrollY > 1000);
      await page.waitForTimeout(300);
      const cart = page.getByRole('link', { name: /^Корзина/ });
      expect(await onScreen(page, cart), 'the header cart whole on screen after scrolling').toBe(true);
      await page.screenshot({ path: path.join(resultsDir, 'sticky-header-1366.png') });
    } finally {
      await context.close();
    }
  });

  it('offers «В корзину» on the home page cards, and a press there fills the cart', async () => {
    const { context, page } = await open(DESKTOP);
    try {
      await page.goto('/');
      await waitForSettled(page);
      const buttons = page.locator('main').getByRole('button', { name: /^В корзину: / });
      expect(await buttons.count()).toBeGreaterThan(0);
      await buttons.first().click();
      await page.getByRole('status').filter({ hasText: 'Добавлено в корзину' }).waitFor();
      await expect
        .poll(() => page.locator('.top-bar__cart-text').textContent())
        .toMatch(/^\s*Корзина:\s*1 товар/);
    } finally {
      await context.close();
    }
  });

  it('adds to the cart with JavaScript off: the press posts a form and the cart page shows the product', async () => {
    const { context, page } = await open(DESKTOP, false);
    try {
      await page.goto(PRODUCT_URL);
      await page.getByRole('button', { name: 'В корзину', exact: true }).click();
      await page.waitForURL('**/my-cart', { timeout: 10_000 });
      const main = page.getByRole('main');
      await main
        .getByRole('link', { name: new RegExp(PRODUCT_NAME) })
        .first()
        .waitFor();
      expect(plain(await main.textContent())).toContain(PRODUCT_NAME);
      await page.screenshot({ path: path.join(resultsDir, 'no-js-cart-1366.png') });
    } finally {
      await context.close();
    }
  });

  it('opens the menu on a phone with JavaScript off, its links in view', async () => {
    const { context, page } = await open(PHONE, false);
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      for (const name of ['Обучение', 'Доставка и оплата']) {
        const link = page.getByRole('link', { name, exact: true });
        await link.first().waitFor({ state: 'visible', timeout: 3_000 });
        expect(await firstOnScreen(page, link), `«${name}» on screen`).not.toBeNull();
      }
      await page.screenshot({ path: path.join(resultsDir, 'no-js-menu-390.png') });
    } finally {
      await context.close();
    }
  });
});
