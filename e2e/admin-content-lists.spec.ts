// The back office's «Слайды» and «Меню» (one list editor for both) end to end, on a shop of its own started with
// MODERATOR_IDS=1,2: each test registers the next account on the fresh database, so each is a moderator. A slide and
// a footer link are added, changed, moved and deleted through the tabs, and the public pages follow every step.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInBrowser } from './journeys/support.ts';
import { hasBrowser, useBrowser } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';

/** Unique, so the test does not depend on what other specs or the seed hold. */
const mark = () => Date.now().toString(36).slice(-5);

/** The names of the cards in the order shown, as their «Выше: …» buttons name them. */
async function cardOrder(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('button', { name: /^Выше: / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Выше: /, ''));
}

function card(page: Page, name: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Выше: ${name}`, exact: true }) });
}

async function notice(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).waitFor();
}

async function deleteCard(page: Page, name: string) {
  const item = card(page, name);
  await item.getByRole('button', { name: 'Удалить', exact: true }).click();
  await item.getByText(`Удалить «${name}»?`).waitFor();
  await item.getByRole('button', { name: 'Да', exact: true }).click();
}

/** The home page as a guest receives it from the server. */
async function homeHtml(origin: string): Promise<string> {
  const response = await fetch(`${origin}/`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The titles of the home page's slides, in their order. */
function slideTitles(home: string): string[] {
  return [...home.matchAll(/<span class="slide__title">([^<]*)<\/span>/g)].map((match) => match[1]!);
}

describe.skipIf(!hasBrowser)('slides and menus in the back office', () => {
  const browser = useBrowser();
  let shop: RunningShop;

  beforeAll(async () => {
    shop = await startSeededShop({ MODERATOR_IDS: '1,2' });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('adds, edits, moves and deletes a home slide, and the home page follows', async () => {
    const { page } = browser;
    await signUpInBrowser(page, shop.url, 'Ольга');
    await page.goto(`${shop.url}/admin/content/slides`);
    await page.getByRole('heading', { level: 1, name: 'Контент' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Виды контента' })
      .getByRole('link', { name: 'Слайды' })
      .waitFor();
    await page.getByRole('button', { name: 'Выше: Болгарская лаванда нового урожая', exact: true }).waitFor();
    const before = await cardOrder(page);
    const last = before.at(-1) as string;

    const title = `Розовая вода из Болгарии ${mark()}`;
    await page.getByRole('button', { name: 'Добавить слайд' }).click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Сохранить' }) });
    await form.getByRole('textbox', { name: 'Название', exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Ссылка' }).fill('/gidrolaty');
    await form.getByRole('textbox', { name: 'Картинка' }).fill('slides/hydrolats.jpg');
    await form.getByRole('combobox', { name: 'Кому показывать' }).selectOption({ label: 'Всем' });
    await form.getByRole('textbox', { name: 'Цвет фона', exact: true }).fill('#f2e4ea');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await notice(page, 'Слайд добавлен');
    await card(page, title).getByText('/gidrolaty').waitFor();
    await card(page, title).getByText('Всем', { exact: true }).waitFor();
    expect(await cardOrder(page)).toEqual([...before, title]);
    expect(await homeHtml(shop.url)).toContain(`${title}<`);

    // A new title, saved: the card shows it and the old one is gone.
    const renamed = `${title} — новый урожай`;
    const item = card(page, title);
    await item.getByRole('button', { name: 'Изменить' }).click();
    await item.getByRole('textbox', { name: 'Название' }).fill(renamed);
    await item.getByRole('button', { name: 'Сохранить' }).click();
    await notice(page, 'Изменения сохранены');
    await card(page, renamed).getByText(renamed, { exact: true }).waitFor();
    expect(await cardOrder(page)).toEqual([...before, renamed]);

    // One step up: before the slide that was last, here and after a reload.
    await page.getByRole('button', { name: `Выше: ${renamed}`, exact: true }).click();
    await notice(page, 'Порядок сохранён');
    const moved = [...before.slice(0, -1), renamed, last];
    expect(await cardOrder(page)).toEqual(moved);
    await page.reload();
    await page.getByRole('button', { name: `Выше: ${renamed}`, exact: true }).waitFor();
    expect(await cardOrder(page)).toEqual(moved);

    // The home page shows the new title (the old one, a prefix of it, no longer ends an element), before the slide
    // it was moved above (both are for everyone).
    const home = await homeHtml(shop.url);
    expect(home).not.toContain(`${title}<`);
    // A seeded title may name a fact the server prints in its place ({{next-course}}): matched by the words before it.
    const titles = slideTitles(home);
    const lastShown = titles.findIndex((shown) => shown.startsWith(last.split('{{')[0]!));
    expect(titles.indexOf(renamed)).toBeGreaterThan(-1);
    expect(titles.indexOf(renamed)).toBe(lastShown - 1);

    await deleteCard(page, renamed);
    await notice(page, 'Слайд удалён');
    expect(await card(page, renamed).count()).toBe(0);
    expect(await cardOrder(page)).toEqual(before);
    await page.reload();
    await page.getByRole('button', { name: `Выше: ${last}`, exact: true }).waitFor();
    expect(await cardOrder(page)).toEqual(before);
    expect(await homeHtml(shop.url)).not.toContain(renamed);
  });

  it('adds, moves and deletes a footer link, and the footer follows', async () => {
    const { page } = browser;
    await signUpInBrowser(page, shop.url, 'Ольга');
    await page.goto(`${shop.url}/admin/content/menu`);
    await page.getByRole('heading', { level: 1, name: 'Контент' }).waitFor();
    // The menu of the catalogue's articles comes first; the footer is «Подвал».
    await page
      .getByRole('button', { name: /^Выше: / })
      .first()
      .waitFor();
    await page.getByRole('combobox', { name: 'Меню' }).selectOption({ label: 'Подвал' });
    await page.waitForURL('**/admin/content/menu?menu=footer');
    await page.getByRole('button', { name: 'Выше: Помощь покупателю', exact: true }).waitFor();
    const before = await cardOrder(page);
    const last = before.at(-1) as string;

    const name = `Подарочные сертификаты ${mark()}`;
    const url = `/podarki-${mark()}`;
    await page.getByRole('button', { name: 'Добавить ссылку' }).click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Сохранить' }) });
    await form.getByRole('textbox', { name: 'Название', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Ссылка' }).fill(url);
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await notice(page, 'Ссылка добавлена');
    await card(page, name).getByText(url, { exact: true }).waitFor();
    expect(await cardOrder(page)).toEqual([...before, name]);

    // The public footer lists it last, under «Покупателям».
    const visitor = await page.context().browser()?.newContext({ locale: 'ru-RU' });
    if (!visitor) throw new Error('no browser');
    try {
      const guest = await visitor.newPage();
      const footerLinks = async () => {
        await guest.goto(`${shop.url}/akcii`);
        return guest.getByRole('contentinfo').getByRole('listitem').getByRole('link').allInnerTexts();
      };
      const shown = await footerLinks();
      expect(shown.slice(0, before.length + 1)).toEqual([...before, name]);
      expect(await guest.getByRole('contentinfo').getByRole('link', { name }).getAttribute('href')).toBe(url);

      // One step up, kept after a reload, and the footer follows.
      await page.getByRole('button', { name: `Выше: ${name}`, exact: true }).click();
      await notice(page, 'Порядок сохранён');
      const moved = [...before.slice(0, -1), name, last];
      expect(await cardOrder(page)).toEqual(moved);
      await page.reload();
      await page.getByRole('button', { name: `Выше: ${name}`, exact: true }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Меню' }).inputValue()).toBe('footer');
      expect(await cardOrder(page)).toEqual(moved);
      expect((await footerLinks()).slice(0, moved.length)).toEqual(moved);

      // Other menus are left alone.
      await page.getByRole('combobox', { name: 'Меню' }).selectOption({ label: 'Верхняя строка' });
      await page.getByRole('button', { name: 'Выше: О компании', exact: true }).waitFor();
      expect(await card(page, name).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Меню' }).selectOption({ label: 'Подвал' });
      await page.getByRole('button', { name: `Выше: ${name}`, exact: true }).waitFor();

      await deleteCard(page, name);
      await notice(page, 'Ссылка удалена');
      expect(await card(page, name).count()).toBe(0);
      expect(await cardOrder(page)).toEqual(before);
      const after = await footerLinks();
      expect(after).not.toContain(name);
      expect(after.slice(0, before.length)).toEqual(before);
    } finally {
      await visitor.close();
    }
  });
});
