// What the shop says matches what the customer did (issue 19, defect 11): a product's rating is one summary and
// one row of stars to vote with; a new customer is welcomed, not welcomed back; a course is paid for without a
// word about delivery and waits for its start; a pickup order speaks of collecting it, and the check step names a
// delivery once («Почта России», not «Почта России — Почта России»); the editor's link button is a drawn icon.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { plain, signUpInBrowser } from './journeys/support.ts';
import { baseUrl, hasBrowser, useBrowser } from './support/browser.ts';

const PRODUCT_URL = '/bergamot-10-ml.html';
const COURSE_URL = '/seminar_po_aromatherapy/aromaterapiya-s-nulya.html';

/** Puts one bottle in the cart from its page and opens the checkout's delivery step. */
async function startCheckout(page: Page): Promise<void> {
  await page.goto('/lavanda-uzkolistnaya-10-ml.html');
  await page
    .getByRole('button', { name: /В корзину/ })
    .first()
    .click();
  await page.getByRole('link', { name: /^Корзина: 1 товар/ }).waitFor();
  await page.goto('/checkout/delivery');
}

async function fillRecipient(page: Page): Promise<void> {
  await page.waitForURL('**/checkout/info');
  const recipient = page.getByRole('form', { name: 'Получатель' });
  await recipient.getByRole('textbox', { name: 'Имя' }).fill('Ирина');
  await recipient.getByRole('textbox', { name: 'Фамилия' }).fill('Петрова');
  await recipient.getByRole('textbox', { name: 'E-mail' }).fill(`irina.${Date.now()}@example.ru`);
  await recipient.getByRole('textbox', { name: 'Телефон' }).fill('8 916 555-12-34');
  await recipient.getByRole('button', { name: 'Далее' }).click();
  await page.waitForURL('**/checkout/check');
}

describe.skipIf(!hasBrowser)('wording that matches what the customer did (desktop)', () => {
  const browser = useBrowser({ width: 1366, height: 900 });

  it('shows a product rating as one summary and one row of stars to vote with', async () => {
    const { page } = browser;
    await signUpInBrowser(page, baseUrl, 'Вера', { open: '/my-account' });
    // Welcomed as the new customer she is.
    const lead = page.locator('.account-page').getByText(/^Здравствуйте, Вера!/);
    await expect.poll(async () => plain(await lead.textContent())).toContain('Добро пожаловать в «Эфир»!');
    expect(await page.getByText(/Рады видеть вас снова/).count()).toBe(0);

    await page.goto(PRODUCT_URL);
    const summary = page.locator('.product__summary');
    await page.getByRole('button', { name: 'Оценить на 4 из 5' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Спасибо, оценка учтена|Оценка изменена/ })
      .waitFor();
    await summary.getByText(/^\d+(,\d+)? из 5 · \d+ оцен(ка|ки|ок)$/).waitFor();
    // One average (stars and words) and one group of five stars to vote with: not three rows of stars.
    expect(await summary.getByText(/из 5 ·/).count()).toBe(1);
    expect(await summary.locator('.rating').count()).toBe(1);
    expect(await summary.getByRole('group', { name: /Ваша оценка/ }).count()).toBe(1);
    expect(await summary.getByRole('button', { name: /^Оценить на \d из 5$/ }).count()).toBe(5);
    // No «4 · 1» shorthand beside the words.
    expect(await summary.getByText(/^\d+(,\d+)? · \d+$/).count()).toBe(0);

    // The review editor's link button is drawn, not an emoji that shows as a box without an emoji font.
    const comments = page.locator('#comments');
    await comments.scrollIntoViewIfNeeded();
    const form = comments.locator('form.comment-form').first();
    await form.getByRole('textbox').click();
    const link = form
      .getByRole('toolbar', { name: 'Оформление текста' })
      .getByRole('button', { name: 'Ссылка' });
    await link.waitFor();
    expect(plain(await link.textContent())).toBe('');
    expect(await link.locator('svg').count()).toBe(1);
  });

  it('pays for a course without a word about delivery, and the course waits for its start', async () => {
    const { page } = browser;
    await signUpInBrowser(page, baseUrl, 'Дарья');
    await page.goto(COURSE_URL);
    await page.getByRole('button', { name: /^Записаться и оплатить/ }).click();
    await page.waitForURL('**/test-gateway/pay/**');
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL('**/yookassa?order=*');
    await page.getByRole('heading', { level: 1, name: 'Оплата прошла' }).waitFor();
    const result = page.locator('.payment-result');
    expect(plain(await result.textContent())).toContain('Курс открыт');
    expect(plain(await result.textContent())).not.toMatch(/доставк/i);

    await page.getByRole('link', { name: 'Мои курсы' }).click();
    await page.waitForURL('**/my-courses');
    const course = page.locator('.my-course').first();
    await course.getByText('Скоро начало', { exact: true }).waitFor();
    expect(await page.getByText('Идёт обучение').count()).toBe(0);

    await page.goto('/my-orders');
    const order = page.locator('.order-card').first();
    await order.getByRole('button', { name: 'Подробнее' }).click();
    await order.locator('.order-facts').waitFor();
    expect(plain(await order.textContent())).not.toMatch(/доставк|товар/i);
    expect(plain(await order.locator('.order-facts').textContent())).not.toMatch(/, ,/);
  });

  it('names the Russian Post once on the check step', async () => {
    const { page } = browser;
    await startCheckout(page);
    await page
      .getByRole('radio', { name: /^Почта России/ })
      .first()
      .check();
    await page.getByRole('textbox', { name: 'Город' }).fill('Казань');
    await page.getByRole('combobox', { name: 'Улица' }).fill('ул. Баумана');
    await page.getByRole('textbox', { name: 'Дом' }).fill('12');
    await page.getByRole('textbox', { name: 'Индекс' }).fill('420111');
    const next = page.getByRole('button', { name: 'Далее' });
    await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
    await next.click();
    await page.waitForURL('**/checkout/pay');
    await page.getByRole('radio', { name: /Картой онлайн/ }).check();
    await page.getByRole('button', { name: 'Далее' }).click();
    await fillRecipient(page);
    const delivery = page
      .locator('.check-section')
      .filter({ has: page.getByRole('heading', { name: 'Доставка', exact: true }) });
    await delivery.getByText('Почта России', { exact: true }).waitFor();
    expect(plain(await delivery.textContent())).not.toContain('Почта России — Почта России');
  });
});

describe.skipIf(!hasBrowser)('wording that matches what the customer did (phone)', () => {
  const browser = useBrowser({ width: 390, height: 844 });

  it('speaks of collecting a pickup order, not of delivery time', async () => {
    const { page } = browser;
    await startCheckout(page);
    await page
      .getByRole('radio', { name: /^Самовывоз/ })
      .first()
      .check();
    await page.getByRole('radio', { name: /Самовывоз из офиса в Москве/ }).check();
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.waitForURL('**/checkout/pay');
    await page.getByRole('radio', { name: /Наличными/ }).check();
    await page.getByRole('button', { name: 'Далее' }).click();
    await fillRecipient(page);
    const delivery = page
      .locator('.check-section')
      .filter({ has: page.getByRole('heading', { name: 'Доставка', exact: true }) });
    await delivery.getByText('Самовывоз из офиса в Москве', { exact: true }).waitFor();
    expect(plain(await delivery.textContent())).not.toContain('Самовывоз — ');

    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.waitForURL('**/checkout/done**');
    const done = page.locator('.done-card');
    await done.getByText(/после него можно приезжать/).waitFor();
    expect(plain(await done.textContent())).not.toMatch(/время доставки|передадим .*в доставку/);
    await done.getByText('Получение', { exact: true }).waitFor();
  });
});
