// The shop on a 375 px phone: nothing overflows, the drawer menu works, a message popup closes by itself, a
// screenshot is kept for review; on tablet widths the menu toggle slides out the catalogue on hover (spec §9).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasBrowser, resultsDir, useBrowser, waitForSettled } from './support/browser.ts';

describe.skipIf(!hasBrowser)('on a 375 px phone', () => {
  const browser = useBrowser({ width: 375, height: 812 });

  it('fits the home page in the width and keeps a screenshot', async () => {
    const { page } = browser;
    await page.goto('/');
    await waitForSettled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(resultsDir, 'home-375.png'), fullPage: true });
  });

  it('opens the drawer and drills into a category', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await drawer.getByRole('tab', { name: 'Каталог' }).click();
    await drawer.getByRole('button', { name: 'Эфирные масла' }).click();
    await drawer.getByRole('link', { name: 'Все товары категории' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'Цитрусовые' }).isVisible()).toBe(true);
    await drawer.getByRole('tab', { name: 'Меню' }).click();
    await drawer.getByRole('link', { name: 'Доставка и оплата' }).click();
    await page.waitForURL('**/dostavka.html');
    await page.getByRole('dialog', { name: 'Меню' }).waitFor({ state: 'detached', timeout: 2000 });
  });

  it('closes the drawer with a short slide-out, not at once (spec §4)', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('dialog', { name: 'Меню' }).waitFor();
    // The × in the panel's head (the backdrop's centre lies under the panel on a phone).
    await page.locator('.mobile-menu__head').getByRole('button', { name: 'Закрыть меню' }).click();
    // Still on screen, sliding out and out of reach (no clicks, hidden from assistive tech), then gone.
    await page
      .locator('.mobile-menu--closing[aria-hidden="true"]')
      .waitFor({ state: 'attached', timeout: 1000 });
    expect(await page.getByRole('dialog', { name: 'Меню' }).count()).toBe(0);
    await page.locator('.mobile-menu').waitFor({ state: 'detached', timeout: 2000 });
  });

  it('shows a message popup and closes it by itself a few seconds later (spec §4)', async () => {
    const { page } = browser;
    await page.goto('/lavanda-uzkolistnaya-10-ml.html');
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    const popup = page.getByRole('status').filter({ hasText: 'Добавлено в корзину' });
    await popup.waitFor();
    const shownAt = Date.now();
    await popup.waitFor({ state: 'detached', timeout: 10_000 });
    const shownForMs = Date.now() - shownAt;
    expect(shownForMs).toBeGreaterThan(4_000);
    expect(shownForMs).toBeLessThan(8_000);
  });
});

describe.skipIf(!hasBrowser)('the catalogue beside the menu toggle (spec §9)', () => {
  const browser = useBrowser({ width: 700, height: 900 });

  it('slides out on hover at 561–780 px on the home page, and at every toggle width on other pages', async () => {
    const { page } = browser;
    const toggle = page.getByRole('button', { name: 'Открыть меню' });
    const panel = page.locator('.catalog-peek');
    async function shownOnHoverAt(width: number): Promise<boolean> {
      await page.setViewportSize({ width, height: 900 });
      await page.mouse.move(width - 10, 890);
      await toggle.hover();
      return panel.isVisible();
    }

    await page.goto('/');
    expect(await shownOnHoverAt(561)).toBe(true);
    expect(await shownOnHoverAt(700)).toBe(true);
    expect(await shownOnHoverAt(780)).toBe(true);
    expect(await shownOnHoverAt(560)).toBe(false);
    expect(await shownOnHoverAt(781)).toBe(false);
    expect(await shownOnHoverAt(900)).toBe(false);

    await page.goto('/catalog.html');
    for (const width of [375, 560, 700, 781, 900]) {
      expect(await shownOnHoverAt(width), `${width} px`).toBe(true);
    }
    expect(await panel.getByRole('link', { name: 'Эфирные масла', exact: true }).isVisible()).toBe(true);
  });
});
