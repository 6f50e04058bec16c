// Journey 3 (issue 16): a customer asks to be told when a sold-out oil comes back; a moderator restocks it in the
// back office; the customer's waitlist says «Снова в наличии», the product page says «В наличии» and sells it, and
// exactly one back-in-stock letter went out (read from the shop's outbox table after the shop stops).
import { formatDateLong } from '@efir/domain/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../support/browser.ts';
import {
  accessibleName,
  editProduct,
  type JourneyShop,
  plain,
  productIdOf,
  readOutbox,
  rub,
  type ShopApi,
  signUpInBrowser,
  signUpModerator,
  startJourneyShop,
} from './support.ts';

const BERGAMOT = '/bergamot-10-ml.html';

describe.skipIf(!hasBrowser)('journey: the waitlist of a sold-out oil', () => {
  const browser = useBrowser();
  let shop: JourneyShop;
  let moderator: ShopApi;

  beforeAll(async () => {
    shop = await startJourneyShop({ MODERATOR_IDS: '1' });
    moderator = await signUpModerator(shop.url);
  });
  afterAll(async () => {
    await shop?.dispose();
  });

  it('waits for bergamot, hears it is back once, and can buy it', async () => {
    const { page } = browser;
    const customer = await signUpInBrowser(page, shop.url, 'Вера');

    // Bergamot is sold out: no «В корзину», a bell button instead.
    await page.goto(`${shop.url}${BERGAMOT}`);
    await page.getByRole('heading', { level: 1, name: /Бергамот/ }).waitFor();
    const buyBox = page.locator('.buy-box');
    expect(plain(await buyBox.locator('.price__current').textContent())).toBe(rub(450));
    await buyBox.getByText('Нет в наличии', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'В корзину', exact: true }).count()).toBe(0);
    await buyBox.getByText('Напишем на почту, как только товар появится.').waitFor();

    // «Сообщить о поступлении»: the shop confirms where it will write, and the button stays pressed.
    await page.getByRole('button', { name: 'Сообщить о поступлении' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Сообщим о поступлении' });
    await notice.getByText(`Напишем на ${customer.email}, как только товар появится.`).waitFor();
    const waiting = page.getByRole('button', { name: 'В листе ожидания' });
    await waiting.waitFor();
    expect(await waiting.getAttribute('aria-pressed')).toBe('true');
    await buyBox.getByText('Напишем, когда товар появится. Передумали — нажмите кнопку ещё раз.').waitFor();

    // The waitlist in the account has it, still waiting.
    await page.goto(`${shop.url}/my-waitlist`);
    await page.getByRole('heading', { level: 1, name: 'Лист ожидания' }).waitFor();
    const entry = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Бергамот/ }) });
    await entry.getByText('Ждём поступления').waitFor();
    await entry.getByText(`В листе ожидания с ${formatDateLong(new Date())}`).waitFor();
    expect(await entry.getByRole('link', { name: 'К товару' }).count()).toBe(0);

    // The moderator receives 12 bottles: the stock goes from 0 to 12 in the back office.
    const bergamotId = await productIdOf(shop.url, BERGAMOT);
    const restocked = await editProduct(moderator, bergamotId, { stock: 12 });
    expect(restocked.message).toBe('Товар сохранён');
    expect(restocked.product.stock).toBe(12);
    // A second delivery the same day: the item was already buyable, nobody is written to again.
    await editProduct(moderator, bergamotId, { stock: 20 });

    // The waitlist now says it is back and that the letter went out; the entry stays until the customer drops it.
    await page.reload();
    await entry.getByText('Снова в наличии — успейте заказать').waitFor();
    expect(plain(await entry.locator('.waitlist-item__since').textContent())).toBe(
      `В листе ожидания с ${formatDateLong(new Date())}; письмо отправлено ${formatDateLong(new Date())}`,
    );

    // «К товару»: the product page shows it in stock to this customer, and sells it.
    await entry.getByRole('link', { name: 'К товару' }).click();
    await page.waitForURL(`**${BERGAMOT}`);
    await buyBox.getByText('В наличии', { exact: true }).waitFor();
    expect(await buyBox.getByText('Нет в наличии').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Сообщить о поступлении|В листе ожидания/ }).count()).toBe(
      0,
    );
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Добавлено в корзину' }).last().waitFor();
    await expect
      .poll(async () => accessibleName(page.getByRole('link', { name: /^Корзина: / })))
      .toBe(`Корзина: 1 товар, ${rub(450)}`);

    // Done waiting: «Больше не жду» empties the list.
    await page.goto(`${shop.url}/my-waitlist`);
    await entry.getByRole('button', { name: /Больше не жду/ }).click();
    await page.getByText('Лист ожидания пуст').waitFor();

    // The outbox: besides the welcome letter, one back-in-stock letter (not two, for two deliveries), with the
    // product's link and the waitlist's.
    const letters = (await readOutbox(shop)).filter((letter) => letter.to === customer.email);
    expect(letters.map((letter) => letter.subject)).toEqual([
      'Добро пожаловать в «Эфир»',
      '«Бергамот, 10 мл» снова в наличии',
    ]);
    const backInStock = letters[1]!.text;
    expect(backInStock).toContain('Здравствуйте, Вера!');
    expect(backInStock).toContain('Товар, который вы ждали, снова в продаже: Бергамот, 10 мл.');
    expect(backInStock).toContain(`${shop.url}${BERGAMOT}`);
    expect(backInStock).toContain(`${shop.url}/my-waitlist`);
  });
});
