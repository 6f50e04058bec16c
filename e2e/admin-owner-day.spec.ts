// The owner's day on a phone (issue 38, points 10 and 11; decision 057), on a shop of its own started with
// MODERATOR_IDS=1. A buyer places a cash-on-delivery order and a one-click one; the owner, on a 390 px phone, finds
// «Управление магазином» in the account menu, sees the tiles count the new order and the waiting call, opens the
// orders list — filters folded, the orders on the first screen, nothing wider than the screen — filters by a date
// typed «дд.мм.гггг», opens the order and confirms it without scrolling sideways. Screenshots of the phone and the
// desktop screens are kept in test-results/ for review.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdOf, ShopApi, signUpInBrowser } from './journeys/support.ts';
import { hasBrowser, resultsDir, useBrowser } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const MODERATOR_ID = 1;
const PRODUCT_URL = '/lavanda-uzkolistnaya-10-ml.html';

/**
 * The page is no wider than the screen, and no table inside it scrolls sideways either: `scrollWidth` is the widest
 * of the page and its table frames.
 */
async function noSidewaysScroll(
  page: Page,
  frames = true,
): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate((withFrames) => {
    const frames = withFrames ? Array.from(document.querySelectorAll<HTMLElement>('.admin-table-wrap')) : [];
    const overflow = Math.max(0, ...frames.map((frame) => frame.scrollWidth - frame.clientWidth));
    return {
      scrollWidth: document.documentElement.scrollWidth + overflow,
      clientWidth: document.documentElement.clientWidth,
    };
  }, frames);
}

async function placeOrders(base: string): Promise<{ number: string; oneClick: string }> {
  const productId = await productIdOf(base, PRODUCT_URL);
  const buyer = new ShopApi(base);
  await buyer.send('POST', `/v1/cart/${productId}`, { quantity: 2 });
  const placed = await buyer.send<{ order: { number: string } }>('POST', '/v1/order', {
    idempotency_key: randomUUID(),
    contact: {
      name: 'Анна',
      fam: 'Смирнова-Длиннофамильная',
      email: 'anna.smirnova.with.a.very.long.address@example-mail-domain.ru',
      tel: '+7 916 111-22-33',
    },
    delivery: {
      type: 2,
      sposob_dost: 1,
      sposob_oplat: 1,
      addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
    },
  });
  const oneClick = await new ShopApi(base).send<{ order: { number: string } }>(
    'POST',
    '/v1/order/one-click',
    {
      idempotency_key: randomUUID(),
      name: 'Марина',
      tel: '+7 917 555-01-11',
      product_id: productId,
    },
  );
  return { number: placed.order.number, oneClick: oneClick.order.number };
}

function moscowToday(): { iso: string; typed: string } {
  const iso = new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, typed: `${day}.${month}.${year}` };
}

describe.skipIf(!hasBrowser)('the owner’s day on a phone', () => {
  const browser = useBrowser({ width: 390, height: 844 });
  let shop: RunningShop;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: String(MODERATOR_ID) });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('finds the back office in the account menu, sees what waits, and checks and confirms an order on a phone', async () => {
    const page = browser.page;
    expect((await signUpInBrowser(page, shop.url, 'Ирина')).id).toBe(MODERATOR_ID);
    const orders = await placeOrders(shop.url);

    // The way in: the account menu.
    await page.getByRole('button', { name: 'Меню личного кабинета' }).click();
    await page.getByRole('link', { name: 'Управление магазином' }).click();
    await page.getByRole('heading', { level: 1, name: 'Панель управления' }).waitFor();
    await page.getByRole('link', { name: '1 новый заказ' }).waitFor();
    await page.getByRole('link', { name: '1 заказ ждёт звонка' }).waitFor();
    await page.screenshot({ path: path.join(resultsDir, 'owner-day-home-phone.png'), fullPage: true });

    // The orders list opens on the orders: the filters folded, the first order on the first screen.
    await page.getByRole('link', { name: '1 новый заказ' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/orders' && url.searchParams.get('status') === 'new',
    );
    const first = page.getByRole('link', { name: orders.oneClick });
    await first.waitFor();
    expect(
      await page.locator('details.orders-filters-fold').evaluate((fold) => (fold as HTMLDetailsElement).open),
    ).toBe(false);
    expect(await page.getByRole('textbox', { name: 'С', exact: true }).isVisible()).toBe(false);
    const box = await first.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: orders.number }) });
    // Number, sum, status and payment at a glance.
    expect(await row.textContent()).toMatch(/Новый/);
    expect(await row.textContent()).toMatch(/₽/);
    const sizes = await noSidewaysScroll(page);
    expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
    await page.screenshot({ path: path.join(resultsDir, 'owner-day-orders-phone.png'), fullPage: true });

    // The date filter reads and takes «дд.мм.гггг».
    await page.locator('details.orders-filters-fold > summary').click();
    const from = page.getByRole('textbox', { name: 'С', exact: true });
    expect(await from.getAttribute('placeholder')).toBe('дд.мм.гггг');
    const today = moscowToday();
    await from.pressSequentially(today.typed.replaceAll('.', ''));
    expect(await from.inputValue()).toBe(today.typed);
    await page.waitForURL((url) => url.searchParams.get('from') === today.iso);
    await page.getByRole('link', { name: orders.number }).waitFor();
    const filtered = await noSidewaysScroll(page);
    expect(filtered.scrollWidth).toBeLessThanOrEqual(filtered.clientWidth);
    await page.screenshot({ path: path.join(resultsDir, 'owner-day-filters-phone.png'), fullPage: true });

    // The order: checked and confirmed without scrolling sideways.
    await page.getByRole('link', { name: orders.number }).click();
    await page.getByRole('button', { name: 'Подтвердить' }).waitFor();
    const card = await noSidewaysScroll(page);
    expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    await page.screenshot({ path: path.join(resultsDir, 'owner-day-order-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText('Статус изменён на «Подтверждён».', { exact: false }).waitFor();
    const after = await noSidewaysScroll(page);
    expect(after.scrollWidth).toBeLessThanOrEqual(after.clientWidth);

    // The other screens of the day, on the phone and on a desktop, for review.
    const screens = [
      ['dashboard', '/admin/dashboard', 'По дням'],
      ['outbox', '/admin/outbox', 'Записано в журнал (SMTP не настроен)'],
      ['audit', '/admin/audit', 'Изменён статус заказа'],
    ] as const;
    for (const [name, url, shown] of screens) {
      await page.goto(`${shop.url}${url}`);
      await page.getByText(shown).first().waitFor();
      // These pages' wide tables may scroll inside their frames; the page itself does not.
      const phone = await noSidewaysScroll(page, false);
      expect(phone.scrollWidth, name).toBeLessThanOrEqual(phone.clientWidth);
      await page.screenshot({ path: path.join(resultsDir, `owner-day-${name}-phone.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    for (const [name, url, shown] of [
      ['home', '/admin', '1 заказ ждёт звонка'],
      ['orders', '/admin/orders', orders.number],
      ...screens,
    ] as const) {
      await page.goto(`${shop.url}${url}`);
      await page.getByText(shown).first().waitFor();
      await page.screenshot({ path: path.join(resultsDir, `owner-day-${name}-desktop.png`), fullPage: true });
    }
  }, 240_000);
});
