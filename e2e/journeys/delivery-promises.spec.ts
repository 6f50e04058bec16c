// Journey (issue 35, point 6): a buyer in Moscow reads the same delivery figures — term and price — on the product
// page, on /dostavka (the column of her region) and at checkout (whose first list, before an address, spans the
// zones: «от» the Moscow price), for the courier, the pickup point, the parcel lockers and the post; and /dostavka tells her to pick the point the way checkout offers it (a list, no map).
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  connectBrowser,
  hasBrowser,
  resultsDir,
  visitorAddress,
  waitForAppOnLoads,
  waitForSettled,
} from '../support/browser.ts';
import { addToCartFromProductPage, checkoutDeliveryLine, plain, readDostavkaTable } from './support.ts';

const LAVENDER = '/lavanda-uzkolistnaya-10-ml.html';
const MOSCOW_COLUMN = 'Москва, Санкт-Петербург и их области';

/** «2–3 дня» and «250 ₽» out of any wording around them («от», «бесплатно от …» left aside). */
interface Figures {
  term: string;
  price: string;
}
function figures(text: string): Figures {
  const term = /(\d+(?:–\d+)?)\s+(?:день|дня|дней)/.exec(text)?.[0] ?? `(no term in «${text}»)`;
  const price = /(\d[\d\s]*)\s*₽/.exec(text)?.[1]?.replace(/\s/g, '') ?? `(no price in «${text}»)`;
  return { term, price };
}

async function openContext(
  browser: Browser,
  phone: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'ru-RU',
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
    ...(phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1366, height: 900 } }),
  });
  return { context, page: waitForAppOnLoads(await context.newPage()) };
}

/** The product page's estimate for Moscow: «Курьером» and «В пункт выдачи», each naming its way. */
async function readProductPage(page: Page): Promise<Record<'courier' | 'pickup', { way: string } & Figures>> {
  await page.goto(LAVENDER);
  const estimate = page.getByRole('region', { name: 'Доставка' });
  await estimate.getByText('Доставка в Москву').waitFor();
  await waitForSettled(page);
  const line = async (label: string) => {
    const text = plain(
      await estimate
        .locator('div', { has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .textContent(),
    );
    const way = /^(.+?):\s/.exec(text)?.[1];
    expect(way, `the product page's «${label}» line does not name its way: «${text}»`).toBeDefined();
    return { way: way!, ...figures(text) };
  };
  await estimate.scrollIntoViewIfNeeded();
  return { courier: await line('Курьером'), pickup: await line('В пункт выдачи') };
}

/** /dostavka's tariff table: a way's cell in the Moscow region's column. */
async function readDostavka(page: Page): Promise<(way: string) => Figures> {
  const all = await readDostavkaTable(page);
  const head = all.find((cells) => cells[0] === 'Способ') ?? [];
  const column = head.indexOf(MOSCOW_COLUMN);
  expect(
    column,
    `/dostavka has no column «${MOSCOW_COLUMN}»; its table head: ${JSON.stringify(head)}`,
  ).toBeGreaterThan(0);
  return (way) => {
    const row = all.find((cells) => cells[0] === way);
    expect(row, `/dostavka has no row «${way}»`).toBeDefined();
    return figures(row![column] ?? '');
  };
}

/** Checkout's «Доставка» step: a way's line (a method, or a kind of the chosen method). */
async function checkoutLine(page: Page, title: string): Promise<Figures> {
  return figures(await checkoutDeliveryLine(page, title));
}

describe.skipIf(!hasBrowser)('journey: the same delivery figures everywhere', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const phone of [false, true]) {
    const device = phone ? 'phone' : 'desktop';
    it(`on a ${device}: product page, /dostavka and checkout agree for Moscow`, {
      timeout: 180_000,
    }, async () => {
      const { context, page } = await openContext(browser, phone);
      try {
        const product = await readProductPage(page);
        await page.screenshot({ path: path.join(resultsDir, `delivery-estimate-${device}.png`) });
        const dostavka = await readDostavka(page);
        await page.getByRole('heading', { name: 'Способы доставки' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(resultsDir, `dostavka-table-${device}.png`) });
        // The point is chosen as checkout offers it: from a list, not «на карте».
        const text = plain(await page.locator('.static-page').textContent());
        expect(text).not.toMatch(/на карте/);
        expect(text).toMatch(/из списка/);

        await addToCartFromProductPage(page, LAVENDER);
        await page.goto('/my-cart');
        await page.getByRole('link', { name: 'Оформить заказ' }).click();
        await page.waitForURL('**/checkout/delivery');
        const checkout = {
          courier: await checkoutLine(page, 'Доставка курьером (Москва)'),
          post: await checkoutLine(page, 'Почта России'),
          fivePost: await checkoutLine(page, 'Постаматы 5Post'),
        };
        await page.getByRole('radio', { name: /ПВЗ \| Постамат/ }).check();
        const cdekPoint = await checkoutLine(page, 'Пункт выдачи CDEK');
        await page.screenshot({
          path: path.join(resultsDir, `checkout-delivery-${device}.png`),
          fullPage: true,
        });

        // Product page = checkout = /dostavka, way by way, where a way costs the same in every zone (Moscow's
        // courier, 5Post). The ways whose figures differ by zone (the post, CDEK's point) are quoted at checkout,
        // before the buyer gave an address, as a range over the zones: buyer-last-seams.spec.ts reads those.
        expect(product.courier).toEqual({ way: 'Курьер по Москве', ...checkout.courier });
        expect(dostavka('Курьер по Москве')).toEqual(checkout.courier);
        expect({ term: product.pickup.term, price: product.pickup.price }).toEqual(
          dostavka(product.pickup.way),
        );
        if (product.pickup.way === 'Постаматы 5Post')
          expect(checkout.fivePost).toEqual(dostavka('Постаматы 5Post'));
        expect(dostavka('Пункт выдачи CDEK').price).toBe(cdekPoint.price);
        expect(dostavka('Почта России').price).toBe(checkout.post.price);
        expect(dostavka('Постаматы 5Post')).toEqual(checkout.fivePost);
      } finally {
        await context.close();
      }
    });
  }
});
