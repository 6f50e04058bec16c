// Inlined stylesheets (decision 010): a page lands styled without a stylesheet request, and client-side navigation
// loads each missing sheet once and never the inlined ones again (their disabled links stop Vite's preload helper).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './support/browser.ts';

/** Every stylesheet the page asks for, by path, in order. */
function recordStylesheetRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'stylesheet' || pathname.endsWith('.css')) requested.push(pathname);
  });
  return requested;
}

/**
 * Resolves once no request has been in flight for half a second: a page's chunks, and the stylesheets they bring,
 * load after the heading shows, and the load state does not change on a client-side navigation.
 */
async function settle(page: Page): Promise<void> {
  let pending = 0;
  let quietSince = Date.now();
  const start = () => pending++;
  const end = () => {
    pending--;
    quietSince = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await expect.poll(() => pending <= 0 && Date.now() - quietSince >= 500, { timeout: 15_000 }).toBe(true);
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/** The paths of the stylesheet links that apply (not disabled), one entry per link. */
function enabledStylesheetLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]:not([disabled])')).map(
      (link) => new URL(link.href).pathname,
    ),
  );
}

/** A computed style that only the page's own stylesheet gives the element (the browser's default differs). */
function styleOf(page: Page, selector: string, property: 'display' | 'flexDirection'): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element)[name], property);
}

function duplicates(items: readonly string[]): string[] {
  return [...new Set(items.filter((item, index) => items.indexOf(item) !== index))];
}

describe.skipIf(!hasBrowser)('stylesheets inlined into the server page', () => {
  const browser = useBrowser();

  it('lands on a product page styled without requesting a stylesheet', async () => {
    const { page } = browser;
    const requested = recordStylesheetRequests(page);
    await page.goto('/bergamot-10-ml.html');
    await settle(page);

    expect(requested).toEqual([]);
    // Each inlined sheet keeps a disabled link to its file right after its <style>.
    const inlined = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')).map(
        (link) => ({
          path: new URL(link.href).pathname,
          besideStyle: link.previousElementSibling?.tagName === 'STYLE',
        }),
      ),
    );
    // The entry's sheet and the catalogue's, and no other page's (decision 037: each feature's blocks in its own
    // file, the frame's in the entry).
    const paths = inlined.map((sheet) => sheet.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/index-[\w-]+\.css$/),
        expect.stringMatching(/\/catalog-[\w-]+\.css$/),
      ]),
    );
    expect(
      paths.filter((path) =>
        /\/(home-page|content|cart|checkout|account-page|search-page)-[\w-]+\.css$/.test(path),
      ),
    ).toEqual([]);
    expect(inlined.filter((sheet) => !sheet.besideStyle)).toEqual([]);
    expect(await enabledStylesheetLinks(page)).toEqual([]);
    // The product's two columns come from catalog.css; without it the block is an ordinary div.
    await page.getByRole('heading', { level: 1, name: 'Бергамот' }).waitFor();
    expect(await styleOf(page, '.product', 'display')).toBe('grid');
  });

  it('navigates category → product → articles → article loading each stylesheet once and never an inlined one', async () => {
    const { page } = browser;
    const requested = recordStylesheetRequests(page);
    await page.goto('/bergamot-10-ml.html');
    await settle(page);
    const inlined = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')).map(
        (link) => new URL(link.href).pathname,
      ),
    );
    expect(inlined.length).toBeGreaterThanOrEqual(2);
    // A full page load would lose this mark; a client-side navigation keeps it.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    const expectSheetsLoadedOnce = async (where: string) => {
      await settle(page);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), where).toBe(true);
      expect(duplicates(requested), `${where}: stylesheets requested twice`).toEqual([]);
      expect(
        requested.filter((path) => inlined.includes(path)),
        `${where}: inlined stylesheets requested`,
      ).toEqual([]);
      const enabled = await enabledStylesheetLinks(page);
      expect(duplicates(enabled), `${where}: two enabled links to one stylesheet`).toEqual([]);
      expect(
        enabled.filter((path) => inlined.includes(path)),
        `${where}: an inlined stylesheet linked again`,
      ).toEqual([]);
    };

    await page
      .getByRole('navigation', { name: 'Навигационная цепочка' })
      .getByRole('link', { name: 'Цитрусовые' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Цитрусовые' }).waitFor();
    await expectSheetsLoadedOnce('category');
    // The filters beside the grid come from catalog.css.
    expect(await styleOf(page, '.listing', 'display')).toBe('grid');

    await page.locator('.product-card__link[href="/limon-10-ml.html"]').click();
    await page.getByRole('heading', { level: 1, name: /Лимон/ }).waitFor();
    await expectSheetsLoadedOnce('another product');
    expect(await styleOf(page, '.product', 'display')).toBe('grid');

    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Статьи' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Статьи об эфирных маслах и ароматерапии' }).waitFor();
    await expectSheetsLoadedOnce('articles');
    // Article cards are styled by content.css, the first sheet this visit had to fetch.
    expect(await styleOf(page, '.pub-card', 'display')).toBe('flex');
    expect(requested.filter((path) => /\/content-[\w-]+\.css$/.test(path))).toHaveLength(1);

    const title = 'Эфирные масла для сна: что действительно может помочь';
    await page.getByRole('heading', { level: 2, name: title }).getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expectSheetsLoadedOnce('article');
    expect(await styleOf(page, '.pub-meta', 'flexDirection')).toBe('column');
  });
});
