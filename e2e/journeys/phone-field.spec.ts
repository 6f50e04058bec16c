// Journey (issue 35, point 3): one phone field for the whole shop. On a phone and on a desktop a buyer types
// 89161234567 digit by digit, or pastes a number in a common spelling, into «Купить в 1 клик», the checkout's
// «Получатель» and the registration form: each field shows all eleven digits as +7 (916) 123-45-67, the caret stays
// where the person is editing, and the order, the check step and the account keep the whole number.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, hasBrowser, useBrowser } from '../support/browser.ts';
import { addToCartFromProductPage, PASSWORD, plain, uniqueEmail } from './support.ts';

const PRODUCT_URL = '/lavanda-uzkolistnaya-10-ml.html';

/** A real paste: the text goes to the clipboard and the person presses Ctrl+V in the field. */
async function paste(page: Page, field: Locator, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.click();
  await field.press('ControlOrMeta+A');
  await field.press('Backspace');
  await field.press('ControlOrMeta+V');
}

async function caretOf(field: Locator): Promise<number | null> {
  return field.evaluate((input: HTMLInputElement) => input.selectionStart);
}

/** Types the number digit by digit, as a person does, from an empty field. */
async function typeDigits(field: Locator, digits: string): Promise<void> {
  await field.click();
  await field.pressSequentially(digits, { delay: 20 });
}

/** Fixing one digit inside a whole number: the caret stays after the digit, it never jumps to the end. */
async function fixDigitInside(field: Locator): Promise<void> {
  expect(await field.inputValue()).toBe('+7 (916) 123-45-67');
  await field.focus();
  await field.evaluate((input: HTMLInputElement) => input.setSelectionRange(7, 7)); // after «916»
  await field.press('Backspace');
  expect(await field.inputValue()).toBe('+7 (911) 234-56-7');
  expect(await caretOf(field)).toBe(6);
  await field.press('5');
  expect(await field.inputValue()).toBe('+7 (915) 123-45-67');
  expect(await caretOf(field)).toBe(7);
  // Backspace just after a separator takes the digit before it, not only the separator.
  await field.evaluate((input: HTMLInputElement) => input.setSelectionRange(9, 9)); // after «) »
  await field.press('Backspace');
  expect(await field.inputValue()).toBe('+7 (911) 234-56-7');
  expect(await caretOf(field)).toBe(6);
  await field.press('5');
  expect(await field.inputValue()).toBe('+7 (915) 123-45-67');
}

function journeys(viewport: { width: number; height: number }) {
  const browser = useBrowser(viewport);

  it('«Купить в 1 клик»: 89161234567 typed digit by digit keeps all eleven digits in the field and the order', {
    timeout: 180_000,
  }, async () => {
    const { page } = browser;
    await page.goto(PRODUCT_URL);
    await page.getByRole('button', { name: 'Купить в 1 клик' }).click();
    const dialog = page.getByRole('dialog', { name: 'Купить в 1 клик' });
    await dialog.getByLabel('Имя').fill('Мария');
    const phone = dialog.getByLabel('Телефон');
    await typeDigits(phone, '89161234567');
    expect(await phone.inputValue()).toBe('+7 (916) 123-45-67');
    await fixDigitInside(phone);
    await paste(page, phone, '8 (916) 123-45-67');
    expect(await phone.inputValue()).toBe('+7 (916) 123-45-67');
    await dialog.getByRole('button', { name: 'Заказать' }).click();
    const done = dialog.getByRole('status');
    await done.waitFor();
    expect(plain(await done.textContent())).toContain('Мы перезвоним на номер +7 (916) 123-45-67');
  });

  it('checkout «Получатель»: a typed 8… and a pasted +7… both show the masked number, and the check step keeps it', {
    timeout: 180_000,
  }, async () => {
    const { page } = browser;
    await addToCartFromProductPage(page, PRODUCT_URL);
    await page.goto('/checkout');
    await page.waitForURL('**/checkout/delivery');
    await page
      .getByRole('radio', { name: /Самовывоз/ })
      .first()
      .check();
    await page.getByRole('radio', { name: /Самовывоз из офиса в Москве/ }).check();
    const next = page.getByRole('button', { name: 'Далее' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await page.waitForURL('**/checkout/pay');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.waitForURL('**/checkout/info');
    const recipient = page.getByRole('form', { name: 'Получатель' });
    const phone = recipient.getByRole('textbox', { name: 'Телефон' });
    await typeDigits(phone, '89031234567');
    expect(await phone.inputValue()).toBe('+7 (903) 123-45-67');
    await paste(page, phone, '+7 916 123 45 67');
    expect(await phone.inputValue()).toBe('+7 (916) 123-45-67');
    await fixDigitInside(phone);
    await recipient.getByRole('textbox', { name: 'Имя' }).fill('Мария');
    await recipient.getByRole('textbox', { name: 'Фамилия' }).fill('Иванова');
    await recipient.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail('phone'));
    await recipient.getByRole('button', { name: 'Далее' }).click();
    await page.waitForURL('**/checkout/check');
    await page.getByText('+7 (915) 123-45-67').first().waitFor();
  });

  it('registration: 89161234567 typed digit by digit is the account’s phone', {
    timeout: 180_000,
  }, async () => {
    const { page } = browser;
    await page.goto('/registration');
    const form = page.getByRole('form', { name: 'Регистрация' });
    await form.getByRole('textbox', { name: 'Имя' }).fill('Мария');
    await form.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail('phone'));
    const phone = form.getByRole('textbox', { name: 'Телефон' });
    await typeDigits(phone, '89161234567');
    expect(await phone.inputValue()).toBe('+7 (916) 123-45-67');
    await form.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
    await form.getByRole('checkbox', { name: /Я соглашаюсь/ }).check();
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL((url) => url.pathname !== '/registration');
    await page.goto('/my-personal');
    const saved = page.getByRole('textbox', { name: 'Телефон' });
    await expect.poll(() => saved.inputValue()).toBe('+7 (916) 123-45-67');
    await fixDigitInside(saved);
  });
}

describe.skipIf(!hasBrowser)('journey: the phone field on a phone (390×844)', () => {
  journeys({ width: 390, height: 844 });
});

describe.skipIf(!hasBrowser)('journey: the phone field on a desktop (1366×900)', () => {
  journeys({ width: 1366, height: 900 });
});
