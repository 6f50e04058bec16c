// Issue 19, defect 8: a customer with a saved address and pickup point finds them chosen at checkout — «Далее» is
// open without typing anything — and a choice she makes after that stays hers.
import { describe, expect, it } from 'vitest';
import { baseUrl, hasBrowser, useBrowser } from '../support/browser.ts';
import { addToCartFromProductPage, logInInBrowser, PASSWORD, ShopApi } from './support.ts';

const LAVENDER = '/lavanda-uzkolistnaya-10-ml.html';

describe.skipIf(!hasBrowser)('checkout with a saved address and pickup point', () => {
  const browser = useBrowser();

  it('starts from the newest saved address and point, and keeps «Новый адрес» once chosen', async () => {
    const { page } = browser;
    const api = new ShopApi(baseUrl);
    await api.register('Ольга', 'olga');
    await api.send('POST', `/v1/user/${api.id}/address`, {
      city: 'Москва',
      street: 'ул. Тверская',
      house: '12',
      flat: '34',
      zip: '125009',
      comment: '',
    });
    await api.send('POST', `/v1/user/${api.id}/address`, {
      city: 'Москва',
      street: 'ул. Покровка',
      house: '3',
      flat: '',
      zip: '101000',
      comment: '',
    });
    await api.send('POST', `/v1/user/${api.id}/pvz`, {
      code: 'MSK487',
      type: 7,
      name: 'На Бауманской',
      address: 'Москва, ул. Бауманская, 33/2, стр. 1',
    });
    await logInInBrowser(page, baseUrl, { id: api.id, name: 'Ольга', email: api.email, password: PASSWORD });
    await addToCartFromProductPage(page, LAVENDER);

    await page.goto('/checkout');
    await page.waitForURL('**/checkout/delivery');
    await page.getByRole('radio', { name: /Доставка курьером \(Москва\)/ }).check();
    const newest = page.getByRole('radio', { name: 'Москва, ул. Покровка, д. 3, 101000' });
    await expect.poll(() => newest.isChecked()).toBe(true);
    const next = page.getByRole('button', { name: 'Далее' });
    await expect.poll(() => next.isEnabled()).toBe(true);

    // Her own choice stays: a new address, then back to the courier list, is not overruled.
    await page.getByRole('radio', { name: 'Новый адрес' }).check();
    await page.getByRole('combobox', { name: 'Улица' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await page.getByRole('radio', { name: 'Новый адрес' }).isChecked()).toBe(true);

    // A CDEK point: her saved point is chosen.
    await page.getByRole('radio', { name: /ПВЗ \| Постамат: CDEK, Boxberry/ }).check();
    await page.getByRole('radio', { name: /^Пункт выдачи CDEK/ }).check();
    const savedPoint = page
      .getByRole('group', { name: 'Ваши пункты выдачи' })
      .getByRole('radio', { name: /На Бауманской/ });
    await expect.poll(() => savedPoint.isChecked()).toBe(true);
    await page.getByText(/Выбран пункт:.*На Бауманской/).waitFor();
  });
});
