// Editing a product in the back office loses nothing, and its photos come several at a time (issue 39 points 5, 6),
// on a shop of its own with MODERATOR_IDS=1. A price typed and «← Все товары» clicked asks first; «stay» keeps it;
// a reload keeps it as a draft the form offers back; saved, nothing asks any more. Three photos chosen at once are
// uploaded together, the last made the main one with a text, and the shop's product page shows it first with that
// text. Screenshots of the edit page (desktop and phone) are kept in test-results/ for review.
import path from 'node:path';
import type { Dialog, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, logInInBrowser, signUpInBrowser } from './journeys/support.ts';
import { hasBrowser, resultsDir, useBrowser } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const MODERATOR_ID = 1;
const LEAVE_QUESTION = 'Изменения не сохранены. Уйти со страницы и потерять их?';

async function png(colour: string, name: string) {
  const buffer = await sharp({ create: { width: 640, height: 640, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The questions the page asked, answered by `answer` (true: leave). */
function answerDialogs(page: Page, answer: (dialog: Dialog) => boolean) {
  const asked: Array<{ type: string; message: string }> = [];
  const handler = (dialog: Dialog) => {
    asked.push({ type: dialog.type(), message: dialog.message() });
    void (answer(dialog) ? dialog.accept() : dialog.dismiss());
  };
  page.on('dialog', handler);
  return { asked, stop: () => page.off('dialog', handler) };
}

describe.skipIf(!hasBrowser)('a product form that loses nothing, and several photos at once', () => {
  const browser = useBrowser({ width: 1366, height: 900 });
  let shop: RunningShop;
  let productId = 0;
  let productUrl = '';
  let moderator: Customer | undefined;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: String(MODERATOR_ID) });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  /** Each test has a fresh browser: the first one registers the moderator (id 1), the others log in as them. */
  async function signIn(page: Page) {
    if (moderator) {
      await logInInBrowser(page, shop.url, moderator);
      return;
    }
    moderator = await signUpInBrowser(page, shop.url, 'Марина');
    expect(moderator.id).toBe(MODERATOR_ID);
  }

  /** A lavender product found through the back office's own search, opened for editing. */
  async function findProduct(page: Page) {
    if (!productId) {
      await page.goto(`${shop.url}/admin/products?q=${encodeURIComponent('лаванда')}`);
      const href = (await page.locator('a.products-table__name').first().getAttribute('href'))!;
      productId = Number(href.split('/').at(-1));
    }
    await openProduct(page);
    productUrl = (await page.getByRole('link', { name: 'Открыть на сайте' }).getAttribute('href'))!;
  }

  async function openProduct(page: Page) {
    await page.goto(`${shop.url}/admin/products/${productId}`);
    await page.getByRole('button', { name: 'Сохранить', exact: true }).waitFor();
  }

  it('asks before «← Все товары» drops a typed price, and offers it back after a reload', async () => {
    const page = browser.page;
    await signIn(page);
    await findProduct(page);
    const price = page.getByRole('textbox', { name: 'Цена, ₽', exact: true });
    const product = { cena: Number(await price.inputValue()) };
    const typed = String(product.cena + 111);
    await price.fill(typed);
    await page.getByText('Есть несохранённые изменения').waitFor();

    // «← Все товары»: asked; «stay» keeps the page and the typed price.
    const stay = answerDialogs(page, () => false);
    await page.getByRole('link', { name: '← Все товары' }).click();
    await expect.poll(() => stay.asked.length).toBe(1);
    stay.stop();
    expect(stay.asked[0]).toEqual({ type: 'confirm', message: LEAVE_QUESTION });
    expect(new URL(page.url()).pathname).toBe(`/admin/products/${productId}`);
    expect(await price.inputValue()).toBe(typed);

    // A reload (the browser asks too; leave): the form offers the draft back.
    const reload = answerDialogs(page, () => true);
    await page.reload();
    reload.stop();
    // The browser's own «reload?» question, when it shows one (Chromium does after a click on the page).
    expect(reload.asked.every((dialog) => dialog.type === 'beforeunload')).toBe(true);
    await page.getByText(/^Есть несохранённый черновик от \d+ \S+ \d{4} г\. в \d\d:\d\d\.$/).waitFor();
    expect(await price.inputValue()).toBe(String(product.cena));
    await page.screenshot({ path: path.join(resultsDir, 'admin-product-draft-1366.png') });
    await page.getByRole('button', { name: 'Восстановить черновик' }).click();
    expect(await price.inputValue()).toBe(typed);

    // Saved: the draft is gone and leaving asks nothing.
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Изменения сохранены' }).waitFor();
    const none = answerDialogs(page, () => false);
    await page.getByRole('link', { name: '← Все товары' }).click();
    await page.waitForURL(`${shop.url}/admin/products`);
    none.stop();
    expect(none.asked).toEqual([]);
    await openProduct(page);
    expect(await page.getByText(/Есть несохранённый черновик/).count()).toBe(0);
    expect(await price.inputValue()).toBe(typed);
  });

  it('uploads three photos at once, makes the last the main one with a text, and the shop shows it first', async () => {
    const page = browser.page;
    await signIn(page);
    await findProduct(page);
    const photos = page.getByRole('complementary', { name: 'Фото' });
    const items = photos.locator('.product-images__item');
    const before = await items.count();
    await photos
      .locator('input[type="file"]')
      .setInputFiles([
        await png('#c83', 'front.png'),
        await png('#38c', 'side.png'),
        await png('#3c8', 'label.png'),
      ]);
    await photos.getByText('Выбрано: 3 файла').waitFor();
    await photos.getByRole('button', { name: 'Загрузить 3 фото' }).click();
    await photos.getByRole('status').filter({ hasText: 'Добавлено 3 фото' }).waitFor();
    expect(await items.count()).toBe(before + 3);

    const last = items.last();
    await last.getByLabel('Что на фото').fill('Этикетка флакона крупно');
    await last.getByRole('button', { name: 'Сделать главным' }).click();
    expect(await items.first().getByLabel('Что на фото').inputValue()).toBe('Этикетка флакона крупно');
    await items.first().getByText('Главное').waitFor();
    await photos.getByRole('button', { name: 'Сохранить порядок и подписи' }).click();
    await photos.getByRole('status').filter({ hasText: 'Порядок и подписи фото сохранены' }).waitFor();
    await page.screenshot({ path: path.join(resultsDir, 'admin-product-photos-1366.png'), fullPage: true });

    // Kept: after a reload the labelled photo is still first.
    await page.reload();
    await page.getByRole('complementary', { name: 'Фото' }).waitFor();
    expect(await items.first().getByLabel('Что на фото').inputValue()).toBe('Этикетка флакона крупно');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(resultsDir, 'admin-product-edit-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });

    // The shop's product page shows it first, saying what it shows.
    await page.goto(`${shop.url}${productUrl}`);
    await page.getByRole('img', { name: 'Этикетка флакона крупно' }).first().waitFor();
  });
});
