// The back office's «Контент»: edits show on the public answers at once (the caches are dropped), rich text is
// stored sanitised, addresses stay unique, only whitelisted fields are taken, and every change is audited.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../back-office/admin.table.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import type { TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const BASE = '/api/v1/admin/content';
const XSS =
  '<p>Безопасно<img src=x onerror=alert(1)></p><a href="javascript:alert(2)">ссылка</a><script>alert(3)</script>';

let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  const imagesDir = mkdtempSync(path.join(os.tmpdir(), 'efir-content-admin-'));
  mkdirSync(path.join(imagesDir, 'slides'));
  writeFileSync(path.join(imagesDir, 'slides', 'novyj.jpg'), 'jpeg');
  // A real answer cache (tests normally turn it off), so a stale answer would show.
  shop = await createTestApp({
    env: { ...MODERATOR_ENV, PAGE_CACHE_TTL_MS: '60000', IMAGES_DIR: imagesDir },
  });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop.close());

const send = (method: string, url: string, payload?: unknown) =>
  moderator.request({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

async function publicRoute(url: string) {
  const response = await shop.app.inject({ method: 'POST', url: '/api/v1/route', payload: { url } });
  return { status: response.statusCode, body: response.json() };
}

async function critical() {
  return (await shop.app.inject({ method: 'GET', url: '/api/v1/critical' })).json();
}

/** Every part the sitemap index lists, as one text. */
async function sitemap() {
  const index = (await shop.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
  const parts = [...index.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  expect(parts.length).toBeGreaterThan(0);
  const bodies = await Promise.all(
    parts.map(async (url) => (await shop.app.inject({ method: 'GET', url })).body),
  );
  return bodies.join('\n');
}

async function auditFor(entityId: string) {
  return shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'content'), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.id);
}

async function firstArticles(q?: string) {
  const response = await send('GET', `${BASE}/articles${q ? `?q=${encodeURIComponent(q)}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    items: Array<{ id: number; title: string; url: string; visible: boolean }>;
    total: number;
  };
}

describe('articles', () => {
  it('lists with search over title and address', async () => {
    const all = await firstArticles();
    expect(all.total).toBeGreaterThan(3);
    const found = await firstArticles('фототоксичн');
    expect(found.items.map((item) => item.url)).toEqual(['/articles/fototoksichnost-citrusovyh-masel.html']);
  });

  it('shows an edit on the public page at once, with the rich text sanitised, and audits it', async () => {
    const [article] = (await firstArticles('фототоксичн')).items;
    if (!article) throw new Error('no demo article');
    // Warm the answer cache first: the save must drop it.
    expect((await publicRoute(article.url)).body.page.com_data.title).not.toBe('Цитрусы и солнце');

    const saved = await send('PUT', `${BASE}/articles/${article.id}`, {
      title: 'Цитрусы и солнце',
      html: XSS,
    });
    expect(saved.statusCode).toBe(200);
    const stored: string = saved.json().item.html;
    expect(stored).toContain('Безопасно');
    expect(stored).not.toMatch(/onerror|javascript:|<script|alert\(3\)/i);

    const page = await publicRoute(article.url);
    expect(page.body.page.com_data.title).toBe('Цитрусы и солнце');
    expect(page.body.page.com_data.html).toBe(stored);

    const [entry] = await auditFor(`article:${article.id}`);
    expect(entry).toMatchObject({ userId: TEST_MODERATOR_ID, action: 'content.update' });
    expect(entry?.before).toMatchObject({ title: article.title });
    expect(entry?.after).toMatchObject({ title: 'Цитрусы и солнце', html: stored });
    // Only the changed fields are recorded.
    expect(Object.keys(entry?.after as object).sort()).toEqual(['html', 'title']);
  });

  it('creates an article that appears in the sitemap and leaves it when unpublished', async () => {
    const options = (await send('GET', `${BASE}/options`)).json();
    const created = await send('POST', `${BASE}/articles`, {
      title: 'Масло чайного дерева дома',
      url: '/articles/chajnoe-derevo-doma.html',
      razdel_id: options.razdels[0].id,
      author_id: options.authors[0].id,
      tag_ids: [options.tags[0].id],
      excerpt: 'Коротко о главном',
      html: '<h2>Где пригодится</h2><p>Везде.</p>',
    });
    expect(created.statusCode).toBe(201);
    const item = created.json().item;
    expect(item).toMatchObject({ visible: true, tag_ids: [options.tags[0].id] });
    expect(await sitemap()).toContain('/articles/chajnoe-derevo-doma.html');
    expect((await publicRoute(item.url)).body.page.com_data.title).toBe('Масло чайного дерева дома');
    expect((await auditFor(`article:${item.id}`))[0]).toMatchObject({ action: 'content.create' });

    const hidden = await send('PUT', `${BASE}/articles/${item.id}`, { visible: false });
    expect(hidden.statusCode).toBe(200);
    expect(await sitemap()).not.toContain('/articles/chajnoe-derevo-doma.html');
    expect((await publicRoute(item.url)).status).toBe(404);
  });

  it('refuses an address that is taken, reserved or malformed, with a Russian 422', async () => {
    const { items } = await firstArticles();
    const [first, second] = items;
    if (!first || !second) throw new Error('need two articles');
    for (const url of [second.url, '/akcii', '/efirnye-masla', 'bez-slesha', '/Заглавные', '/a//b']) {
      const response = await send('PUT', `${BASE}/articles/${first.id}`, { url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.url[0], url).toMatch(/[а-я]/);
    }
    const taken = await send('PUT', `${BASE}/articles/${first.id}`, { url: second.url });
    expect(taken.json().errors.url).toEqual(['Этот адрес уже занят (статья)']);
    // Keeping its own address is fine.
    expect((await send('PUT', `${BASE}/articles/${first.id}`, { url: first.url })).statusCode).toBe(200);
  });

  it('refuses unknown fields instead of writing them', async () => {
    const [article] = (await firstArticles()).items;
    const response = await send('PUT', `${BASE}/articles/${article?.id}`, {
      title: 'Новое',
      avg_rating: 5,
      comments_count: 1000,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      avg_rating: ['Неизвестное поле'],
      comments_count: ['Неизвестное поле'],
    });
    const detail = (await send('GET', `${BASE}/articles/${article?.id}`)).json().item;
    expect(detail.title).toBe(article?.title);
  });

  it('checks references and answers 404 for an unknown article', async () => {
    const [article] = (await firstArticles()).items;
    const bad = await send('PUT', `${BASE}/articles/${article?.id}`, {
      razdel_id: 999_999,
      tag_ids: [999_998],
      image: 'net/takogo.jpg',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['image', 'razdel_id', 'tag_ids']);
    expect((await send('PUT', `${BASE}/articles/999999`, { title: 'Нет' })).statusCode).toBe(404);
  });
});

describe('recipes', () => {
  it('saves the ingredient products, shown on the recipe page at once', async () => {
    const recipes = (await send('GET', `${BASE}/recipes`)).json();
    const recipe = recipes.items[0];
    await publicRoute(recipe.url);
    const products = (await send('GET', `${BASE}/products?q=${encodeURIComponent('лаванд')}`)).json()
      .products;
    expect(products.length).toBeGreaterThan(0);
    const saved = await send('PUT', `${BASE}/recipes/${recipe.id}`, {
      ingredients: [
        { product_id: products[0].id, amount: '5 капель' },
        { name: 'Вода', amount: '50 мл' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const page = await publicRoute(recipe.url);
    expect(
      page.body.components.map((line: { name: string; amount: string; product: { id: number } | null }) => [
        line.name,
        line.amount,
        line.product?.id ?? null,
      ]),
    ).toEqual([
      [products[0].name, '5 капель', products[0].id],
      ['Вода', '50 мл', null],
    ]);
    const bad = await send('PUT', `${BASE}/recipes/${recipe.id}`, {
      ingredients: [{ product_id: 999_999 }, { amount: '1 г' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'ingredients.0.product_id': ['Такого товара нет'],
      'ingredients.1.name': ['Укажите название или выберите товар'],
    });
  });
});

describe('static pages', () => {
  it('shows an edit at once, sanitised, and audits it', async () => {
    const pages = (await send('GET', `${BASE}/pages`)).json().items;
    const delivery = pages.find((page: { url: string }) => page.url === '/dostavka.html');
    const publicPage = () =>
      shop.app
        .inject({ method: 'GET', url: '/api/v1/static-page?url=%2Fdostavka.html' })
        .then((r) => r.json());
    await publicPage();
    const saved = await send('PUT', `${BASE}/pages/${delivery.id}`, { html: `<h2>Сроки</h2>${XSS}` });
    expect(saved.statusCode).toBe(200);
    const html: string = (await publicPage()).page.html;
    expect(html).toContain('<h2>Сроки</h2>');
    expect(html).not.toMatch(/onerror|javascript:|<script/i);
    expect((await auditFor(`page:${delivery.id}`))[0]?.after).toEqual({ html });
    const unknown = await send('PUT', `${BASE}/pages/${delivery.id}`, { url: '/drugoj' });
    expect(unknown.json().errors).toEqual({ url: ['Неизвестное поле'] });
  });
});

describe('slides', () => {
  it('validates the audience and colour, then creates, orders and deletes with the home page following', async () => {
    const bad = await send('POST', `${BASE}/slides`, {
      img: 'slides/novyj.jpg',
      name: 'Новинка',
      show: 'vip',
      color: 'red',
      link: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['color', 'link', 'show']);
    expect(bad.json().errors.show[0]).toMatch(/всем/);

    const created = await send('POST', `${BASE}/slides`, {
      img: 'slides/novyj.jpg',
      name: 'Новинка',
      show: 'guest',
      color: '#AABBCC',
      link: '/akcii',
    });
    expect(created.statusCode).toBe(201);
    const slide = created.json().item;
    expect(slide).toMatchObject({ show: 'guest', color: '#aabbcc' });
    let slider = (await critical()).slider;
    expect(slider.at(-1)).toMatchObject({
      name: 'Новинка',
      show: 'guest',
      img: { basename: 'slides/novyj' },
    });

    const ids = slider.map((item: { id: number }) => item.id);
    const reversed = [...ids].reverse();
    expect((await send('PUT', `${BASE}/slides/order`, { ids: reversed })).statusCode).toBe(200);
    slider = (await critical()).slider;
    expect(slider.map((item: { id: number }) => item.id)).toEqual(reversed);
    expect((await send('PUT', `${BASE}/slides/order`, { ids: ids.slice(1) })).statusCode).toBe(422);

    expect((await send('DELETE', `${BASE}/slides/${slide.id}`)).statusCode).toBe(204);
    expect((await critical()).slider.some((item: { id: number }) => item.id === slide.id)).toBe(false);
    expect((await auditFor(`slide:${slide.id}`)).map((entry) => entry.action)).toEqual([
      'content.create',
      'content.delete',
    ]);
  });
});

describe('menu article links', () => {
  it('creates, edits and deletes a link of the mega-menu', async () => {
    const created = await send('POST', `${BASE}/menu`, {
      menu: 'articles',
      name: 'Как хранить масла',
      url: '/articles/kak-poluchayut-efirnye-masla.html',
      color: '#3f6b4f',
    });
    expect(created.statusCode).toBe(201);
    const link = created.json().item;
    expect((await critical()).sidebar.at(-1)).toMatchObject({ name: 'Как хранить масла', color: '#3f6b4f' });
    await send('PUT', `${BASE}/menu/${link.id}`, { name: 'Хранение масел' });
    expect((await critical()).sidebar.at(-1).name).toBe('Хранение масел');
    const list = (await send('GET', `${BASE}/menu?menu=articles`)).json().items;
    expect(list.at(-1)).toMatchObject({ id: link.id, name: 'Хранение масел' });
    expect((await send('POST', `${BASE}/menu`, { menu: 'nope', name: 'x', url: '/x' })).statusCode).toBe(422);
    expect((await send('DELETE', `${BASE}/menu/${link.id}`)).statusCode).toBe(204);
    expect((await critical()).sidebar.some((item: { name: string }) => item.name === 'Хранение масел')).toBe(
      false,
    );
  });
});

describe('edits and unknown rows', () => {
  it('audits only the changed fields of a slide, and answers 404 for a slide, link or page that is not there', async () => {
    const created = await send('POST', `${BASE}/slides`, {
      img: 'slides/novyj.jpg',
      name: 'Осень',
      show: 'all',
      color: '#ffffff',
      link: '/akcii',
    });
    const slide = created.json().item;
    const edited = await send('PUT', `${BASE}/slides/${slide.id}`, { name: 'Осенняя распродажа' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().item).toMatchObject({ id: slide.id, name: 'Осенняя распродажа', link: '/akcii' });
    expect((await critical()).slider.find((item: { id: number }) => item.id === slide.id)?.name).toBe(
      'Осенняя распродажа',
    );
    const update = (await auditFor(`slide:${slide.id}`)).find((entry) => entry.action === 'content.update');
    expect(update).toMatchObject({ before: { name: 'Осень' }, after: { name: 'Осенняя распродажа' } });

    expect((await send('PUT', `${BASE}/slides/999999`, { name: 'Нет' })).statusCode).toBe(404);
    expect((await send('DELETE', `${BASE}/slides/999999`)).statusCode).toBe(404);
    expect((await send('PUT', `${BASE}/menu/999999`, { name: 'Нет' })).statusCode).toBe(404);
    expect((await send('DELETE', `${BASE}/menu/999999`)).statusCode).toBe(404);
    expect((await send('PUT', `${BASE}/pages/999999`, { html: '<p>Нет</p>' })).statusCode).toBe(404);
    expect((await send('DELETE', `${BASE}/slides/${slide.id}`)).statusCode).toBe(204);
  });

  it('moves a menu link to another menu, where it goes last', async () => {
    const created = await send('POST', `${BASE}/menu`, { menu: 'articles', name: 'Переезд', url: '/akcii' });
    const link = created.json().item;
    const moved = await send('PUT', `${BASE}/menu/${link.id}`, { menu: 'footer' });
    expect(moved.statusCode).toBe(200);
    const footer = (await send('GET', `${BASE}/menu?menu=footer`)).json().items;
    expect(footer.at(-1)).toMatchObject({ id: link.id, name: 'Переезд' });
    const articlesMenu = (await send('GET', `${BASE}/menu?menu=articles`)).json().items;
    expect(articlesMenu.some((item: { id: number }) => item.id === link.id)).toBe(false);
    expect((await send('DELETE', `${BASE}/menu/${link.id}`)).statusCode).toBe(204);
  });
});
