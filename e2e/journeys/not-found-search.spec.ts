// Journey (issue 35, points 11 and 12): a visitor lands on a missing address, finds the product from the 404 page's
// search box by the English name they know («tea tree») — also with scripts off, as the box is a plain GET form —
// or goes to a catalogue section listed there; a Latin name finds the product too, and the search page quotes the
// corrected query with Russian «» quotes. On a phone and on a desktop.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, hasBrowser, resultsDir, useBrowser, visitorAddress } from '../support/browser.ts';
import { plain } from './support.ts';

function journey(viewport: { width: number; height: number }, label: string) {
  const browser = useBrowser(viewport);

  it('the 404 page searches «tea tree» and lists the catalogue’s sections', {
    timeout: 120_000,
  }, async () => {
    const { page } = browser;
    const response = await page.goto('/takoi-stranicy-net');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Страница не найдена' }).waitFor();
    const sections = page.getByRole('navigation', { name: 'Разделы каталога' });
    await sections.getByRole('link', { name: 'Эфирные масла' }).waitFor();
    expect(await sections.getByRole('link').count()).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: path.join(resultsDir, `not-found-${label}.png`), fullPage: true });

    const search = page.getByRole('search', { name: 'Поиск по магазину на странице 404' });
    await search.getByRole('searchbox').fill('tea tree');
    await search.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'tea tree');
    const products = page.getByRole('region', { name: /Товары/ });
    await products
      .getByRole('link', { name: /Чайное дерево/ })
      .first()
      .waitFor();

    // A section from the 404 page opens.
    await page.goBack();
    await page
      .getByRole('navigation', { name: 'Разделы каталога' })
      .getByRole('link', { name: 'Эфирные масла' })
      .click();
    await page.waitForURL('**/efirnye-masla**');
  });

  it('the 404 page’s search works with scripts off', { timeout: 120_000 }, async () => {
    const context = await browser.context.browser()!.newContext({
      viewport,
      baseURL: baseUrl,
      locale: 'ru-RU',
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
    });
    try {
      const page = await context.newPage();
      await page.goto('/takoi-stranicy-net');
      const search = page.getByRole('search', { name: 'Поиск по магазину на странице 404' });
      await search.getByRole('searchbox').fill('lavender');
      await search.getByRole('button', { name: 'Найти' }).click();
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'lavender');
      await page
        .getByRole('link', { name: /Лаванда узколистная/ })
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('Latin names find the product; a corrected query is quoted with «»', { timeout: 120_000 }, async () => {
    const { page } = browser;
    await page.goto(`/search?q=${encodeURIComponent('Melaleuca alternifolia')}`);
    await page
      .getByRole('link', { name: /Чайное дерево/ })
      .first()
      .waitFor();
    await page.goto(`/search?q=${encodeURIComponent('Lavandula angustifolia')}`);
    await page
      .getByRole('link', { name: /Лаванда узколистная/ })
      .first()
      .waitFor();
    await page.goto('/search?q=kfdfylf');
    const corrected = page.getByText(/Показаны результаты для/);
    expect(plain(await corrected.textContent())).toBe('Показаны результаты для «лаванда»');
  });
}

describe.skipIf(!hasBrowser)('journey: 404 and search, on a phone (390×844)', () => {
  journey({ width: 390, height: 844 }, 'phone');
});

describe.skipIf(!hasBrowser)('journey: 404 and search, on a desktop (1366×900)', () => {
  journey({ width: 1366, height: 900 }, 'desktop');
});
