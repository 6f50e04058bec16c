// The money path end to end: a guest fills the cart (count and ₽ total in the top bar, Russian plural), registers
// (the cart is kept), checks out with the Moscow courier and card online, pays on the test gateway, comes back to
// «Оплата прошла» and finds the order paid on /my-orders.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibleName, signUpInBrowser, visibleText } from './journeys/support.ts';
import { baseUrl, hasBrowser, useBrowser } from './support/browser.ts';

/** Spaces as the page writes them (non-breaking ones in «1 110 ₽») compared as plain spaces. */
function plain(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function rub(amount: number): string {
  return plain(`${new Intl.NumberFormat('ru-RU').format(amount)} ₽`);
}

function readRub(text: string | null): number {
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/** Opens a product, puts one unit in the cart and returns its price as the page shows it. */
async function addProduct(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const price = readRub(await page.locator('.buy-box .price__current').textContent());
  await page.getByRole('button', { name: 'В корзину', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Добавлено в корзину' }).last().waitFor();
  return price;
}

describe.skipIf(!hasBrowser)('cart, checkout and card payment', () => {
  const browser = useBrowser();

  it('keeps a guest cart through registration and pays a courier order by card', async () => {
    const { page } = browser;
    // The top bar's cart link: its name says count and total («Корзина: 2 товара, 1 110 ₽»), its visible text
    // is «2 товара · 1 110 ₽».
    const cartLink = page.getByRole('link', { name: /^Корзина: / });

    // A guest fills the cart: the top bar counts goods with the right plural and sums them in roubles.
    const first = await addProduct(page, '/lavanda-uzkolistnaya-10-ml.html');
    await expect
      .poll(() => visibleText(cartLink.locator('.top-bar__cart-text')))
      .toBe(`1 товар · ${rub(first)}`);
    const second = await addProduct(page, '/geran-10-ml.html');
    const total = first + second;
    await expect.poll(() => accessibleName(cartLink)).toBe(`Корзина: 2 товара, ${rub(total)}`);
    expect(await visibleText(cartLink.locator('.top-bar__cart-text'))).toBe(`2 товара · ${rub(total)}`);

    // Registration logs in; the guest's cart is merged into the new user's and stays.
    await signUpInBrowser(page, baseUrl, 'Ольга', { open: '/my-account' });
    await expect.poll(() => accessibleName(cartLink)).toBe(`Корзина: 2 товара, ${rub(total)}`);

    // The cart page shows both lines; on to the checkout.
    await cartLink.click();
    await page.waitForURL('**/my-cart');
    const lines = page.getByRole('list', { name: 'Товары в корзине' });
    await lines.getByRole('link', { name: 'Лаванда узколистная' }).waitFor();
    await lines.getByRole('link', { name: 'Герань розовая' }).waitFor();
    await page.getByRole('link', { name: 'Оформить заказ' }).click();

    // Delivery: the Moscow courier to a new address; «Далее» opens once the address is whole.
    await page.waitForURL('**/checkout/delivery');
    await page.getByRole('radio', { name: /Доставка курьером \(Москва\)/ }).check();
    const next = page.getByRole('button', { name: 'Далее' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Улица' }).fill('ул. Тверская');
    await page.getByRole('textbox', { name: 'Дом' }).fill('12');
    await page.getByRole('textbox', { name: 'Квартира или офис' }).fill('34');
    await page.getByRole('textbox', { name: 'Индекс' }).fill('125009');
    await page.getByText(/Доставка:\s*390/).waitFor();
    await next.click();

    // Payment: card online.
    await page.waitForURL('**/checkout/pay');
    await page.getByRole('radio', { name: /Картой онлайн/ }).check();
    await page.getByRole('button', { name: 'Далее' }).click();

    // Recipient: name and e-mail come from the account; surname and phone are typed.
    await page.waitForURL('**/checkout/info');
    const recipient = page.getByRole('form', { name: 'Получатель' });
    await expect.poll(() => recipient.getByRole('textbox', { name: 'Имя' }).inputValue()).toBe('Ольга');
    await recipient.getByRole('textbox', { name: 'Фамилия' }).fill('Иванова');
    await recipient.getByRole('textbox', { name: 'Телефон' }).fill('8 916 555-12-34');
    await recipient.getByRole('button', { name: 'Далее' }).click();

    // Check: goods plus the courier's 390 ₽; confirming goes to the payment page.
    await page.waitForURL('**/checkout/check');
    await page.getByText(`Итого к оплате`).waitFor();
    expect(plain(await page.locator('.check-totals__total dd').textContent())).toBe(rub(total + 390));
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.waitForURL('**/test-gateway/pay/**');
    expect(plain(await page.getByRole('heading', { level: 1 }).textContent())).toBe(
      `К оплате: ${rub(total + 390)}`,
    );
    await page.getByRole('button', { name: 'Оплатить' }).click();

    // Back in the shop: the payment went through, the cart is empty.
    await page.waitForURL('**/yookassa?order=*');
    await page.getByRole('heading', { level: 1, name: 'Оплата прошла' }).waitFor();
    await expect.poll(() => accessibleName(cartLink)).toBe('Корзина: пусто');

    // The order is listed as paid.
    await page.getByRole('link', { name: 'Мои заказы' }).first().click();
    await page.waitForURL('**/my-orders');
    const order = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /^Заказ ЭФ-/ }) });
    await order.first().waitFor();
    expect(await order.count()).toBe(1);
    await order.getByText('Оплачен', { exact: true }).waitFor();
    expect(plain(await order.locator('.order-card__total').textContent())).toBe(rub(total + 390));
    await order.getByRole('button', { name: 'Подробнее' }).click();
    await order.getByRole('link', { name: 'Лаванда узколистная' }).waitFor();
    await order
      .getByText(/Курьер по Москве/)
      .first()
      .waitFor();
  });
});
