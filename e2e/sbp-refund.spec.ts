// СБП and a refund end to end, offline, on a shop of its own started with MODERATOR_IDS=1 (the first account on
// the fresh database is the moderator). A customer checks out choosing «Через СБП», sees the QR code drawn by the
// server on /yookassa, confirms on the test gateway's bank page and comes back to «Оплата прошла»; the order is
// «Оплачен» in /my-orders. The moderator returns part of the money from the order's back-office page, and the
// customer's order shows it.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, resultsDir, useBrowser, waitForAppOnLoads } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const PASSWORD = 'быстрый-платёж-2026';
const MODERATOR_ID = 1;

/** Spaces as the page writes them (non-breaking ones in «1 110 ₽») compared as plain spaces. */
function plain(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function rub(amount: number): string {
  return plain(`${new Intl.NumberFormat('ru-RU').format(amount)} ₽`);
}

/** Signs up on /registration, as a person does. */
async function register(page: Page, origin: string, name: string): Promise<void> {
  await page.goto(`${origin}/registration`);
  const form = page.getByRole('form', { name: 'Регистрация' });
  await form.getByRole('textbox', { name: 'Имя', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'E-mail' }).fill(`${Date.now()}.${Math.random()}@example.ru`);
  await form.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
  await form.getByRole('checkbox', { name: /Я соглашаюсь на обработку персональных данных/ }).check();
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.waitForURL('**/my-account');
}

describe.skipIf(!hasBrowser)('СБП through the test gateway and a refund from the back office', () => {
  const browser = useBrowser({ width: 1366, height: 900 });
  let shop: RunningShop;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: String(MODERATOR_ID) });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('pays by the QR code, reaches «Оплачен», and a partial refund shows in the customer’s order', async () => {
    const moderator = browser.page;
    // The first account on the fresh database gets id 1: the moderator.
    await register(moderator, shop.url, 'Марина');

    const context = await (browser.context.browser() as Browser).newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'ru-RU',
    });
    try {
      const customer = waitForAppOnLoads(await context.newPage());
      await register(customer, shop.url, 'Ольга');

      await customer.goto(`${shop.url}/lavanda-uzkolistnaya-10-ml.html`);
      await customer.getByRole('button', { name: 'В корзину', exact: true }).click();
      await customer.getByRole('status').filter({ hasText: 'Добавлено в корзину' }).last().waitFor();
      await customer.goto(`${shop.url}/my-cart`);
      await customer.getByRole('link', { name: 'Оформить заказ' }).click();

      await customer.waitForURL('**/checkout/delivery');
      await customer.getByRole('radio', { name: /Доставка курьером \(Москва\)/ }).check();
      await customer.getByRole('combobox', { name: 'Улица' }).fill('ул. Тверская');
      await customer.getByRole('textbox', { name: 'Дом' }).fill('12');
      await customer.getByRole('textbox', { name: 'Квартира или офис' }).fill('34');
      await customer.getByRole('textbox', { name: 'Индекс' }).fill('125009');
      await customer.getByText(/Доставка:\s*390/).waitFor();
      await customer.getByRole('button', { name: 'Далее' }).click();

      // /pay: online payment offers the card or СБП beside it.
      await customer.waitForURL('**/checkout/pay');
      await customer.getByRole('radio', { name: /Картой онлайн/ }).check();
      const online = customer.getByRole('group', { name: 'Как оплатить онлайн' });
      expect(await online.getByRole('radio', { name: /Банковской картой/ }).isChecked()).toBe(true);
      await online.getByRole('radio', { name: /Через СБП/ }).check();
      await customer.getByRole('button', { name: 'Далее' }).click();

      await customer.waitForURL('**/checkout/info');
      const recipient = customer.getByRole('form', { name: 'Получатель' });
      await recipient.getByRole('textbox', { name: 'Фамилия' }).fill('Иванова');
      await recipient.getByRole('textbox', { name: 'Телефон' }).fill('8 916 555-12-34');
      await recipient.getByRole('button', { name: 'Далее' }).click();

      await customer.waitForURL('**/checkout/check');
      await customer.getByText('Картой онлайн: через СБП').waitFor();
      await customer.getByText('После подтверждения откроется оплата через СБП.', { exact: false }).waitFor();
      const total = Number(
        plain(await customer.locator('.check-totals__total dd').textContent()).replace(/\D/g, ''),
      );
      await customer.getByRole('button', { name: 'Подтвердить заказ' }).click();

      // A desktop: the shop's own page shows the QR code and waits for the bank.
      await customer.waitForURL('**/yookassa?order=*');
      const orderId = Number(new URL(customer.url()).searchParams.get('order'));
      await customer.getByRole('heading', { level: 1, name: 'Оплата через СБП' }).waitFor();
      const qr = customer.getByRole('img', { name: 'QR-код для оплаты через СБП' });
      await qr.waitFor();
      expect(await qr.evaluate((node) => node.tagName.toLowerCase())).toBe('svg');
      await customer
        .getByRole('status')
        .filter({ hasText: 'Ждём подтверждения из приложения банка' })
        .waitFor();
      await customer.screenshot({ path: path.join(resultsDir, 'sbp-qr-1280.png') });

      // The tester has no phone: the test gateway's link is what the QR code holds.
      await customer.getByRole('link', { name: 'открыть страницу банка по QR-коду' }).click();
      await customer.waitForURL('**/test-gateway/pay/**');
      await customer.getByText('Магазин «Эфир» · оплата через СБП').waitFor();
      expect(plain(await customer.getByRole('heading', { level: 1 }).textContent())).toBe(
        `К оплате: ${rub(total)}`,
      );
      await customer.getByRole('button', { name: 'Оплатить' }).click();

      await customer.waitForURL('**/yookassa?order=*');
      await customer.getByRole('heading', { level: 1, name: 'Оплата прошла' }).waitFor();

      await customer.goto(`${shop.url}/my-orders`);
      const order = customer
        .getByRole('listitem')
        .filter({ has: customer.getByRole('heading', { name: /^Заказ ЭФ-/ }) });
      await order.getByText('Оплачен', { exact: true }).waitFor();

      // The moderator returns 300 ₽ from the order's page, confirming first.
      await moderator.goto(`${shop.url}/admin/orders/${orderId}`);
      await moderator.getByRole('heading', { level: 2, name: 'Возврат' }).waitFor();
      await moderator.getByText(`Можно вернуть: ${rub(total)}`, { exact: false }).waitFor();
      const amount = moderator.getByRole('spinbutton', { name: 'Сумма возврата, ₽' });
      await amount.fill(String(total + 1));
      expect(await moderator.getByRole('button', { name: 'Вернуть деньги…' }).isDisabled()).toBe(true);
      await amount.fill('300');
      await moderator
        .getByRole('textbox', { name: 'Причина (для журнала)' })
        .fill('Флакон пришёл с трещиной');
      await moderator.getByRole('button', { name: 'Вернуть деньги…' }).click();
      await moderator
        .getByRole('alertdialog', { name: 'Возврат денег' })
        .getByRole('button', { name: 'Да, вернуть' })
        .click();
      await moderator
        .getByRole('status')
        .filter({ hasText: `Возвращено ${rub(300)}, покупателю ушло письмо.` })
        .waitFor();
      await moderator.getByText(`Можно вернуть: ${rub(total - 300)}`, { exact: false }).waitFor();
      await moderator
        .getByText(`Возврат ${rub(300)}: деньги возвращены; всего возвращено ${rub(300)}`)
        .waitFor();
      // The payment is no longer «Оплачен»: its chip says what went back.
      await moderator
        .getByText(`Частично возвращён: ${rub(300)}`, { exact: true })
        .first()
        .waitFor();
      await moderator.screenshot({
        path: path.join(resultsDir, 'admin-order-refund-1366.png'),
        fullPage: true,
      });

      // The customer's order shows the money returned as its payment state.
      await customer.reload();
      await order.getByText(`Частично возвращён: ${rub(300)}`, { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
