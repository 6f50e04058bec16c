// Journey (issue 35, point 4; decision 040): a guest order joins the account once the account's e-mail is confirmed.
// Мария orders as a guest with her e-mail, then registers with it. Before she confirms the e-mail, «Мои заказы» and
// EFIR10 tell the same story: the order placed without the account is waiting for the confirmation, and the code is
// refused because of it. She opens the link of the welcome letter: the order is in «Мои заказы», the back office
// lists it under her, and EFIR10 is refused for the order in her account.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../support/browser.ts';
import {
  addToCartFromProductPage,
  type JourneyShop,
  plain,
  readOutbox,
  restartJourneyShop,
  type ShopApi,
  signUpInBrowser,
  signUpModerator,
  startJourneyShop,
  uniqueEmail,
} from './support.ts';

const LAVENDER = '/lavanda-uzkolistnaya-10-ml.html';

async function orderAsGuest(page: Page, origin: string, email: string): Promise<string> {
  await addToCartFromProductPage(page, `${origin}${LAVENDER}`);
  await page.goto(`${origin}/checkout`);
  await page.waitForURL('**/checkout/delivery');
  await page.getByRole('radio', { name: /^Самовывоз бесплатно/ }).check();
  await page.getByRole('radio', { name: /Самовывоз из офиса в Москве/ }).check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.waitForURL('**/checkout/pay');
  await page.getByRole('radio', { name: /Наличными/ }).check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.waitForURL('**/checkout/info');
  const recipient = page.getByRole('form', { name: 'Получатель' });
  await recipient.getByRole('textbox', { name: 'Имя' }).fill('Мария');
  await recipient.getByRole('textbox', { name: 'Фамилия' }).fill('Соколова');
  await recipient.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await recipient.getByRole('textbox', { name: 'Телефон' }).fill('8 916 222-33-44');
  await recipient.getByRole('button', { name: 'Далее' }).click();
  await page.waitForURL('**/checkout/check');
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await page.waitForURL('**/checkout/done**');
  const shown = page.getByText(/ЭФ-\d+/).first();
  await shown.waitFor();
  const number = /ЭФ-\d+/.exec(plain(await shown.textContent()))?.[0];
  expect(number).toBeDefined();
  return number!;
}

async function efir10Refusal(page: Page, origin: string): Promise<string> {
  // EFIR10 needs 2 000 ₽ in the cart: 5 × 490 ₽.
  for (let bottle = 0; bottle < 5; bottle++) await addToCartFromProductPage(page, `${origin}${LAVENDER}`);
  await page.goto(`${origin}/my-cart`);
  await page.getByRole('textbox', { name: 'Промокод' }).fill('EFIR10');
  await page.getByRole('button', { name: 'Применить' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'первый заказ' });
  await alert.waitFor();
  return plain(await alert.textContent());
}

function journey(viewport: { width: number; height: number }) {
  const browser = useBrowser(viewport);
  let shop: JourneyShop;
  let moderator: ShopApi;

  beforeAll(async () => {
    shop = await startJourneyShop({ MODERATOR_IDS: '1' });
    moderator = await signUpModerator(shop.url);
  });
  afterAll(async () => {
    await shop?.dispose();
  });

  it('guest order → registration: «Мои заказы» and EFIR10 agree before and after the e-mail is confirmed', {
    timeout: 180_000,
  }, async () => {
    const { page } = browser;
    const email = uniqueEmail('maria');
    const number = await orderAsGuest(page, shop.url, email);
    const maria = await signUpInBrowser(page, shop.url, 'Мария', { email, open: '/my-orders' });

    // Not confirmed yet: the order is not in her account, and the page says where it is and what brings it in.
    const waiting = page.getByRole('status').filter({ hasText: 'без входа в кабинет' });
    await waiting.waitFor();
    expect(plain(await waiting.textContent())).toContain('Подтвердите e-mail');
    expect(await page.getByRole('heading', { name: `Заказ ${number}` }).count()).toBe(0);
    // EFIR10 is refused for that same order, and says so in the same words.
    expect(await efir10Refusal(page, shop.url)).toContain('без входа в кабинет');
    // The back office does not list the order under her either.
    const before = await moderator.send<{ customer: { orders: { id: number }[] } }>(
      'GET',
      `/api/v1/admin/customers/${maria.id}`,
    );
    expect(before.customer.orders).toEqual([]);

    // The welcome letter's link confirms the e-mail.
    const letters = (await readOutbox(shop)).filter((letter) => letter.to === email);
    const link = /https?:\/\/\S+email_token=\S+/.exec(letters.map((letter) => letter.text).join('\n'))?.[0];
    expect(link, JSON.stringify(letters)).toBeDefined();
    shop = await restartJourneyShop(shop, { MODERATOR_IDS: '1' });
    await page.goto(link!);
    await page.getByRole('status').filter({ hasText: 'E-mail подтверждён' }).waitFor();

    await page.goto(`${shop.url}/my-orders`);
    await page.getByRole('heading', { name: `Заказ ${number}` }).waitFor();
    expect(await page.getByText('без входа в кабинет').count()).toBe(0);
    expect(await efir10Refusal(page, shop.url)).toContain('у вас заказы уже есть');
    const after = await moderator.send<{ customer: { orders: { id: number }[] } }>(
      'GET',
      `/api/v1/admin/customers/${maria.id}`,
    );
    expect(after.customer.orders).toHaveLength(1);
  });
}

describe.skipIf(!hasBrowser)('journey: guest orders and the account, on a phone (390×844)', () => {
  journey({ width: 390, height: 844 });
});

describe.skipIf(!hasBrowser)('journey: guest orders and the account, on a desktop (1366×900)', () => {
  journey({ width: 1366, height: 900 });
});
