// Issue 35's last seams, as a buyer meets them on a phone and a desktop:
// 1. checkout's first delivery list, before she gave a city, quotes every region's range («от» the cheapest price,
//    the shortest to the longest term of /dostavka's zone columns) — not Moscow's figures for a buyer in Novosibirsk;
// 2. without JavaScript, «В корзину» of a product that sold out meanwhile answers a page in Russian (not a JSON 409),
//    and a signed-in visitor's press lands in her own cart (the one she sees once the scripts run again);
// 3. the header shows each of the shop's phone numbers once.
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
import {
  addToCartFromProductPage,
  cartLinkName,
  checkoutDeliveryLine,
  editProduct,
  type JourneyShop,
  plain,
  productIdOf,
  readDostavkaTable,
  type ShopApi,
  signUpInBrowser,
  signUpModerator,
  startJourneyShop,
} from './support.ts';

const LAVENDER = '/lavanda-uzkolistnaya-10-ml.html';
const DEVICES = [
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['desktop', { viewport: { width: 1366, height: 900 } }],
] as const;
type Device = (typeof DEVICES)[number][1];

interface Range {
  daysMin: number;
  daysMax: number;
  price: number;
}

/** «2–3 дня», «1 день» and the first «250 ₽» of a text, as numbers. */
function readFigures(text: string): Range {
  const term = /(\d+)(?:–(\d+))?\s+(?:день|дня|дней)/.exec(text);
  const price = /(\d[\d\s]*)\s*₽/.exec(text)?.[1]?.replace(/\s/g, '');
  expect(term, `no term in «${text}»`).not.toBeNull();
  expect(price, `no price in «${text}»`).toBeDefined();
  return { daysMin: Number(term![1]), daysMax: Number(term![2] ?? term![1]), price: Number(price) };
}

/** /dostavka's tariff table: a way's figures over every zone column — the cheapest price, the widest term. */
async function readDostavkaRanges(page: Page): Promise<(way: string) => Range> {
  const all = await readDostavkaTable(page);
  const head = all.find((cells) => cells[0] === 'Способ') ?? [];
  const zoneColumns = head
    .map((title, index) => ({ title, index }))
    .filter(({ title, index }) => index > 0 && title !== 'Бесплатно')
    .map(({ index }) => index);
  expect(zoneColumns.length, `zone columns of /dostavka: ${JSON.stringify(head)}`).toBe(3);
  return (way) => {
    const row = all.find((cells) => cells[0] === way);
    expect(row, `/dostavka has no row «${way}»`).toBeDefined();
    const cells = zoneColumns.map((index) => row![index] ?? '').filter((cell) => /₽/.test(cell));
    const figures = cells.map(readFigures);
    return {
      daysMin: Math.min(...figures.map((one) => one.daysMin)),
      daysMax: Math.max(...figures.map((one) => one.daysMax)),
      price: Math.min(...figures.map((one) => one.price)),
    };
  };
}

async function openContext(
  browser: Browser,
  device: Device,
  options: { javaScriptEnabled?: boolean; address?: string; baseURL?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl,
    locale: 'ru-RU',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: { 'x-forwarded-for': options.address ?? visitorAddress() },
    ...device,
  });
  const page = await context.newPage();
  return { context, page: options.javaScriptEnabled === false ? page : waitForAppOnLoads(page) };
}

describe.skipIf(!hasBrowser)('the buyer’s last seams (issue 35)', () => {
  let browser: Browser;
  let shop: JourneyShop;
  let moderator: ShopApi;
  beforeAll(async () => {
    browser = await connectBrowser();
    shop = await startJourneyShop({ MODERATOR_IDS: '1' });
    moderator = await signUpModerator(shop.url);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.dispose();
  });

  for (const [name, device] of DEVICES) {
    it(`on a ${name}: checkout's first delivery list spans every region until the buyer gives an address`, {
      timeout: 120_000,
    }, async () => {
      const { context, page } = await openContext(browser, device);
      try {
        const dostavka = await readDostavkaRanges(page);
        await addToCartFromProductPage(page, LAVENDER);
        await page.goto('/my-cart');
        await page.getByRole('link', { name: 'Оформить заказ' }).click();
        await page.waitForURL('**/checkout/delivery');
        await waitForSettled(page);
        const lines = { 'Почта России': await checkoutDeliveryLine(page, 'Почта России') };
        await page.getByRole('radio', { name: /ПВЗ \| Постамат/ }).check();
        const point = await checkoutDeliveryLine(page, 'Пункт выдачи CDEK');
        await page.screenshot({
          path: path.join(resultsDir, `checkout-first-list-${name}.png`),
          fullPage: true,
        });
        for (const [way, text] of [...Object.entries(lines), ['Пункт выдачи CDEK', point] as const]) {
          const range = dostavka(way);
          // «3–14 дней, от 290 ₽»: from the cheapest region's price, from the nearest to the farthest region's term.
          expect(text, way).toMatch(/от\s/);
          expect(readFigures(text), `${way}: «${text}»`).toEqual(range);
        }
      } finally {
        await context.close();
      }
    });

    it(`on a ${name}, without JavaScript: «В корзину» of a product sold out meanwhile answers a page in Russian`, {
      timeout: 120_000,
    }, async () => {
      const product = name === 'phone' ? '/limon-10-ml.html' : '/myata-perechnaya-10-ml.html';
      const { context, page } = await openContext(browser, device, {
        javaScriptEnabled: false,
        baseURL: shop.url,
      });
      try {
        await page.goto(product);
        // Someone buys the last bottle while the page is open.
        await editProduct(moderator, await productIdOf(shop.url, product), { stock: 0 });
        await page.getByRole('button', { name: 'В корзину', exact: true }).first().click();
        await page.waitForLoadState('load');
        const main = page.getByRole('main');
        await main.waitFor();
        await page.screenshot({ path: path.join(resultsDir, `no-js-sold-out-${name}.png`), fullPage: true });
        // The cart page, saying what happened and what the buyer can do, and no line of the product.
        await main.getByRole('heading', { name: 'Корзина', level: 1 }).waitFor();
        expect(plain(await main.getByRole('alert').textContent())).toBe(
          'Этого товара уже нет в наличии, в корзину он не добавлен. На странице товара можно подписаться на уведомление о поступлении.',
        );
        expect(await main.getByRole('list', { name: 'Товары в корзине' }).count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it(`on a ${name}, signed in and without JavaScript: «В корзину» fills her own cart`, {
      timeout: 120_000,
    }, async () => {
      const address = visitorAddress();
      const live = await openContext(browser, device, { address });
      let plainContext: BrowserContext | null = null;
      try {
        await signUpInBrowser(live.page, baseUrl, 'Вера');
        expect(await cartLinkName(live.page)).toBe('Корзина: пусто');
        // The same browser (its cookies, its address) with the scripts off.
        plainContext = await browser.newContext({
          baseURL: baseUrl,
          locale: 'ru-RU',
          javaScriptEnabled: false,
          extraHTTPHeaders: { 'x-forwarded-for': address },
          storageState: await live.context.storageState(),
          ...device,
        });
        const page = await plainContext.newPage();
        await page.goto(LAVENDER);
        await page.getByRole('button', { name: 'В корзину', exact: true }).first().click();
        await page.waitForURL('**/my-cart');
        await page
          .getByRole('main')
          .getByRole('link', { name: /Лаванда узколистная/ })
          .first()
          .waitFor();
        // Back with the scripts: her account's cart holds the lavender.
        await live.page.goto('/my-cart');
        await waitForSettled(live.page);
        await expect.poll(() => cartLinkName(live.page)).toMatch(/^Корзина: 1 товар, /);
        await live.page
          .getByRole('main')
          .getByRole('link', { name: /Лаванда узколистная/ })
          .first()
          .waitFor();
      } finally {
        await plainContext?.close();
        await live.context.close();
      }
    });

    it(`on a ${name}: the header shows each of the shop's phones once`, async () => {
      const { context, page } = await openContext(browser, device);
      try {
        await page.goto('/');
        await waitForSettled(page);
        const shown: string[] = [];
        for (const link of await page.getByRole('banner').locator('a[href^="tel:"]').all())
          if (await link.isVisible()) shown.push((await link.getAttribute('href')) ?? '');
        await page.screenshot({ path: path.join(resultsDir, `header-phones-${name}.png`) });
        expect(shown.length).toBeGreaterThan(0);
        expect(shown).toEqual([...new Set(shown)]);
      } finally {
        await context.close();
      }
    });
  }
});
