// Accounts end to end: registration logs in (name and avatar letter in the header), personal data, an address,
// a favourite product on /my-fav-prod, logout and the guards of spec §2 around /login and /my-account.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './support/browser.ts';

const PASSWORD = 'лавандовое-поле-2026';
let counter = 0;

function uniqueEmail(): string {
  counter += 1;
  return `anna.${Date.now()}.${counter}@example.ru`;
}

async function registerAs(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/registration');
  const form = page.getByRole('form', { name: 'Регистрация' });
  await form.getByRole('textbox', { name: 'Имя', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
  await form.getByRole('checkbox', { name: /Я соглашаюсь на обработку персональных данных/ }).check();
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.waitForURL('**/my-account');
}

function accountLink(page: Page, name: string) {
  return page.getByRole('link', { name: `Личный кабинет: ${name}` });
}

async function logOutFromHeader(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Меню личного кабинета' }).click();
  await page.getByRole('button', { name: 'Выйти' }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'Войти' }).waitFor();
}

/**
 * Logs in through /login (the «Вы вошли» popup shows), then at once «Выйти» in the account menu: the visitor ends
 * at home as a guest with «Вы вышли», the greeting gone, also on a slow device (the CPU slowed down fourfold, so the
 * home page renders while the logout finishes).
 */
async function logInAndOutAtOnce(page: Page): Promise<void> {
  const email = uniqueEmail();
  await registerAs(page, 'Ника', email);
  await page
    .getByRole('complementary', { name: 'Личный кабинет' })
    .getByRole('button', { name: 'Выйти' })
    .click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'Войти' }).waitFor();

  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Вход' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL('**/my-account');
  const greeting = page.getByRole('status').filter({ hasText: 'Вы вошли' });
  await greeting.waitFor();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page
    .getByRole('complementary', { name: 'Личный кабинет' })
    .getByRole('button', { name: 'Выйти' })
    .click();
  await page.getByRole('status').filter({ hasText: 'Вы вышли' }).waitFor();
  await page.getByRole('link', { name: 'Войти' }).waitFor();
  // Nothing sends the visitor on to /login afterwards.
  await page.waitForTimeout(1500);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).search).toBe('');
  expect(await greeting.count()).toBe(0);
}

describe.skipIf(!hasBrowser)('the personal account', () => {
  const browser = useBrowser();

  it('logs out to home with «Вы вышли», the «Вы вошли» popup gone', async () => {
    await logInAndOutAtOnce(browser.page);
  });

  it('registers, edits the profile, saves an address and a favourite, logs out', async () => {
    const { page } = browser;
    await registerAs(page, 'Анна', uniqueEmail());

    // Logged in: the header shows the name and the avatar's first letter.
    const header = accountLink(page, 'Анна');
    await header.waitFor();
    expect(await header.getByText('А', { exact: true }).isVisible()).toBe(true);
    expect(await header.getByText('Анна', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Личный кабинет' }).waitFor();

    // Personal data: surname and a phone typed the everyday way, normalised to +7.
    await page
      .getByRole('navigation', { name: 'Разделы кабинета' })
      .getByRole('link', { name: 'Личные данные' })
      .click();
    await page.waitForURL('**/my-personal');
    const personal = page.getByRole('form', { name: 'Имя и телефон' });
    await personal.getByRole('textbox', { name: 'Имя', exact: true }).fill('Аня');
    await personal.getByRole('textbox', { name: 'Фамилия' }).fill('Смирнова');
    await personal.getByRole('textbox', { name: 'Телефон' }).fill('8 900 123 45 67');
    await personal.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').getByText('Данные сохранены').waitFor();
    await accountLink(page, 'Аня').waitFor();
    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Имя и телефон' });
    expect(await reloaded.getByRole('textbox', { name: 'Фамилия' }).inputValue()).toBe('Смирнова');
    expect(await reloaded.getByRole('textbox', { name: 'Телефон' }).inputValue()).toBe('+7 (900) 123-45-67');

    // An address: the empty form is refused next to its fields first.
    await page.goto('/my-address');
    await page.getByRole('button', { name: 'Добавить адрес' }).click();
    const address = page.getByRole('form', { name: 'Новый адрес' });
    await address.getByRole('button', { name: 'Сохранить адрес' }).click();
    await address.getByText('Укажите город').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('city');
    await address.getByRole('textbox', { name: 'Город' }).fill('Москва');
    await address.getByRole('textbox', { name: 'Улица' }).fill('ул. Тверская');
    await address.getByRole('textbox', { name: 'Дом' }).fill('12');
    await address.getByRole('textbox', { name: 'Квартира или офис' }).fill('34');
    await address.getByRole('button', { name: 'Сохранить адрес' }).click();
    await page.getByText('Москва, ул. Тверская, д. 12, кв. 34').waitFor();

    // A favourite product shows up on /my-fav-prod.
    await page.goto('/lavanda-uzkolistnaya-10-ml.html');
    // The button turns at once; the list is saved by the PUT, which a navigation right away would cancel.
    const saved = page.waitForResponse(
      (response) => response.url().includes('/v1/user/favorite/product') && response.ok(),
    );
    await page.getByRole('button', { name: 'В избранное', exact: true }).click();
    await saved;
    const pressed = page.getByRole('button', { name: 'В избранном', exact: true });
    await pressed.waitFor();
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    await page.goto('/my-fav-prod');
    await page.getByRole('heading', { level: 3, name: 'Лаванда узколистная' }).waitFor();
    expect(await page.getByRole('button', { name: /Убрать из избранного/ }).count()).toBe(1);

    // Logout ends at home as a guest, and the account is closed again.
    await logOutFromHeader(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/my-account');
    await page.waitForURL('**/login?from=%2Fmy-account');
    await page.getByRole('heading', { level: 1, name: 'Вход в личный кабинет' }).waitFor();
  });

  it('sends a logged-in visitor from /login to the account, and logs in with the right password only', async () => {
    const { page } = browser;
    const email = uniqueEmail();
    await registerAs(page, 'Вера', email);

    await page.goto('/login');
    await page.waitForURL('**/my-account');
    await accountLink(page, 'Вера').waitFor();

    await logOutFromHeader(page);
    await page.goto('/login?from=%2Fmy-fav-prod');
    const form = page.getByRole('form', { name: 'Вход' });
    await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await form.getByRole('textbox', { name: 'Пароль', exact: true }).fill('не-тот-пароль');
    await form.getByRole('button', { name: 'Войти' }).click();
    await form.getByText('Неверный e-mail или пароль').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(
      'email',
    );

    await form.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/my-fav-prod');
    await page.getByRole('heading', { level: 1, name: 'Избранное' }).waitFor();
  });

  it('sends a logged-in visitor from /registration and /forgot-password to the account too', async () => {
    const { page } = browser;
    await registerAs(page, 'Зоя', uniqueEmail());
    for (const url of ['/registration', '/forgot-password']) {
      await page.goto(url);
      await page.waitForURL('**/my-account');
      await page.getByRole('heading', { level: 1, name: 'Личный кабинет' }).waitFor();
    }
  });
});

describe.skipIf(!hasBrowser)('the personal account on a phone', () => {
  const browser = useBrowser({ width: 390, height: 844 });

  it('logs out to home with «Вы вышли», the «Вы вошли» popup gone', async () => {
    await logInAndOutAtOnce(browser.page);
  });
});
