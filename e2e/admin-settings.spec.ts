// The owner's settings and the shop's answers end to end (issue 39 points 8 and 9), on a shop of its own started with
// MODERATOR_IDS=1 (the first account registered on the fresh database is the moderator): the shop's phone changed in
// /admin/settings is in the storefront's footer and top bar at the next page; a customer's review on a product page,
// answered in /admin/moderation, shows the answer under it with the shop's name.
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, logInInBrowser, signUpInBrowser } from './journeys/support.ts';
import { hasBrowser, resultsDir, useBrowser, waitForAppOnLoads } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

const MODERATOR_ID = 1;
const PRODUCT_URL = '/lavanda-uzkolistnaya-10-ml.html';

describe.skipIf(!hasBrowser)('shop settings and answers in the back office', () => {
  const browser = useBrowser();
  let shop: RunningShop;
  let visitorContext: BrowserContext | undefined;
  let ownerAccount: Customer | undefined;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: String(MODERATOR_ID) });
  });
  afterAll(async () => {
    await visitorContext?.close();
    await shop?.stop();
  });

  /** The owner in this test's browser: registered first (id 1, the moderator), logged in again later. */
  async function ownerPage() {
    if (ownerAccount) await logInInBrowser(browser.page, shop.url, ownerAccount);
    else {
      ownerAccount = await signUpInBrowser(browser.page, shop.url, 'Владелица');
      expect(ownerAccount.id).toBe(MODERATOR_ID);
    }
    return browser.page;
  }

  async function visitorPage() {
    visitorContext ??= await (browser.context.browser() as Browser).newContext({
      viewport: { width: 390, height: 844 },
      locale: 'ru-RU',
    });
    return waitForAppOnLoads(await visitorContext.newPage());
  }

  it('changes the shop phone in the back office, and the storefront footer shows it', async () => {
    const owner = await ownerPage();
    await owner.goto(`${shop.url}/admin/settings`);
    await owner.getByRole('heading', { level: 1, name: 'Настройки магазина' }).waitFor();
    const phone = owner.getByRole('textbox', { name: 'Телефон 1' });
    expect(await phone.inputValue()).toBe('+7 (495) 120-45-67');
    await phone.fill('8 812 300 40 50');
    await owner.getByRole('textbox', { name: 'Подпись' }).first().fill('Санкт-Петербург');
    await owner.getByRole('button', { name: 'Сохранить настройки' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: 'Настройки сохранены: сайт, письма и фиды уже показывают новые данные.' })
      .waitFor();
    // Stored as a +7 number and shown back formatted.
    expect(await phone.inputValue()).toBe('+7 (812) 300-40-50');
    for (const [name, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await owner.setViewportSize(viewport);
      await owner.screenshot({ path: path.join(resultsDir, `admin-settings-${name}.png`), fullPage: true });
    }
    await owner.setViewportSize({ width: 1280, height: 900 });

    // A buyer in a browser of their own, on a phone: the footer and the top bar's call button.
    const visitor = await visitorPage();
    await visitor.goto(shop.url);
    const footer = visitor.getByRole('contentinfo');
    await footer.getByRole('link', { name: '+7 (812) 300-40-50' }).waitFor();
    expect(await footer.getByText('— Санкт-Петербург').count()).toBe(1);
    expect(await footer.getByRole('link', { name: '+7 (495) 120-45-67' }).count()).toBe(0);
    expect(
      await visitor.getByRole('link', { name: 'Позвонить: +7 (812) 300-40-50' }).getAttribute('href'),
    ).toBe('tel:+78123004050');
  });

  it('rejects a mistyped ИНН on the field itself, in Russian', async () => {
    const owner = await ownerPage();
    await owner.goto(`${shop.url}/admin/settings`);
    const inn = owner.getByRole('textbox', { name: 'ИНН' });
    await inn.fill('7700000001');
    await owner.getByRole('button', { name: 'Сохранить настройки' }).click();
    await owner
      .getByText('ИНН: 10 или 12 цифр с верным контрольным числом — проверьте, нет ли опечатки')
      .waitFor();
    expect(await inn.getAttribute('aria-invalid')).toBe('true');
  });

  it('answers a product review as the shop, and the product page shows the answer under it', async () => {
    // The owner first: on a fresh shop the first account registered is the moderator.
    const owner = await ownerPage();
    const visitor = await visitorPage();
    await signUpInBrowser(visitor, shop.url, 'Вероника');
    const marker = `Пахнет как летний луг, ${Date.now().toString(36)}`;
    await visitor.goto(`${shop.url}${PRODUCT_URL}`);
    const comments = visitor.locator('#comments');
    await comments.scrollIntoViewIfNeeded();
    await comments.getByRole('textbox', { name: 'Ваш отзыв' }).click();
    await comments.getByRole('toolbar', { name: 'Оформление текста' }).waitFor();
    await comments.getByRole('textbox', { name: 'Ваш отзыв' }).click();
    await visitor.keyboard.type(marker);
    await comments.getByRole('button', { name: 'Отправить' }).click();
    await comments.locator('.comment').filter({ hasText: marker }).waitFor();

    await owner.goto(`${shop.url}/admin/moderation/comments`);
    const item = owner.getByRole('listitem', { name: 'Комментарий, автор — Вероника' });
    await item.getByText(marker).waitFor();
    await item.getByRole('button', { name: 'Ответить от магазина' }).click();
    await item
      .getByRole('textbox', { name: 'Ответ магазина «Эфир»' })
      .fill('Вероника, спасибо! Лаванда этого года удалась.');
    await item.getByRole('button', { name: 'Опубликовать ответ' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: 'Ответ магазина опубликован под текстом покупателя.' })
      .waitFor();
    await item.getByText('Вероника, спасибо! Лаванда этого года удалась.').waitFor();

    // The buyer opens the product page again: the answer is under the review, named with the shop's name.
    await visitor.goto(`${shop.url}${PRODUCT_URL}`);
    const review = visitor.locator('.comment').filter({ hasText: marker });
    await review.scrollIntoViewIfNeeded();
    const answer = review.getByRole('region', { name: 'Ответ магазина «Эфир»' });
    await answer.getByText('Вероника, спасибо! Лаванда этого года удалась.').waitFor();
    expect(await answer.getByText('Ответ магазина «Эфир»').count()).toBe(1);
    await review.screenshot({ path: path.join(resultsDir, 'shop-reply-phone.png') });
    await item.screenshot({ path: path.join(resultsDir, 'shop-reply-moderation-desktop.png') });
    // Two browsers, the rich editor's code and two sign-ins: more than one page's worth of time on a busy machine.
  }, 180_000);
});
