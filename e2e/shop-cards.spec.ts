// What good shops have (issue 19): «В корзину» with a stepper and the heart on list cards, a phone header that
// stays out of the way (compact, back on scroll-up, the cart in it), the corrected-layout notice of the search,
// the social marks in the footer, pictures on the school's course cards, and the phone drawer closed by a navigation even when the server fails it.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibleName, visibleText } from './journeys/support.ts';
import { hasBrowser, resultsDir, useBrowser } from './support/browser.ts';

const CATEGORY_URL = '/efirnye-masla';

/** The top bar's cart link; its name says what is in the cart («Корзина: 2 товара, 980 ₽»). */
const cartLink = (page: Page) => page.locator('.top-bar__cart');

async function cartName(page: Page): Promise<string> {
  return accessibleName(cartLink(page));
}

/** The first card of the list that is in stock, and its product's name as the buttons say it. */
async function firstCardInStock(page: Page) {
  const card = page.locator('.product-card').filter({ hasText: 'В наличии' }).first();
  const name = (await card.locator('.product-card__name').textContent())?.trim() ?? '';
  return { card, name };
}

async function buyFromCategoryCard(page: Page) {
  await page.goto(CATEGORY_URL);
  expect(await cartName(page)).toBe('Корзина: пусто');
  const { card, name } = await firstCardInStock(page);
  await card.getByRole('button', { name: /^В корзину: / }).click();
  await expect.poll(() => cartName(page)).toMatch(/^Корзина: 1 товар,/);
  return { card, name };
}

describe.skipIf(!hasBrowser)('list cards on a desktop', () => {
  const browser = useBrowser({ width: 1366, height: 900 });

  it('puts a product into the cart from a category card, then counts it with the stepper', async () => {
    const { page } = browser;
    const { card, name } = await buyFromCategoryCard(page);
    expect(await visibleText(page.locator('.top-bar__cart-text'))).toMatch(/^1 товар · /);
    await page.getByRole('status').filter({ hasText: 'Добавлено в корзину' }).waitFor();

    const stepper = card.getByRole('group', { name: `В корзине: ${name}, `, exact: false });
    await stepper.waitFor();
    await stepper.getByRole('button', { name: 'Добавить ещё одну' }).click();
    await expect.poll(() => cartName(page)).toMatch(/^Корзина: 2 товара,/);
    expect(await stepper.locator('output').textContent()).toMatch(/^2/);

    await stepper.getByRole('button', { name: 'Убрать одну штуку' }).click();
    await expect.poll(() => cartName(page)).toMatch(/^Корзина: 1 товар,/);
    // At one, «−» takes the line out and the card offers «В корзину» again.
    await stepper.getByRole('button', { name: 'Убрать одну штуку' }).click();
    await card.getByRole('button', { name: /^В корзину: / }).waitFor();
    expect(await cartName(page)).toBe('Корзина: пусто');
    await page.screenshot({ path: path.join(resultsDir, 'category-cards-1366.png') });
  });

  it('offers the waitlist on a sold-out card and the heart leads a guest to log in, as on the product page', async () => {
    const { page } = browser;
    await page.goto(CATEGORY_URL);
    const soldOut = page.locator('.product-card').filter({ hasText: 'Нет в наличии' }).first();
    expect(await soldOut.getByRole('button', { name: 'Сообщить о поступлении' }).isVisible()).toBe(true);
    expect(await soldOut.getByRole('button', { name: /^В корзину/ }).count()).toBe(0);

    const { card, name } = await firstCardInStock(page);
    const heart = card.getByRole('button', { name: `В избранное: ${name}`, exact: false });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('has «В корзину» and the heart on catalogue and search cards too', async () => {
    const { page } = browser;
    await page.goto('/catalog.html');
    const popular = page.locator('#catalog-popular + .product-grid .product-card').first();
    expect(await popular.getByRole('button', { name: /^В корзину: / }).count()).toBe(1);
    expect(await popular.getByRole('button', { name: /^В избранное: / }).count()).toBe(1);

    await page.goto(`/search?q=${encodeURIComponent('лаванда')}`);
    const { card } = await firstCardInStock(page);
    expect(await card.getByRole('button', { name: /^В избранное: / }).count()).toBe(1);
    await card.getByRole('button', { name: /^В корзину: / }).click();
    await expect.poll(() => cartName(page)).toMatch(/^Корзина: 1 товар,/);
  });

  it('says which words it searched for when the query was typed on the English layout', async () => {
    const { page } = browser;
    await page.goto('/search?q=kfdfylf');
    const notice = page.locator('.search-corrected');
    expect(await notice.textContent()).toContain('Показаны результаты для «лаванда»');
    expect(await page.locator('.search-summary').textContent()).toContain('По запросу «лаванда»');
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(resultsDir, 'search-layout-1366.png') });

    // Typed right: nothing to correct.
    await page.goto(`/search?q=${encodeURIComponent('лаванда')}`);
    expect(await page.locator('.search-corrected').count()).toBe(0);
  });

  it('shows the social networks as marks, each link named in words', async () => {
    const { page } = browser;
    await page.goto('/');
    const footer = page.locator('.site-footer');
    for (const name of ['ВКонтакте', 'Telegram', 'Дзен']) {
      const link = footer.getByRole('link', { name, exact: true });
      expect(await link.locator('svg').count(), name).toBe(1);
      expect(await link.isVisible()).toBe(true);
    }
  });

  it('shows each course card of the school with a picture: its teacher', async () => {
    const { page } = browser;
    await page.goto('/seminar_po_aromatherapy.html');
    const cards = page.locator('.course-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    for (const card of await cards.all()) {
      const picture = card.locator('.course-card__cover img');
      await picture.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.naturalWidth > 0,
        await picture.elementHandle(),
      );
      expect(await card.locator('.course-card__teacher').textContent()).toMatch(/^Ведёт /);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(resultsDir, 'school-1366.png') });
  });

  it('lets the desktop’s logo and search row scroll away: only the top bar with the cart stays (issue 35)', async () => {
    const { page } = browser;
    await page.goto(CATEGORY_URL);
    await page.mouse.wheel(0, 800);
    await page.waitForFunction(() => window.scrollY > 500);
    await page.mouse.wheel(0, -200);
    await page.waitForTimeout(400);
    const box = await page.locator('.site-header').boundingBox();
    expect(box!.y).toBeLessThan(0);
  });
});

describe.skipIf(!hasBrowser)('on a 390 px phone', () => {
  const browser = useBrowser({ width: 390, height: 844 });

  /** Where the top of the page (top bar, header) is on screen: its top and bottom edges. */
  async function headerEdges(page: Page) {
    return page.locator('.site-top').evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { top: Math.round(box.top), bottom: Math.round(box.bottom) };
    });
  }

  it('buys from a category card and shows the count on the header cart', async () => {
    const { page } = browser;
    await buyFromCategoryCard(page);
    const badge = page.locator('.top-bar__cart-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1');
    await page.screenshot({ path: path.join(resultsDir, 'category-cards-390.png') });
  });

  it('keeps the header compact, hides it on scroll down and brings it back with the cart on scroll up', async () => {
    const { page } = browser;
    await page.goto(CATEGORY_URL);
    const start = await headerEdges(page);
    expect(start.top).toBe(0);
    // Top bar, logo, menu and the search box in well under a seventh of the screen (it was ~245 of 844 px).
    expect(start.bottom).toBeLessThanOrEqual(110);
    expect(await page.getByRole('searchbox', { name: 'Поиск по магазину' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Открыть меню' }).isVisible()).toBe(true);

    await page.mouse.wheel(0, 900);
    await page.waitForFunction(() => window.scrollY > 600);
    await page.waitForFunction(
      () => (document.querySelector('.site-top')?.getBoundingClientRect().bottom ?? 1) <= 0,
    );

    await page.mouse.wheel(0, -150);
    await page.waitForFunction(() => document.querySelector('.site-top')?.getBoundingClientRect().top === 0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await page.waitForTimeout(300); // the slide-in ends
    await page.screenshot({ path: path.join(resultsDir, 'header-scrolled-up-390.png') });
    // The cart is on screen and takes the tap.
    await cartLink(page).click();
    await page.waitForURL('**/my-cart');
  });

  it('closes the drawer when a navigation starts, also when the server then fails it', async () => {
    const { page } = browser;
    await page.goto('/kontakt.html');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await drawer.waitFor();
    await page.route(/\/api\/v1\/(route|static-page)\b/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'Internal Server Error' }),
      }),
    );
    await drawer.getByRole('link', { name: 'Доставка и оплата' }).click();
    await page.getByRole('alert').filter({ hasText: 'Запрос не выполнен' }).waitFor();
    // The navigation is cancelled: the page stays, and so must not the drawer over it.
    expect(new URL(page.url()).pathname).toBe('/kontakt.html');
    await page.locator('.mobile-menu').waitFor({ state: 'detached', timeout: 2000 });
    await page.screenshot({ path: path.join(resultsDir, 'drawer-after-failure-390.png') });
  });
});
