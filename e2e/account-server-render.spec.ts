// A logged-in customer's account comes filled in with the first response, and the guest-only pages send her on at
// once (issue 19, defect 10): the server reads her refresh cookie (without rotating it) and renders for her; such
// pages are private and never reach the guests' page cache.
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpInBrowser } from './journeys/support.ts';
import { baseUrl, hasBrowser, useBrowser, waitForSettled } from './support/browser.ts';

const LOADING = 'Загружаем личный кабинет';

/** The HTML of the first response of a navigation: what the visitor sees before any script runs. */
async function firstHtml(response: Response | null): Promise<string> {
  if (!response) throw new Error('no response');
  return response.text();
}

/** The text of the element `selector` of the server's HTML (scripts and data blocks are not in it). */
async function textOf(page: Page, html: string, selector: string): Promise<string> {
  return page.evaluate(
    ({ source, selector }) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      return doc.querySelector(selector)?.textContent?.replace(/\s+/g, ' ') ?? '';
    },
    { source: html, selector },
  );
}

const accountText = (page: Page, html: string) => textOf(page, html, '.account');

/** Signs up in the browser at the desktop size, then takes `viewport`. */
async function signUp(page: Page, name: string, viewport: { width: number; height: number }) {
  await page.setViewportSize({ width: 1366, height: 900 });
  const customer = await signUpInBrowser(page, baseUrl, name);
  await page.setViewportSize(viewport);
  return customer;
}

const VIEWPORTS = [
  { device: 'desktop', viewport: { width: 1366, height: 900 } },
  { device: 'phone', viewport: { width: 390, height: 844 } },
];

describe.skipIf(!hasBrowser).each(VIEWPORTS)(
  'the account rendered for its owner ($device)',
  ({ viewport }) => {
    const browser = useBrowser(viewport);

    it('sends /my-account with her name and discount in the first HTML, private, never «Загружаем…»', async () => {
      const { page } = browser;
      const customer = await signUp(page, 'Вероника', viewport);

      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      const response = await page.goto('/my-account');
      const html = await firstHtml(response);
      expect(html).not.toContain(LOADING);
      const text = await accountText(page, html);
      expect(text).toContain(`Здравствуйте, ${customer.name}!`);
      expect(text).toContain(customer.email);
      expect(text).toContain('Персональная скидка');
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      expect(response?.headers()['x-page-cache']).toBeUndefined();
      // The page works as rendered: no second loading state once the app starts.
      await page.getByRole('heading', { level: 1, name: 'Личный кабинет' }).waitFor();
      await waitForSettled(page);
      expect(await page.getByText(LOADING).count()).toBe(0);
      // It hydrates as rendered: no mismatch, no error.
      expect(problems).toEqual([]);

      const personal = await firstHtml(await page.goto('/my-personal'));
      expect(personal).not.toContain(LOADING);
      const nameField = await page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, 'text/html');
        return doc.querySelector<HTMLInputElement>('.account input[name="name"]')?.getAttribute('value');
      }, personal);
      expect(nameField).toBe(customer.name);
      expect(await accountText(page, personal)).toContain(`Сейчас: ${customer.email}`);
    });

    it('redirects /login and /registration to the account in the first response', async () => {
      const { page } = browser;
      await signUp(page, 'Злата', viewport);

      for (const [from, to] of [
        ['/login', '/my-account'],
        ['/registration', '/my-account'],
        ['/login?from=%2Fmy-orders', '/my-orders'],
      ] as const) {
        const response = await page.goto(from);
        const redirect = response?.request().redirectedFrom();
        expect(redirect?.url()).toBe(`${baseUrl}${from}`);
        expect([302, 303, 307]).toContain((await redirect?.response())?.status());
        expect(new URL(page.url()).pathname).toBe(to);
        expect(await firstHtml(response)).not.toContain('aria-label="Вход"');
      }
    });

    it('keeps her own later refresh working, and gives a browser without a token one', async () => {
      const { page } = browser;
      const customer = await signUp(page, 'Лада', viewport);
      // Local storage lost (or never kept): the server still knows her from the cookie, and the app gets a token.
      await page.evaluate(() => localStorage.removeItem('token'));
      const html = await firstHtml(await page.goto('/my-account'));
      expect(await accountText(page, html)).toContain(`Здравствуйте, ${customer.name}!`);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
      // A page that loads its data in the browser works with that token.
      await page.getByRole('link', { name: 'Мои заказы' }).first().click();
      await page.waitForURL('**/my-orders');
      await page.getByText('Заказов пока нет').waitFor();
      // The render read the cookie and left it as it was: her own refresh still succeeds.
      const status = await page.evaluate(async () => {
        const csrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        return (await fetch('/refresh', { method: 'POST', headers: { 'x-xsrf-token': csrf } })).status;
      });
      expect(status).toBe(200);
      // The rotated cookie is the one the next page is rendered from.
      const orders = await firstHtml(await page.reload());
      expect(orders).not.toContain(LOADING);
      expect(await accountText(page, orders)).toContain('Заказов пока нет');
    });

    it('hydrates the other pages rendered for her without a mismatch or an error', async () => {
      const { page } = browser;
      await signUp(page, 'Таисия', viewport);
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().includes('404'))
          problems.push(`${page.url()}: ${message.text()}`);
      });
      for (const url of [
        '/',
        '/efirnye-masla/citrusovye',
        '/bergamot-10-ml.html',
        '/articles/efirnye-masla-dlya-sna.html',
        '/my-cart',
        '/checkout',
        '/my-orders',
        '/my-address',
        '/my-settings',
      ]) {
        const html = await firstHtml(await page.goto(url));
        expect(html, url).toContain(`Личный кабинет: </span>`);
        await waitForSettled(page);
      }
      expect(problems).toEqual([]);
    });

    it('never serves her pages to a guest: the guests get their own /, /login and /my-account', async () => {
      const { page } = browser;
      const customer = await signUp(page, 'Ульяна', viewport);
      const own = await firstHtml(await page.goto('/'));
      expect(await textOf(page, own, '.top-bar__account')).toBe(
        `Личный кабинет: ${customer.name[0]}${customer.name}`,
      );
      await page.goto('/login');

      const guest = await page.context().browser()!.newContext({ baseURL: baseUrl });
      try {
        const guestPage = await guest.newPage();
        const home = await firstHtml(await guestPage.goto('/'));
        expect(home).not.toContain(customer.name);
        const login = await guestPage.goto('/login');
        expect(login?.request().redirectedFrom()).toBeNull();
        expect(await firstHtml(login)).toContain('aria-label="Вход"');
        await guestPage.goto('/my-account');
        expect(new URL(guestPage.url()).pathname).toBe('/login');
      } finally {
        await guest.close();
      }
    });
  },
);
