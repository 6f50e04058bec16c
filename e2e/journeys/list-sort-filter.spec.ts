// A buyer sorts, filters and pages the shop's lists (issue 35): after each choice the cards on screen are the new
// answer's — the first card is the cheapest, the oldest, the first by name — without a reload; a filter the buyer set
// shows as a removable chip with «Показаны N из M» above every list it narrows, on a phone and on a desktop.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../support/browser.ts';
import { plain } from './support.ts';

/** Whole roubles of each product card's current price, in screen order. */
function cardPrices(page: Page): Promise<number[]> {
  return page
    .locator('.product-grid .product-card .price__current')
    .allTextContents()
    .then((texts) => texts.map((text) => Number(text.replace(/\D/g, ''))));
}

/** Each product card's address: names repeat across volumes («Лаванда узколистная» 10 and 30 ml). */
function cardLinks(page: Page): Promise<string[]> {
  return page
    .locator('.product-grid .product-card .product-card__link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

function cardNames(page: Page): Promise<string[]> {
  return page
    .locator('.product-grid .product-card')
    .getByRole('heading')
    .allTextContents()
    .then((texts) => texts.map(plain));
}

/** The publication cards' dates (ISO), in screen order. */
function cardDates(page: Page): Promise<string[]> {
  return page
    .locator('.pub-card time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
}

const ascending = (list: number[]) => [...list].sort((a, b) => a - b);
const descending = (list: number[]) => [...list].sort((a, b) => b - a);
const byName = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, 'ru'));

/** How long the screen may take to show the answer to a choice: a page of data over a local connection. */
const SHOWS = { timeout: 6_000, interval: 100 };

/** On a phone the filter panel is behind «Фильтры»: open it to tick a box, as the buyer does. */
async function openProductFilters(page: Page): Promise<void> {
  const toggle = page.locator('.filters__toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false')
    await toggle.click();
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  describe.skipIf(!hasBrowser)(`sorting, filtering and paging lists on a ${device}`, () => {
    const browser = useBrowser(viewport);

    it('shows a category cheapest first, dearest first and by name as soon as the sort is chosen', async () => {
      const { page } = browser;
      await page.goto('/efirnye-masla');
      const unsorted = await cardPrices(page);
      expect(unsorted.length).toBeGreaterThan(4);
      expect(unsorted).not.toEqual(ascending(unsorted));

      await page.getByLabel('Сортировка').selectOption({ label: 'Сначала дешевле' });
      await expect
        .poll(async () => {
          const prices = await cardPrices(page);
          return prices.length > 0 && prices.join() === ascending(prices).join()
            ? 'cheapest first'
            : prices.join(' ');
        }, SHOWS)
        .toBe('cheapest first');
      const cheapest = await cardPrices(page);

      await page.getByLabel('Сортировка').selectOption({ label: 'Сначала дороже' });
      await expect
        .poll(async () => {
          const prices = await cardPrices(page);
          return prices.length > 0 && prices.join() === descending(prices).join()
            ? 'dearest first'
            : prices.join(' ');
        }, SHOWS)
        .toBe('dearest first');
      expect((await cardPrices(page))[0]).toBeGreaterThan(cheapest[0]!);

      await page.getByLabel('Сортировка').selectOption({ label: 'По названию' });
      await expect
        .poll(async () => {
          const names = await cardNames(page);
          return names.length > 0 && names.join() === byName(names).join()
            ? 'by name'
            : names.slice(0, 4).join(' | ');
        }, SHOWS)
        .toBe('by name');
    });

    it('shows the next page of a sorted category when the buyer pages on, and /akcii sorted too', async () => {
      const { page } = browser;
      await page.goto('/efirnye-masla');
      await page.getByLabel('Сортировка').selectOption({ label: 'Сначала дешевле' });
      await expect
        .poll(async () => (await cardPrices(page)).join() === ascending(await cardPrices(page)).join(), SHOWS)
        .toBe(true);
      const firstPage = await cardPrices(page);
      const firstLinks = await cardLinks(page);

      await page
        .getByRole('navigation', { name: 'Страницы' })
        .getByRole('link', { name: '2', exact: true })
        .click();
      await page.waitForURL('**/efirnye-masla?page=2');
      // Page 2 of «cheapest first» starts where page 1 ended and holds other goods.
      await expect
        .poll(async () => (await cardLinks(page)).some((link) => firstLinks.includes(link)), SHOWS)
        .toBe(false);
      const secondPage = await cardPrices(page);
      expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1)!);
      expect(secondPage).toEqual(ascending(secondPage));

      // The sort cookie is the product lists' one: /akcii opens cheapest first, and a new choice shows at once.
      await page.goto('/akcii');
      const offers = await cardPrices(page);
      expect(offers.length).toBeGreaterThan(1);
      expect(offers).toEqual(ascending(offers));
      await page.getByLabel('Сортировка').selectOption({ label: 'Сначала дороже' });
      await expect
        .poll(async () => {
          const prices = await cardPrices(page);
          return prices.length > 1 && prices.join() === descending(prices).join()
            ? 'dearest first'
            : prices.join(' ');
        }, SHOWS)
        .toBe('dearest first');
    });

    it('shows articles, recipes and a section oldest first as soon as the sort is chosen', async () => {
      const { page } = browser;
      for (const address of ['/articles-new.html', '/recept.html', '/razdel/osnovy-aromaterapii']) {
        await page.goto(address);
        const before = await cardDates(page);
        expect(before.length, address).toBeGreaterThan(1);
        await page.getByLabel('Сортировка').selectOption({ label: 'Сначала старые' });
        await expect
          .poll(async () => {
            const dates = await cardDates(page);
            // A section shows its articles, then its recipes: each block oldest first.
            const blocks = await page
              .locator('.pub-grid')
              .evaluateAll((grids) =>
                grids.map((grid) =>
                  Array.from(grid.querySelectorAll('time'), (time) => time.getAttribute('datetime') ?? ''),
                ),
              );
            const sorted = blocks.every((block) => block.join() === [...block].sort().join());
            return dates.length > 0 && sorted ? 'oldest first' : `${address}: ${dates.slice(0, 3).join(' ')}`;
          }, SHOWS)
          .toBe('oldest first');
      }
    });

    it('shows a filter set in one category as a removable chip with «Показаны N из M» in the next one', async () => {
      const { page } = browser;
      await page.goto('/efirnye-masla');
      await openProductFilters(page);
      await page.getByRole('checkbox', { name: /Органик/ }).check();
      const chip = page.getByRole('button', { name: 'Убрать фильтр «Органик»' });
      await chip.waitFor({ timeout: SHOWS.timeout });
      // Every card on screen carries the badge the buyer chose, and the count says how many of all.
      await expect
        .poll(async () => {
          const cards = page.locator('.product-grid .product-card');
          const total = await cards.count();
          const organic = await cards.filter({ has: page.locator('.badge--organic') }).count();
          return total > 0 && organic === total ? `${total}` : `${organic} of ${total} organic`;
        }, SHOWS)
        .toMatch(/^\d+$/);
      const shown = await page.locator('.product-grid .product-card').count();
      expect(plain(await page.locator('.list-summary').textContent())).toMatch(
        new RegExp(`Показан\\S* ${shown} из 35`),
      );

      // The filter follows the buyer into «Гидролаты» (spec §4: one cookie); there it says so above the cards.
      await page.goto('/gidrolaty');
      const summary = page.locator('.list-summary');
      expect(await chip.isVisible()).toBe(true);
      expect(plain(await summary.textContent())).toContain('Показаны 3 из 8');
      expect(await page.locator('.product-grid .product-card').count()).toBe(3);
      expect(await summary.getByRole('button', { name: 'Сбросить' }).isVisible()).toBe(true);

      await chip.click();
      await expect.poll(() => page.locator('.product-grid .product-card').count(), SHOWS).toBe(8);
      expect(await chip.count()).toBe(0);
      expect(await page.locator('.list-summary').count()).toBe(0);
    });

    it('shows a publication filter as a chip above the cards and clears it with «Сбросить»', async () => {
      const { page } = browser;
      await page.goto('/articles-new.html');
      const all = await page.locator('.pub-card').count();
      const toggle = page.locator('.pub-listing__toggle');
      if (await toggle.isVisible()) await toggle.click();
      await page.getByRole('radio', { name: /За год/ }).check();
      const chip = page.getByRole('button', { name: 'Убрать фильтр «За год»' });
      await chip.waitFor({ timeout: SHOWS.timeout });
      if (await toggle.isVisible()) {
        await page.getByRole('button', { name: /^Показать/ }).click();
      }
      expect(await chip.isVisible()).toBe(true);
      const summary = page.locator('.list-summary');
      // The chip shows at once; the count follows when the filtered page data has arrived.
      await expect
        .poll(async () => plain(await summary.textContent()), SHOWS)
        .toMatch(/Показан\S* \d+ из 15/);
      await summary.getByRole('button', { name: 'Сбросить' }).click();
      await expect.poll(() => page.locator('.pub-card').count(), SHOWS).toBe(all);
      expect(await chip.count()).toBe(0);
    });
  });
}
