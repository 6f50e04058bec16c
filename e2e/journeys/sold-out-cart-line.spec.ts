// Nothing a buyer chose vanishes on its own: a guest puts lemon and lavender oil in the cart, the lemon sells out
// (the moderator sets its stock to 0), and the cart page still shows it — named, «Нет в наличии», outside the total —
// with «Убрать из корзины» where «Оформить заказ» was; once it is removed, the order can be placed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../support/browser.ts';
import {
  addToCartFromProductPage,
  cartLinkName,
  editProduct,
  type JourneyShop,
  plain,
  productIdOf,
  rub,
  type ShopApi,
  signUpModerator,
  startJourneyShop,
} from './support.ts';

const LEMON = '/limon-10-ml.html';
const LAVENDER = '/lavanda-uzkolistnaya-10-ml.html';

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  describe.skipIf(!hasBrowser)(`a cart line whose product sold out (${device})`, () => {
    const browser = useBrowser(viewport);
    let shop: JourneyShop;
    let moderator: ShopApi;

    beforeAll(async () => {
      shop = await startJourneyShop({ MODERATOR_IDS: '1' });
      moderator = await signUpModerator(shop.url);
    });
    afterAll(async () => {
      await shop?.dispose();
    });

    it('stays in the cart, named, until the buyer removes it; then the order can be placed', async () => {
      const { page } = browser;
      await addToCartFromProductPage(page, `${shop.url}${LEMON}`);
      const lavenderPrice = await addToCartFromProductPage(page, `${shop.url}${LAVENDER}`);

      // Someone else buys the last bottle of lemon oil.
      await editProduct(moderator, await productIdOf(shop.url, LEMON), { stock: 0 });

      await page.goto(`${shop.url}/my-cart`);
      const soldOut = page.getByRole('region', { name: 'Нет в наличии' });
      await soldOut.waitFor();
      const lemonLine = soldOut.getByRole('listitem').filter({ hasText: 'Лимон' });
      expect(plain(await lemonLine.locator('.cart-line__stock').textContent())).toBe('Нет в наличии · 1 шт.');
      // The total is what can be bought: the lavender alone, and the header says so too.
      expect(plain(await page.locator('.cart-totals__total dd').textContent())).toBe(rub(lavenderPrice));
      expect(await cartLinkName(page)).toBe(`Корзина: 1 товар, ${rub(lavenderPrice)}`);
      // No way to an order that would silently leave the lemon out.
      expect(await page.getByRole('link', { name: 'Оформить заказ' }).count()).toBe(0);
      await page
        .getByText('В корзине товар, которого нет в наличии. Уберите его, чтобы оформить заказ.')
        .waitFor();

      // A reload does not drop it either.
      await page.reload();
      await soldOut.getByRole('listitem').filter({ hasText: 'Лимон' }).waitFor();

      await page.getByRole('button', { name: 'Убрать из корзины' }).click();
      await page.getByRole('link', { name: 'Оформить заказ' }).waitFor();
      expect(await soldOut.count()).toBe(0);
      expect(
        await page.getByRole('list', { name: 'Товары в корзине' }).getByRole('listitem').allTextContents(),
      ).toEqual([expect.stringContaining('Лаванда узколистная')]);
    });
  });
}
