// The shop on a 375 px phone: nothing overflows, the drawer menu works, a screenshot is kept for review.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasBrowser, resultsDir, useBrowser } from './support/browser.ts';

describe.skipIf(!hasBrowser)('on a 375 px phone', () => {
  const browser = useBrowser({ width: 375, height: 812 });

  it('fits the home page in the width and keeps a screenshot', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.waitForLoadState('networkidle');
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
});
