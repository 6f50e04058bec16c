// The back office's «Покупатели» end to end, on a shop of its own started with MODERATOR_IDS=1: the first account
// registered on the fresh database (id 1) is the moderator. A customer registers; the moderator finds them by
// e-mail, sets a 12 % discount by hand with a comment (decision 012) and sees it in the history; the customer's
// /my-account shows 12 % and the cart prices a regular product 12 % lower. A desktop screenshot of the customer's
// page is kept in test-results/ for review.
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInBrowser } from './journeys/support.ts';
import { hasBrowser, resultsDir, useBrowser, waitForAppOnLoads } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const MODERATOR_ID = 1;
/** A regular product: no special price, so the personal discount applies to it. */
const PRODUCT_URL = '/lavanda-uzkolistnaya-10-ml.html';

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

describe.skipIf(!hasBrowser)('customers and the hand-set personal discount in the back office', () => {
  const browser = useBrowser({ width: 1366, height: 900 });
  let shop: RunningShop;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: String(MODERATOR_ID) });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('finds a customer by e-mail, sets 12 % by hand, and the account and the cart follow', async () => {
    const moderator = browser.page;
    // The fresh database has no users yet: the first one registered gets id 1, the moderator's id.
    expect((await signUpInBrowser(moderator, shop.url, 'Марина')).id).toBe(MODERATOR_ID);

    let customerContext: BrowserContext | undefined;
    try {
      customerContext = await (browser.context.browser() as Browser).newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'ru-RU',
      });
      const customer = waitForAppOnLoads(await customerContext.newPage());
      const email = `anna.partner.${Date.now()}@example.ru`;
      await signUpInBrowser(customer, shop.url, 'Анна', { email, open: '/my-account' });
      const discountCard = customer.getByRole('region', { name: 'Персональная скидка' });
      expect(plain(await discountCard.locator('.discount-card__percent').textContent())).toBe('0 %');

      // The moderator opens «Покупатели» from the back office's menu and searches by the e-mail.
      await moderator.goto(`${shop.url}/admin`);
      await moderator
        .getByRole('navigation', { name: 'Разделы панели управления' })
        .getByRole('link', { name: 'Покупатели' })
        .click();
      await moderator.waitForURL('**/admin/customers');
      await moderator.getByRole('heading', { level: 1, name: 'Покупатели' }).waitFor();
      await moderator.getByText('Всего: 2 покупателя').waitFor();
      const searchbox = moderator.getByRole('searchbox', { name: 'Номер, e-mail, имя или телефон' });
      await searchbox.fill(email);
      // The shop's header has its own «Найти»: this one is in the list's form.
      await moderator
        .locator('form')
        .filter({ has: searchbox })
        .getByRole('button', { name: 'Найти' })
        .click();
      await moderator.waitForURL((url) => url.searchParams.get('q') === email);
      await moderator.getByText('Найдено: 1 покупатель').waitFor();
      const row = moderator.getByRole('row').filter({ hasText: email });
      expect(plain(await row.getByRole('cell').last().textContent())).toBe('0 %');
      await row.getByRole('link', { name: 'Анна' }).click();

      // The customer's page: contacts, the discount earned by orders (none yet), no changes, no orders.
      await moderator.waitForURL(/\/admin\/customers\/2\?/);
      await moderator.getByRole('heading', { level: 1, name: 'Анна' }).waitFor();
      await moderator.getByText(/^Покупатель № 2 · зарегистрирован \d{2}\.\d{2}\.\d{4}$/).waitFor();
      await moderator.getByRole('link', { name: email }).waitFor();
      await moderator.getByRole('heading', { level: 2, name: 'Личная скидка: 0 %' }).waitFor();
      await moderator.getByText('По сумме выполненных заказов: 0 ₽.').waitFor();
      await moderator.getByText('Скидку вручную ещё не меняли.').waitFor();
      await moderator.getByText('Заказов из личного кабинета пока нет.').waitFor();

      const form = moderator.getByRole('form', { name: /^Личная скидка: / });
      expect(await form.getByRole('radio', { name: 'Автоматически по сумме заказов' }).isChecked()).toBe(
        true,
      );

      // A percent over 100 is refused in Russian beside the box, and nothing is saved.
      const percent = form.getByRole('textbox', { name: 'Скидка вручную, %' });
      await percent.fill('150');
      expect(await form.getByRole('radio', { name: 'Вручную:' }).isChecked()).toBe(true);
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await form.getByText('Скидка — от 0 до 100 %').waitFor();
      expect(await percent.getAttribute('aria-invalid')).toBe('true');
      // The server says the same when asked directly (422 with the field's message).
      const refused = await moderator.evaluate(async () => {
        const csrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        const response = await fetch('/api/v1/admin/customers/2/discount', {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            'x-xsrf-token': csrf,
            authorization: `Bearer ${localStorage.getItem('token')}`,
          },
          body: JSON.stringify({ percent: 150 }),
        });
        return { status: response.status, body: await response.json() };
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.percent).toEqual(['Скидка — от 0 до 100 %']);

      // 12 % by hand, with the reason.
      await percent.fill('12');
      expect(await percent.getAttribute('aria-invalid')).toBeNull();
      await form.getByRole('textbox', { name: 'Комментарий' }).fill('Постоянный партнёр — массажный салон');
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await moderator
        .getByRole('status')
        .filter({ hasText: 'Сохранено: личная скидка 12 %, установлена вручную.' })
        .waitFor();
      await moderator.getByRole('heading', { level: 2, name: 'Личная скидка: 12 %' }).waitFor();
      await moderator
        .getByText('Установлена вручную. По заказам было бы 0 % (выполнено заказов на 0 ₽).')
        .waitFor();
      expect(await form.getByRole('radio', { name: 'Вручную:' }).isChecked()).toBe(true);
      expect(await percent.inputValue()).toBe('12');
      expect(await form.getByRole('textbox', { name: 'Комментарий' }).inputValue()).toBe('');

      // The history: when (the Russian way), who, from → to, the comment.
      const change = moderator.getByRole('list', { name: 'Изменения скидки' }).getByRole('listitem');
      expect(await change.count()).toBe(1);
      expect(plain(await change.textContent())).toMatch(
        /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}0 % → 12 %, вручную · Модератор № 1«Постоянный партнёр — массажный салон»$/,
      );

      // And it is still there after a reload.
      await moderator.reload();
      await moderator.getByRole('heading', { level: 2, name: 'Личная скидка: 12 %' }).waitFor();
      await moderator.getByText('«Постоянный партнёр — массажный салон»').waitFor();

      // The list marks the hand-set percent.
      await moderator.getByRole('link', { name: '← Все покупатели' }).click();
      await moderator.getByText('Найдено: 1 покупатель').waitFor();
      expect(plain(await row.getByRole('cell').last().textContent())).toBe('12 % вручную');
      await moderator.screenshot({ path: path.join(resultsDir, 'admin-customers-list-1366.png') });

      // The customer's account shows 12 %.
      await customer.goto(`${shop.url}/my-account`);
      await expect
        .poll(async () => plain(await discountCard.locator('.discount-card__percent').textContent()))
        .toBe('12 %');

      // The cart: a regular product costs floor(0.88 × price).
      await customer.goto(`${shop.url}${PRODUCT_URL}`);
      const price = readRub(await customer.locator('.buy-box .price__current').textContent());
      expect(price).toBeGreaterThan(0);
      await customer.getByRole('button', { name: 'В корзину', exact: true }).click();
      await customer.getByRole('status').filter({ hasText: 'Добавлено в корзину' }).last().waitFor();
      await customer.goto(`${shop.url}/my-cart`);
      const line = customer.getByRole('list', { name: 'Товары в корзине' }).getByRole('listitem');
      await line.getByRole('link', { name: 'Лаванда узколистная' }).waitFor();
      const discounted = Math.floor((88 * price) / 100);
      expect(plain(await line.locator('.cart-line__unit').textContent())).toBe(`${rub(discounted)} / шт.`);
      expect(plain(await line.locator('.cart-line__regular').textContent())).toBe(rub(price));
      expect(plain(await line.locator('.cart-line__sum').textContent())).toBe(rub(discounted));
      expect(plain(await customer.locator('.cart-totals__discount dt').textContent())).toBe('Скидка 12 %');
      expect(plain(await customer.locator('.cart-totals__discount dd').textContent())).toBe(
        `−${rub(price - discounted)}`,
      );
      expect(plain(await customer.locator('.cart-totals__total dd').textContent())).toBe(rub(discounted));

      // The customer places the order (pickup, cash): the discount goes with it.
      await customer.getByRole('link', { name: 'Оформить заказ' }).click();
      await customer.waitForURL('**/checkout/delivery');
      await customer.getByRole('radio', { name: /^Самовывоз(?! из)/ }).check();
      await customer.getByRole('radio', { name: /Самовывоз из офиса в Москве/ }).check();
      await customer.getByRole('button', { name: 'Далее' }).click();
      await customer.waitForURL('**/checkout/pay');
      await customer.getByRole('radio', { name: /Наличными/ }).check();
      await customer.getByRole('button', { name: 'Далее' }).click();
      await customer.waitForURL('**/checkout/info');
      const recipient = customer.getByRole('form', { name: 'Получатель' });
      await recipient.getByRole('textbox', { name: 'Фамилия' }).fill('Смирнова');
      await recipient.getByRole('textbox', { name: 'Телефон' }).fill('8 916 555-12-34');
      await recipient.getByRole('button', { name: 'Далее' }).click();
      await customer.waitForURL('**/checkout/check');
      await customer.getByRole('region').getByText('Скидка 12 %').waitFor();
      await customer.getByRole('button', { name: 'Подтвердить заказ' }).click();
      await customer.waitForURL('**/checkout/done?order=*');
      const orderId = Number(new URL(customer.url()).searchParams.get('order'));
      expect(orderId).toBeGreaterThan(0);
      const number = `ЭФ-${String(orderId).padStart(6, '0')}`;

      // The moderator sees it among the customer's orders, in Russian, and goes to it and back by the name.
      await moderator.getByRole('link', { name: 'Анна', exact: true }).click();
      await moderator.getByRole('heading', { level: 2, name: 'Последние заказы' }).waitFor();
      const orderRow = moderator.getByRole('row').filter({ hasText: number });
      expect((await orderRow.getByRole('cell').allTextContents()).map(plain)).toEqual([
        number,
        expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/),
        rub(discounted),
        'Новый',
        // The payment's state; the method is named on the order's page (decision 056).
        'Не оплачен',
      ]);
      await orderRow.getByRole('link', { name: number }).click();
      await moderator.waitForURL(`**/admin/orders/${orderId}`);
      await moderator.getByRole('heading', { level: 1, name: `Заказ ${number}` }).waitFor();
      await moderator.getByRole('link', { name: 'Анна Смирнова' }).click();
      await moderator.waitForURL('**/admin/customers/2');
      await moderator.getByRole('heading', { level: 2, name: 'Личная скидка: 12 %' }).waitFor();
      await orderRow.waitFor();
      await moderator.screenshot({ path: path.join(resultsDir, 'admin-customer-1366.png'), fullPage: true });
    } finally {
      await customerContext?.close();
    }
  });
});
