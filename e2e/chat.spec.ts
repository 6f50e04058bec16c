// The shop assistant end to end (spec §3–§6 Chat): the one allowed user sees the widget, sends a question, sees
// «Печатает...» and then an answer from our catalogue; a failed answer shows «Ошибка связи с сервером.»; any other
// user never sees the widget nor downloads its code. Runs on a shop of its own started with CHAT_USER_ID.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpInBrowser } from './journeys/support.ts';
import { hasBrowser, useBrowser, waitForAppOnLoads } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

/** The shop's database is fresh: its first registered user gets id 1. */
const CHAT_USER_ID = 1;

const chatButton = (page: Page) => page.getByRole('button', { name: 'Чат с консультантом' });

describe.skipIf(!hasBrowser)('the shop assistant chat', () => {
  const fixture = useBrowser();
  let shop: RunningShop;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function openPage(): Promise<{ page: Page; requested: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
    contexts.push(context);
    const page = waitForAppOnLoads(await context.newPage());
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    return { page, requested };
  }

  beforeAll(async () => {
    shop = await startSeededShop({ CHAT_USER_ID: String(CHAT_USER_ID) });
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  afterAll(async () => {
    await shop?.stop();
  });

  it('shows the allowed user the widget; a question gets «Печатает...», then an answer', async () => {
    browser = fixture.context.browser()!;
    const { page, requested } = await openPage();
    const { id } = await signUpInBrowser(page, shop.url, 'Ольга', { open: '/my-account' });
    expect(id, 'the first user of a fresh shop must be the CHAT_USER_ID user').toBe(CHAT_USER_ID);

    await chatButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Консультант «Эфира»' });
    const input = panel.getByRole('textbox', { name: 'Сообщение' });
    const send = panel.getByRole('button', { name: 'Отправить' });
    await input.waitFor();
    expect(requested.some((url) => /chat-widget/.test(url))).toBe(true);

    // Spec §5: nothing to send while the message is empty or only spaces.
    expect(await send.isDisabled()).toBe(true);
    await input.fill('   \n  ');
    expect(await send.isDisabled()).toBe(true);

    // The offline assistant answers fast; holding the call a moment lets the typing notice be seen.
    await page.route('**/api/v1/ai', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await input.fill('Расскажите про лаванду');
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    const log = panel.getByRole('log', { name: 'Сообщения' });
    await log.getByText('Расскажите про лаванду').waitFor();
    await panel.getByText('Печатает...').waitFor();
    await log.getByText(/Лаванда узколистная/).waitFor();
    expect(await panel.getByText('Печатает...').count()).toBe(0);
    expect(await input.inputValue()).toBe('');
    // Links read as the goods' names, never as bare paths (issue 19, defect 12).
    const link = log.getByRole('link', { name: 'Лаванда узколистная', exact: true }).first();
    expect(await link.isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toMatch(/^\/lavanda-[\w-]+\.html$/);
    expect(await log.getByRole('link', { name: /^\// }).count()).toBe(0);

    // A failed answer is a local assistant line.
    await page.unroute('**/api/v1/ai');
    await page.route('**/api/v1/ai', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"status":"error"}' }),
    );
    await input.fill('А для сна?');
    await send.click();
    await log.getByText('Ошибка связи с сервером.').waitFor();

    // The conversation was kept: after a reload it is in the thread list.
    await page.unroute('**/api/v1/ai');
    await page.reload();
    await chatButton(page).click();
    await panel
      .getByRole('list', { name: 'Диалоги' })
      .getByRole('button', { name: /Расскажите про лаванду/ })
      .click();
    await log.getByText(/Лаванда узколистная/).waitFor();
  });

  it('never shows the widget to another user, nor loads its code', async () => {
    browser = fixture.context.browser()!;
    const { page, requested } = await openPage();
    const { id } = await signUpInBrowser(page, shop.url, 'Пётр', { open: '/my-account' });
    expect(id).not.toBe(CHAT_USER_ID);
    await page.goto(`${shop.url}/catalog.html`);
    await page.getByRole('link', { name: 'Личный кабинет: Пётр' }).waitFor();
    // Give a lazily loaded widget every chance to appear.
    await page.waitForTimeout(1000);
    expect(await chatButton(page).count()).toBe(0);
    expect(requested.filter((url) => /chat-widget/.test(url))).toEqual([]);
  });
});
