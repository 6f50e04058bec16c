// The back office's moderation end to end, on a shop of its own started with MODERATOR_IDS=1: the first account
// registered on the fresh database (id 1) is the moderator. A visitor writes a review on /add-review; it waits,
// absent from /reviews; the moderator sees it in /admin/moderation and publishes it; /reviews then shows it.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInBrowser } from './journeys/support.ts';
import { hasBrowser, useBrowser, waitForAppOnLoads } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const MODERATOR_ID = 1;

describe.skipIf(!hasBrowser)('moderation in the back office', () => {
  const browser = useBrowser();
  let shop: RunningShop;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: String(MODERATOR_ID), REVIEWS_AUTOPUBLISH: '0' });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('publishes a visitor’s review, which then appears on /reviews', async () => {
    const moderator = browser.page;
    // The fresh database has no users yet: the first one registered gets id 1, the moderator's id.
    expect((await signUpInBrowser(moderator, shop.url, 'Марина')).id).toBe(MODERATOR_ID);
    const me = await moderator.evaluate(async () => {
      const response = await fetch('/api/v1/admin/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return { status: response.status, body: await response.json() };
    });
    expect(me).toEqual({ status: 200, body: expect.objectContaining({ moderator: true, id: MODERATOR_ID }) });

    // A guest in a browser of their own writes a review.
    let visitorContext: BrowserContext | undefined;
    try {
      visitorContext = await (browser.context.browser() as Browser).newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'ru-RU',
      });
      const visitor = waitForAppOnLoads(await visitorContext.newPage());
      const marker = `Лаванда пришла за два дня, код ${Date.now().toString(36)}`;
      await visitor.goto(`${shop.url}/add-review`);
      const form = visitor.getByRole('form', { name: 'Новый отзыв' });
      await form.getByRole('textbox', { name: 'Ваше имя' }).fill('Таисия');
      await form.getByRole('radio', { name: '4 из 5 — хорошо' }).focus();
      await visitor.keyboard.press('Space');
      await form.getByRole('toolbar', { name: 'Оформление текста' }).waitFor();
      await form.getByRole('textbox', { name: 'Отзыв' }).click();
      await visitor.keyboard.type(marker);
      await form.getByRole('button', { name: 'Отправить отзыв' }).click();
      await visitor
        .getByRole('status')
        .filter({ hasText: 'Спасибо! Отзыв появится после проверки модератором.' })
        .waitFor();

      // Waiting for a moderator: not on /reviews.
      await visitor.goto(`${shop.url}/reviews`);
      await visitor.getByRole('heading', { level: 1, name: 'Отзывы о магазине' }).waitFor();
      expect(await visitor.getByText(marker).count()).toBe(0);

      // The moderator's queue: the review is there, the tab counts it.
      await moderator.goto(`${shop.url}/admin/moderation`);
      await moderator.waitForURL('**/admin/moderation/reviews');
      await moderator.getByRole('heading', { level: 1, name: 'Модерация' }).waitFor();
      const tabs = moderator.getByRole('navigation', { name: 'Что проверять' });
      await tabs.getByRole('link', { name: /^Отзывы\s*,\s*ждут решения: 1 отзыв$/ }).waitFor();
      await moderator.getByText('Ждут решения: 1 отзыв', { exact: true }).waitFor();
      const item = moderator.getByRole('listitem', { name: 'Отзыв, автор — Таисия' });
      await item.getByText(marker).waitFor();
      await item.getByRole('img', { name: 'Оценка 4 из 5' }).waitFor();
      await item.getByRole('button', { name: 'Опубликовать' }).click();
      await moderator
        .getByRole('status')
        .filter({ hasText: 'Отзыв опубликован (автор — Таисия) и виден на странице «Отзывы».' })
        .waitFor();
      await moderator.getByText('Новых отзывов нет — все проверены.').waitFor();
      await moderator.getByText('Всё проверено', { exact: true }).waitFor();

      // Published: /reviews shows it now (the cached page was dropped).
      await visitor.goto(`${shop.url}/reviews`);
      await visitor.getByText(marker).waitFor();

      // And the decision is in the audit log.
      await moderator.getByRole('link', { name: 'Журнал изменений' }).click();
      // In words, not the action's code (decision 057).
      await moderator.getByRole('heading', { level: 1, name: 'Журнал изменений' }).waitFor();
      await moderator.getByText('Отзыв опубликован', { exact: true }).first().waitFor();
      expect(await moderator.getByText('review.publish').count()).toBe(0);
    } finally {
      await visitorContext?.close();
    }
  });

  it('refuses a customer who is not a moderator', async () => {
    const { page } = browser;
    await signUpInBrowser(page, shop.url, 'Пётр');
    await page.goto(`${shop.url}/admin/moderation`);
    await page.getByRole('heading', { level: 1, name: 'Нет доступа' }).waitFor();
  });
});
