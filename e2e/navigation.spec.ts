// A visitor's first steps: home, the menu to a static page, an unknown address, a guarded page.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, resultsDir, useBrowser, waitForSettled } from './support/browser.ts';

/** From now on the server fails every page-data call (the route call and static pages) with 500; counts them. */
async function failPageData(page: Page): Promise<{ calls: number }> {
  const seen = { calls: 0 };
  await page.route(/\/api\/v1\/(route|static-page)\b/, (route) => {
    seen.calls++;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, error: 'Internal Server Error' }),
    });
  });
  return seen;
}

const failurePopups = (page: Page) => page.getByRole('alert').filter({ hasText: 'Запрос не выполнен' });

/**
 * Spec §2: a failed route call shows one «Запрос не выполнен» popup and cancels the navigation: one request, the
 * page on screen and its address stay; a Back step that cannot load is undone.
 */
async function expectCancelledNavigation(
  page: Page,
  seen: { calls: number },
  stay: { path: string; heading: string },
): Promise<void> {
  await failurePopups(page).first().waitFor();
  // Time for a storm of retries and popups, had there been one.
  await page.waitForTimeout(2000);
  expect(seen.calls).toBe(1);
  expect(await failurePopups(page).count()).toBe(1);
  expect(await failurePopups(page).textContent()).toContain('Ошибка сервера');
  expect(new URL(page.url()).pathname).toBe(stay.path);
  expect(await page.getByRole('heading', { level: 1, name: stay.heading }).isVisible()).toBe(true);
}

describe.skipIf(!hasBrowser)('navigation on a desktop', () => {
  const browser = useBrowser();

  it('opens the home page with the shop frame', async () => {
    const { page } = browser;
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await page.title()).toContain('Эфир');
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Каталог' })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Войти' }).isVisible()).toBe(true);
    expect(await page.getByText('Пн–Чт 9–18, Пт до 17').isVisible()).toBe(true);
  });

  it('follows the top menu to a static page without a full reload', async () => {
    const { page } = browser;
    await page.goto('/');
    // A marker on window survives only client-side navigation.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    await page
      .getByRole('navigation', { name: 'Информация' })
      .getByRole('link', { name: 'Контакты' })
      .click();
    await page.waitForURL('**/kontakt.html');
    await page.getByRole('heading', { level: 1, name: 'Контакты' }).waitFor();
    expect(await page.title()).toBe('Контакты — магазин эфирных масел в Москве | Эфир');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  it('opens the «Ещё» list and reaches the help page', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByText('Ещё', { exact: true }).click();
    await page.getByRole('link', { name: 'Помощь', exact: true }).click();
    await page.waitForURL('**/help');
    await page.getByRole('heading', { level: 1, name: 'Помощь' }).waitFor();
  });

  it('closes «Ещё» on Escape, a click outside, a chosen item and another page', async () => {
    const { page } = browser;
    await page.goto('/kontakt.html');
    const more = page.getByText('Ещё', { exact: true });
    const help = page
      .getByRole('navigation', { name: 'Информация' })
      .getByRole('link', { name: 'Помощь', exact: true });
    const closed = () => help.waitFor({ state: 'hidden', timeout: 2000 });

    await more.click();
    await help.waitFor();
    await page.keyboard.press('Escape');
    await closed();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Ещё');

    await more.click();
    await help.waitFor();
    // On the heading's first letters: the open list covers the middle of the page's top (and the search box).
    await page.getByRole('heading', { level: 1, name: 'Контакты' }).click({ position: { x: 10, y: 10 } });
    await closed();
    // Nothing covers the search box any more.
    await page.getByRole('searchbox', { name: 'Поиск по магазину' }).click({ timeout: 2000 });

    await more.click();
    await help.click();
    await page.waitForURL('**/help');
    await closed();

    // The item of the page already shown closes the list too.
    await more.click();
    await help.click();
    await closed();

    // Another page without a click in the page: Back.
    await more.click();
    await help.waitFor();
    await page.goBack();
    await page.waitForURL('**/kontakt.html');
    await closed();
  });

  it('cancels a navigation whose route call fails: one request, one popup, the page stays', async () => {
    const { page } = browser;
    await page.goto('/kontakt.html');
    const seen = await failPageData(page);
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Каталог' })
      .click();
    await expectCancelledNavigation(page, seen, { path: '/kontakt.html', heading: 'Контакты' });
  });

  it('shows the failed request’s id in the popup, for the customer to quote to support', async () => {
    const { page } = browser;
    await page.goto('/kontakt.html');
    await page.route(/\/api\/v1\/(route|static-page)\b/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        headers: { 'x-request-id': '7d3f0c2a-91b4-4e6f-8a2d-5c1e9b0f4a37' },
        body: JSON.stringify({ message: 'Server Error' }),
      }),
    );
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Каталог' })
      .click();
    const popup = failurePopups(page);
    await popup.waitFor();
    expect(await popup.textContent()).toContain(
      'Код для службы поддержки: 7d3f0c2a-91b4-4e6f-8a2d-5c1e9b0f4a37',
    );
    await popup.screenshot({ path: path.join(resultsDir, 'request-id-popup.png') });
  });

  it('undoes a Back step whose page cannot load, with one popup', async () => {
    const { page } = browser;
    await page.goto('/kontakt.html');
    await page
      .getByRole('navigation', { name: 'Информация' })
      .getByRole('link', { name: 'Доставка и оплата' })
      .click();
    await page.waitForURL('**/dostavka.html');
    await page.getByRole('heading', { level: 1, name: 'Доставка и оплата' }).waitFor();
    const seen = await failPageData(page);
    await page.goBack();
    await expectCancelledNavigation(page, seen, { path: '/dostavka.html', heading: 'Доставка и оплата' });
    // Back works again once the server answers.
    await page.unroute(/\/api\/v1\/(route|static-page)\b/);
    await page.goBack();
    await page.waitForURL('**/kontakt.html');
    await page.getByRole('heading', { level: 1, name: 'Контакты' }).waitFor();
  });

  it('lets Back leave an in-site 404: the missing page gives its history entry to /err404', async () => {
    const { page } = browser;
    await page.goto('/kontakt.html');
    await page.goto('/takoi-stranicy-net');
    await page.getByRole('link', { name: 'Перейти в каталог' }).click();
    await page.waitForURL('**/catalog.html');
    // Back onto the missing page: the app finds it gone and shows /err404 in its place.
    await page.goBack();
    await page.waitForURL('**/err404');
    await page.getByRole('heading', { level: 1, name: 'Страница не найдена' }).waitFor();
    // The next Back leaves it, instead of meeting the missing page (and /err404) again.
    await page.goBack();
    await page.waitForURL('**/kontakt.html');
    await page.getByRole('heading', { level: 1, name: 'Контакты' }).waitFor();
  });

  it('shows the not-found page with HTTP 404 for an unknown address', async () => {
    const { page } = browser;
    const response = await page.goto('/takoi-stranicy-net');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Страница не найдена' }).waitFor();
    await page.getByRole('link', { name: 'Перейти в каталог' }).click();
    await page.waitForURL('**/catalog.html');
  });

  it('sends a guest from /my-account to /login', async () => {
    const { page } = browser;
    await page.goto('/my-account');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('heading', { level: 1, name: 'Вход в личный кабинет' }).waitFor();
  });

  it('hydrates without errors in the console', async () => {
    const { page } = browser;
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('404')) problems.push(message.text());
    });
    await page.goto('/kontakt.html');
    await waitForSettled(page);
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!hasBrowser)('navigation on a phone', () => {
  const browser = useBrowser({ width: 390, height: 844 });

  it('cancels a navigation whose page cannot load: one request, one popup, the page stays', async () => {
    const { page } = browser;
    await page.goto('/kontakt.html');
    const seen = await failPageData(page);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await drawer.getByRole('link', { name: 'Доставка и оплата' }).click();
    await expectCancelledNavigation(page, seen, { path: '/kontakt.html', heading: 'Контакты' });
  });
});
