// Journey 6 (issue 16), spec §4 «Logout clears the cart checkout data, addresses and pickup points, and resets the
// user»: a customer with a saved address and pickup point logs in, goes through the checkout steps with a new
// courier address, a CDEK point, card payment and her surname and phone, and logs out. The next visitor of the same
// browser (same context, same tab) finds the guest header and none of it: not in the checkout steps, not in
// localStorage, sessionStorage or the cookies.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, hasBrowser, useBrowser } from '../support/browser.ts';
import {
  addToCartFromProductPage,
  type Customer,
  cartLink,
  cartLinkName,
  logInInBrowser,
  logOutFromHeader,
  PASSWORD,
  plain,
  rub,
  ShopApi,
} from './support.ts';

const LAVENDER = '/lavanda-uzkolistnaya-10-ml.html';
const GERANIUM = '/geran-10-ml.html';
const SAVED_ADDRESS = { city: 'Москва', street: 'ул. Тверская', house: '12', flat: '34', zip: '125009' };
const SAVED_POINT = {
  code: 'MSK487',
  type: 7,
  name: 'На Бауманской',
  address: 'Москва, ул. Бауманская, 33/2, стр. 1',
};

/** Everything this browser keeps for the shop: both storages and the cookies, as one searchable text. */
async function browserStorage(page: Page): Promise<{ text: string; cookies: string[] }> {
  const storages = await page.evaluate(() => {
    const dump = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, index) => storage.key(index)!).map((key) => [
          key,
          storage.getItem(key),
        ]),
      );
    return { local: dump(localStorage), session: dump(sessionStorage) };
  });
  const cookies = await page.context().cookies();
  return {
    text: JSON.stringify({ ...storages, cookies: cookies.map((cookie) => [cookie.name, cookie.value]) }),
    cookies: cookies.map((cookie) => cookie.name).sort(),
  };
}

/** A customer who has ordered before: an address and a CDEK point are saved in her account (API fixture). */
async function returningCustomer(): Promise<Customer> {
  const api = new ShopApi(baseUrl);
  await api.register('Мария', 'maria');
  await api.send('POST', `/v1/user/${api.id}/address`, { ...SAVED_ADDRESS, comment: '' });
  await api.send('POST', `/v1/user/${api.id}/pvz`, SAVED_POINT);
  return { id: api.id, name: 'Мария', email: api.email, password: PASSWORD };
}

describe.skipIf(!hasBrowser)('journey: logout clears the checkout', () => {
  const browser = useBrowser();

  it('leaves the next visitor of the same browser no address, point, recipient or session', async () => {
    const { page } = browser;
    const maria = await returningCustomer();
    await logInInBrowser(page, baseUrl, maria);
    await addToCartFromProductPage(page, LAVENDER);

    // Delivery: the Moscow courier offers her saved address; she types a new one instead.
    await page.goto('/checkout');
    await page.waitForURL('**/checkout/delivery');
    await page.getByRole('radio', { name: /Доставка курьером \(Москва\)/ }).check();
    const savedAddress = page.getByRole('radio', { name: 'Москва, ул. Тверская, д. 12, кв. 34, 125009' });
    await savedAddress.waitFor();
    await page.getByRole('radio', { name: 'Новый адрес' }).check();
    await page.getByRole('combobox', { name: 'Улица' }).fill('ул. Мясницкая');
    await page.getByRole('textbox', { name: 'Дом' }).fill('7');
    await page.getByRole('textbox', { name: 'Квартира или офис' }).fill('15');
    await page.getByRole('textbox', { name: 'Индекс' }).fill('101000');
    await page.getByText(/Доставка:\s*390/).waitFor();

    // …then changes her mind for a CDEK point: her saved one is offered, she picks another in the list.
    await page.getByRole('radio', { name: /ПВЗ \| Постамат: CDEK, Boxberry/ }).check();
    await page.getByRole('radio', { name: /^Пункт выдачи CDEK/ }).check();
    await page
      .getByRole('group', { name: 'Ваши пункты выдачи' })
      .getByRole('radio', { name: /На Бауманской/ })
      .waitFor();
    await page
      .getByRole('group', { name: 'Пункты выдачи: Москва' })
      .getByRole('radio', { name: /^Люблино/ })
      .check();
    await page.getByText('Выбран пункт: Люблино, Москва, ул. Люблинская, 100, корп. 2').waitFor();
    const next = page.getByRole('button', { name: 'Далее' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();

    // Payment and recipient.
    await page.waitForURL('**/checkout/pay');
    await page.getByRole('radio', { name: /Картой онлайн/ }).check();
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.waitForURL('**/checkout/info');
    const recipient = page.getByRole('form', { name: 'Получатель' });
    await expect
      .poll(() => recipient.getByRole('textbox', { name: 'E-mail' }).inputValue())
      .toBe(maria.email);
    await recipient.getByRole('textbox', { name: 'Фамилия' }).fill('Кузнецова');
    await recipient.getByRole('textbox', { name: 'Телефон' }).fill('8 916 555-12-34');
    await recipient.getByRole('button', { name: 'Далее' }).click();
    await page.waitForURL('**/checkout/check');
    await page.getByText('Люблино').first().waitFor();

    // Before logging out, this browser does hold all of it: the checks below are not vacuous.
    const before = await browserStorage(page);
    for (const trace of ['Мясницкая', 'MSK561', 'Кузнецова', maria.email])
      expect(before.text).toContain(trace);
    expect(before.cookies).toContain('efir_session');

    await logOutFromHeader(page);

    // The next visitor of this browser: a guest header and an empty cart.
    expect(await page.getByRole('link', { name: /^Личный кабинет/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Войти' }).waitFor();
    await expect.poll(() => cartLinkName(page)).toBe('Корзина: пусто');

    // Nothing of Мария is kept: no token, no checkout draft, no session cookies.
    const after = await browserStorage(page);
    for (const trace of [
      'Мясницкая',
      'Тверская',
      'MSK561',
      'MSK487',
      'Люблино',
      'Бауманской',
      'Кузнецова',
      '555-12-34',
      'Мария',
      maria.email,
    ]) {
      expect(after.text, `«${trace}» left in the browser`).not.toContain(trace);
    }
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('efir_checkout'))).toBeNull();
    expect(after.cookies).not.toContain('efir_session');
    expect(after.cookies).not.toContain('efir_refresh');

    // The visitor fills a cart of their own and starts the checkout from scratch.
    await addToCartFromProductPage(page, GERANIUM);
    await expect.poll(() => cartLinkName(page)).toBe(`Корзина: 1 товар, ${rub(620)}`);
    await cartLink(page).click();
    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.waitForURL('**/checkout/delivery');
    // No step is done: the later ones lead back to the first.
    await page.goto('/checkout/info');
    await page.waitForURL('**/checkout/delivery');
    const checkedMethods = await page.getByRole('radio', { checked: true }).count();
    expect(checkedMethods).toBe(0);
    expect(plain(await page.locator('.checkout-summary__totals').textContent())).toBe(
      `Товары${rub(620)}Доставка—Итого${rub(620)}`,
    );

    // The courier: no saved addresses, an empty form (only the courier's own city is filled in).
    await page.getByRole('radio', { name: /Доставка курьером \(Москва\)/ }).check();
    await page.getByRole('textbox', { name: 'Дом' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Новый адрес' }).count()).toBe(0);
    expect(await page.getByText('Тверская').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Город' }).inputValue()).toBe('Москва');
    expect(await page.getByRole('combobox', { name: 'Улица' }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Дом' }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Квартира или офис' }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Индекс' }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Далее' }).isDisabled()).toBe(true);

    // A CDEK point: no «Ваши пункты выдачи», nothing chosen.
    await page.getByRole('radio', { name: /ПВЗ \| Постамат: CDEK, Boxberry/ }).check();
    await page.getByRole('radio', { name: /^Пункт выдачи CDEK/ }).check();
    const points = page.getByRole('group', { name: 'Пункты выдачи: Москва' });
    await points.getByRole('radio', { name: /^Люблино/ }).waitFor();
    expect(await page.getByRole('group', { name: 'Ваши пункты выдачи' }).count()).toBe(0);
    expect(await page.getByText(/Выбран пункт:/).count()).toBe(0);
    expect(await points.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Далее' }).isDisabled()).toBe(true);

    // Through to the recipient: every field is empty for the guest.
    await points.getByRole('radio', { name: /^На Бауманской/ }).check();
    await expect.poll(() => page.getByRole('button', { name: 'Далее' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.waitForURL('**/checkout/pay');
    // The payment step is on screen (the address changes before the step's code has come on a busy machine).
    await page.getByRole('radio', { name: /Картой онлайн/ }).waitFor();
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    await page.getByRole('radio', { name: /Картой онлайн/ }).check();
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.waitForURL('**/checkout/info');
    const guestRecipient = page.getByRole('form', { name: 'Получатель' });
    for (const field of ['Имя', 'Фамилия', 'E-mail', 'Телефон']) {
      expect(
        await guestRecipient.getByRole('textbox', { name: field, exact: true }).inputValue(),
        field,
      ).toBe('');
    }

    // And the account stays closed to this visitor.
    await page.goto('/my-address');
    await page.waitForURL('**/login?from=%2Fmy-address');
  });
});
