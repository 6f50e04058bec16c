// The back office's «Массовое изменение» end to end (issue 39.1), on a shop of its own started with MODERATOR_IDS=1:
// the moderator filters «Товары» by a category, asks for −10 %, sees the preview, applies it — and the storefront's
// category page shows the new prices at once. Screenshots of the panel (phone and desktop) and of «Экспорт и импорт»
// are kept in test-results/ for review.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInBrowser } from './journeys/support.ts';
import { hasBrowser, resultsDir, useBrowser } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const MODERATOR_ID = 1;
const CATEGORY_URL = '/efirnye-masla/cvetochnye';
const CATEGORY_NAME = 'Цветочные';

function readRub(text: string | null): number {
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

describe.skipIf(!hasBrowser)('a bulk price change in the back office', () => {
  const browser = useBrowser({ width: 1366, height: 900 });
  let shop: RunningShop;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: String(MODERATOR_ID) });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('−10 % on a category: previewed, applied, and the category page shows the new prices', async () => {
    const page = browser.page;
    expect((await signUpInBrowser(page, shop.url, 'Марина')).id).toBe(MODERATOR_ID);

    // What a shopper sees before: the first card of the category and its price.
    await page.goto(`${shop.url}${CATEGORY_URL}`);
    const card = page.locator('.product-card').first();
    const cardName = (await card.locator('.product-card__link').getAttribute('href')) ?? '';
    const before = readRub(await card.locator('.price__current').textContent());
    expect(before).toBeGreaterThan(0);

    await page.goto(`${shop.url}/admin/products`);
    await page.getByRole('heading', { level: 1, name: 'Товары' }).waitFor();
    const categorySelect = page.getByRole('combobox', { name: /^Категория/ });
    const categoryId = await categorySelect
      .locator('option')
      .filter({ hasText: CATEGORY_NAME })
      .first()
      .getAttribute('value');
    await categorySelect.selectOption(categoryId!);
    await page.waitForURL((url) => url.searchParams.get('category') === categoryId);
    await page.getByText(/^Найдено: /).waitFor();

    await page.getByRole('button', { name: 'Массовое изменение' }).click();
    const panel = page.getByRole('region', { name: 'Массовое изменение' });
    await panel.getByText(/^Все найденные: /).waitFor();
    await panel.getByRole('combobox', { name: 'Как изменить цену' }).selectOption('percent');
    await panel.getByRole('textbox', { name: 'Изменение цены, %' }).fill('-10');
    await panel.getByRole('button', { name: 'Показать изменения' }).click();
    await panel.getByText(/^Будет изменено: /).waitFor();
    await page.screenshot({ path: path.join(resultsDir, 'admin-bulk-preview-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(resultsDir, 'admin-bulk-preview-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });

    await panel.getByRole('button', { name: 'Применить' }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: /^Изменено: / })
      .waitFor();
    // The undo is offered, named by what was done.
    await panel.getByRole('button', { name: /^Отменить «Цена −10\s%»/ }).waitFor();

    await page.goto(`${shop.url}${CATEGORY_URL}`);
    const sameCard = page
      .locator('.product-card')
      .filter({ has: page.locator(`a[href="${cardName}"]`) })
      .first();
    expect(readRub(await sameCard.locator('.price__current').textContent())).toBe(Math.round(before * 0.9));

    await page.goto(`${shop.url}/admin/products/sheets`);
    await page.getByRole('heading', { level: 1, name: 'Экспорт и импорт' }).waitFor();
    await page.screenshot({ path: path.join(resultsDir, 'admin-sheets-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(resultsDir, 'admin-sheets-390.png'), fullPage: true });
  }, 240_000);
});
