// Shopping paths through the catalogue: menu → category → filter kept in a cookie → product; header search.
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './support/browser.ts';

describe.skipIf(!hasBrowser)('catalogue on a desktop', () => {
  const browser = useBrowser();

  it('goes from the mega-menu to a category, filters it, keeps the filter after reload and opens a product', async () => {
    const { page, context } = browser;
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Основное меню' });
    await menu.getByRole('link', { name: 'Каталог', exact: true }).hover();
    await menu.getByRole('link', { name: 'Цитрусовые' }).click();
    await page.waitForURL('**/efirnye-masla/citrusovye');
    await page.getByRole('heading', { level: 1, name: 'Цитрусовые' }).waitFor();
    const cardsBefore = await page.locator('.product-card').count();
    expect(cardsBefore).toBeGreaterThan(1);

    await page.getByRole('radio', { name: /Только в наличии/ }).check();
    await page.waitForFunction(
      (before) => document.querySelectorAll('.product-card').length < before,
      cardsBefore,
    );
    const cookie = (await context.cookies()).find((item) => item.name === 'filter_product');
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({ icons: [], anywhere: 1 });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86_400);
    const filteredCount = await page.locator('.product-card').count();
    expect(await page.getByText('Нет в наличии').count()).toBe(0);

    await page.reload();
    expect(await page.getByRole('radio', { name: /Только в наличии/ }).isChecked()).toBe(true);
    expect(await page.locator('.product-card').count()).toBe(filteredCount);

    await page.getByRole('radio', { name: /Все товары/ }).check();
    await page.waitForFunction(
      (count) => document.querySelectorAll('.product-card').length > count,
      filteredCount,
    );
    expect((await context.cookies()).some((item) => item.name === 'filter_product')).toBe(false);

    const first = page.locator('.product-card').first();
    const name = (await first.getByRole('heading').textContent())!.trim();
    await first.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.title()).toContain(name);
  });

  it('suggests names while typing in the header search, even typed before the hints code arrived', async () => {
    const { page } = browser;
    await page.goto('/');
    const box = page
      .getByRole('search')
      .getByRole('combobox')
      .or(page.getByRole('search').getByRole('searchbox'));
    await box.first().pressSequentially('лаван');
    const hints = page.getByRole('listbox');
    await hints
      .getByRole('option', { name: /Лаванда/ })
      .first()
      .waitFor();
    await box.first().press('ArrowDown');
    await box.first().press('Enter');
    await page.waitForURL(/\/(?!search)[^?]+$/);
    await page.getByRole('heading', { level: 1, name: /лаванд/i }).waitFor();
  });

  it('finds «лаванда» typed on the wrong keyboard layout from the header search', async () => {
    const { page } = browser;
    await page.goto('/');
    const search = page
      .getByRole('search')
      .getByRole('combobox')
      .or(page.getByRole('search').getByRole('searchbox'));
    await search.first().fill('kfdfylf');
    await search.first().press('Enter');
    await page.waitForURL('**/search?q=kfdfylf');
    await page
      .getByRole('link', { name: /Лаванда узколистная/ })
      .first()
      .waitFor();
  });
});

describe.skipIf(!hasBrowser)('home slider on a phone', () => {
  const browser = useBrowser({ width: 375, height: 812 });

  it('changes slides with the dots and by a swipe', async () => {
    const { page } = browser;
    await page.goto('/');
    const dots = page.getByRole('button', { name: /^Слайд \d+ из \d+$/ });
    const count = await dots.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: 'Остановить автопрокрутку' }).click();
    await dots.nth(1).click();
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('true');
    // A swipe to the left moves on by one.
    const box = (await page.locator('.slider__viewport').first().boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[aria-label^="Слайд "]')).findIndex(
          (dot) => dot.getAttribute('aria-current') === 'true',
        ) === 2,
    );
  });
});
