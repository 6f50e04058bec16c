// What a visitor types before the page's code has started is kept (issue 19, defect 7): the e-mail on /login and
// the name on /registration survived only until the form's next render after hydration, which emptied them.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './support/browser.ts';

/** Holds back every script of the page until `release()`: the server's form is on screen, the app not started. */
async function holdScripts(page: Page): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    (route) => {
      if (holding) held.push(route);
      else void route.continue();
    },
  );
  return {
    async release() {
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
    timeout: 15_000,
  });
}

const VIEWPORTS = [
  { device: 'desktop', viewport: { width: 1366, height: 900 } },
  { device: 'phone', viewport: { width: 390, height: 844 } },
];

describe.skipIf(!hasBrowser).each(VIEWPORTS)(
  'input typed before the page starts ($device)',
  ({ viewport }) => {
    const browser = useBrowser(viewport);

    it('keeps the e-mail typed into /login, and logs in with it', async () => {
      // A page of its own: the fixture's goto waits for the app, which is what is held back here.
      const page = await browser.context.newPage();
      const scripts = await holdScripts(page);
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const form = page.getByRole('form', { name: 'Вход' });
      const email = form.getByRole('textbox', { name: 'E-mail' });
      await email.pressSequentially('rano@example.ru');
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);

      await scripts.release();
      await waitForApp(page);
      // Typing into another field renders the form again: the early e-mail must still be there.
      await form.getByRole('textbox', { name: 'Пароль', exact: true }).pressSequentially('неверный-пароль-1');
      expect(await email.inputValue()).toBe('rano@example.ru');
      await form.getByRole('button', { name: 'Войти' }).click();
      // The form sent the e-mail: the server's answer is about the pair, not an empty field.
      await form.getByText('Неверный e-mail или пароль').waitFor();
      expect(await email.inputValue()).toBe('rano@example.ru');
    });

    it('sends /login pressed before the page started once it has, never with the password in the address', async () => {
      const page = await browser.context.newPage();
      const addresses: string[] = [];
      page.on('request', (request) => addresses.push(request.url()));
      const scripts = await holdScripts(page);
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const form = page.getByRole('form', { name: 'Вход' });
      await form.getByRole('textbox', { name: 'E-mail' }).pressSequentially('rano@example.ru');
      await form.getByRole('textbox', { name: 'Пароль', exact: true }).pressSequentially('секрет-до-кода-1');
      await form.getByRole('button', { name: 'Войти' }).click();
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);

      await scripts.release();
      await waitForApp(page);
      // Sent once the app could: the server's answer is about the pair typed before.
      await form.getByText('Неверный e-mail или пароль').waitFor();
      expect(new URL(page.url()).search).toBe('');
      const secret = encodeURIComponent('секрет');
      expect(addresses.filter((address) => /password=/.test(address) || address.includes(secret))).toEqual(
        [],
      );
    });

    it('keeps the name typed into /registration', async () => {
      const page = await browser.context.newPage();
      const scripts = await holdScripts(page);
      await page.goto('/registration', { waitUntil: 'domcontentloaded' });
      const form = page.getByRole('form', { name: 'Регистрация' });
      const name = form.getByRole('textbox', { name: 'Имя', exact: true });
      await name.pressSequentially('Ярослава');

      await scripts.release();
      await waitForApp(page);
      await form.getByRole('textbox', { name: 'E-mail' }).pressSequentially('yaroslava@example.ru');
      expect(await name.inputValue()).toBe('Ярослава');
      // Sent as typed: the form asks for the missing password and consent, not for the name.
      await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await form.locator('input[name="password"][aria-invalid="true"]').waitFor();
      expect(await name.getAttribute('aria-invalid')).not.toBe('true');
      expect(await name.inputValue()).toBe('Ярослава');
    });
  },
);
