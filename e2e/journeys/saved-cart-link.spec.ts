// Journey 4 (issue 16): a customer fills a cart and saves it as a link; a moderator then raises the price of one of
// its oils; another customer, in a browser of their own, opens the link and sees — and takes into the cart — the
// goods at today's prices, with the exact total in roubles.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser, waitForAppOnLoads } from '../support/browser.ts';
import {
  addToCartFromProductPage,
  cartLink,
  cartLinkName,
  editProduct,
  type JourneyShop,
  plain,
  productIdOf,
  rub,
  type ShopApi,
  signUpInBrowser,
  signUpModerator,
  startJourneyShop,
} from './support.ts';

const LAVENDER = '/lavanda-uzkolistnaya-10-ml.html';
const GERANIUM = '/geran-10-ml.html';

describe.skipIf(!hasBrowser)('journey: a saved cart shared by its link', () => {
  const browser = useBrowser();
  let shop: JourneyShop;
  let moderator: ShopApi;
  let friendContext: BrowserContext | undefined;

  beforeAll(async () => {
    shop = await startJourneyShop({ MODERATOR_IDS: '1' });
    moderator = await signUpModerator(shop.url);
  });
  afterEach(async () => {
    await friendContext?.close();
  });
  afterAll(async () => {
    await shop?.dispose();
  });

  it('restores the lines for another customer at the prices of the day it is opened', async () => {
    const { page } = browser;
    await signUpInBrowser(page, shop.url, 'Ирина');

    // Ирина's cart: two lavenders and a geranium, 2 × 490 + 620 = 1 600 ₽.
    const lavenderThen = await addToCartFromProductPage(page, `${shop.url}${LAVENDER}`);
    const geranium = await addToCartFromProductPage(page, `${shop.url}${GERANIUM}`);
    expect([lavenderThen, geranium]).toEqual([490, 620]);
    await cartLink(page).click();
    await page.waitForURL('**/my-cart');
    const lines = page.getByRole('list', { name: 'Товары в корзине' });
    const lavenderLine = lines.getByRole('listitem').filter({ hasText: 'Лаванда узколистная' });
    await lavenderLine.getByRole('button', { name: 'Добавить ещё одну' }).click();
    await expect
      .poll(async () => plain(await lavenderLine.locator('.cart-line__sum').textContent()))
      .toBe(rub(980));
    await expect.poll(() => cartLinkName(page)).toBe(`Корзина: 3 товара, ${rub(1600)}`);
    expect(plain(await page.locator('.cart-totals__total dd').textContent())).toBe(rub(1600));

    // «Сохранить корзину»: the goods leave the cart and wait behind a link.
    await page.getByRole('button', { name: 'Сохранить корзину' }).click();
    const saved = page.getByRole('region', { name: 'Корзина сохранена' });
    await saved
      .getByText('Товары убраны из корзины и ждут по ссылке: откройте её позже или отправьте другу.')
      .waitFor();
    const link = await saved.getByRole('textbox', { name: 'Ссылка на сохранённую корзину' }).inputValue();
    expect(link).toMatch(new RegExp(`^${shop.url}/saved/[A-Za-z0-9_-]{16,}$`));
    await expect.poll(() => cartLinkName(page)).toBe('Корзина: пусто');

    // Meanwhile lavender gets dearer: 490 → 530 ₽ in the back office.
    const changed = await editProduct(moderator, await productIdOf(shop.url, LAVENDER), { cena: 530 });
    expect(changed.product.cena).toBe(530);

    // Олег, in a browser of his own, opens the link Ирина sent him.
    friendContext = await (browser.context.browser() as Browser).newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'ru-RU',
    });
    const friend = waitForAppOnLoads(await friendContext.newPage());
    await signUpInBrowser(friend, shop.url, 'Олег');
    await friend.goto(link);
    await friend.getByRole('heading', { level: 1, name: 'Сохранённая корзина' }).waitFor();
    expect(plain(await friend.locator('.saved-cart__meta').textContent())).toMatch(/· 3 товара$/);
    const savedLines = friend.getByRole('list', { name: 'Товары сохранённой корзины' });
    const savedLavender = savedLines.getByRole('listitem').filter({ hasText: 'Лаванда узколистная' });
    const savedGeranium = savedLines.getByRole('listitem').filter({ hasText: 'Герань розовая' });
    expect(plain(await savedLavender.locator('.cart-line__unit').textContent())).toBe(`${rub(530)} / шт.`);
    expect(plain(await savedLavender.locator('.cart-line__controls').textContent())).toBe(
      `2 шт.${rub(1060)}`,
    );
    expect(plain(await savedGeranium.locator('.cart-line__unit').textContent())).toBe(`${rub(620)} / шт.`);
    expect(plain(await savedGeranium.locator('.cart-line__controls').textContent())).toBe(`1 шт.${rub(620)}`);
    expect(plain(await friend.locator('.saved-cart__total').textContent())).toBe(
      `Итого по ценам каталога${rub(1680)}`,
    );

    // «Заменить корзину»: his cart is now these lines, priced today: 2 × 530 + 620 = 1 680 ₽.
    await friend.getByRole('button', { name: 'Заменить корзину' }).click();
    await friend.waitForURL('**/my-cart');
    await friend.getByRole('status').filter({ hasText: 'Корзина заменена' }).waitFor();
    const cartLines = friend.getByRole('list', { name: 'Товары в корзине' });
    const cartLavender = cartLines.getByRole('listitem').filter({ hasText: 'Лаванда узколистная' });
    const cartGeranium = cartLines.getByRole('listitem').filter({ hasText: 'Герань розовая' });
    await cartLavender.waitFor();
    expect(plain(await cartLavender.locator('.cart-line__unit').textContent())).toBe(`${rub(530)} / шт.`);
    expect(plain(await cartLavender.locator('.cart-line__sum').textContent())).toBe(rub(1060));
    expect(plain(await cartGeranium.locator('.cart-line__sum').textContent())).toBe(rub(620));
    expect(await cartLines.getByRole('listitem').count()).toBe(2);
    expect(plain(await friend.locator('.cart-totals__total dd').textContent())).toBe(rub(1680));
    await expect.poll(() => cartLinkName(friend)).toBe(`Корзина: 3 товара, ${rub(1680)}`);

    // Ирина's own cart stays empty: the link gave Олег a copy, not her goods back.
    await page.reload();
    await expect.poll(() => cartLinkName(page)).toBe('Корзина: пусто');
  });
});
