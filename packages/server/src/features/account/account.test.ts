// The personal account through HTTP: page data, profile, avatar, addresses, pickup points, favourites, waitlist,
// mailings, questions, the personal discount; IDOR and mass assignment on every {id} route.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { calculateAge, getMoscowToday } from '@efir/domain/account-schemas';
import { and, asc, eq, gt, inArray, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig } from '../../config.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { articles, recipes } from '../content/content.table.ts';
import { createMailService } from '../mail/mail.service.ts';
import { outbox } from '../mail/mail.table.ts';
import {
  answerQuestion,
  calculateDiscountPercent,
  describeDiscount,
  notifyBackInStock,
  recalculateDiscount,
} from './account.service.ts';
import { telegramLinkCodes, users, waitlist } from './account.table.ts';

const TIERS = createTestConfig().DISCOUNT_TIERS;

let testApp: TestApp;
let imagesDir: string;
/** Seeded products: some in stock, one sold out (made so here). */
let inStockId: number;
let soldOutId: number;
let secondSoldOutId: number;
let recipeId: number;
let articleId: number;

beforeAll(async () => {
  imagesDir = await mkdtemp(path.join(tmpdir(), 'efir-account-images-'));
  testApp = await createTestApp({ env: { IMAGES_DIR: imagesDir } });
  const db = testApp.database.db;
  const stocked = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.visible, true), gt(products.stock, 0)))
    .orderBy(asc(products.id))
    .limit(3);
  expect(stocked).toHaveLength(3);
  inStockId = stocked[0]!.id;
  soldOutId = stocked[1]!.id;
  secondSoldOutId = stocked[2]!.id;
  await db
    .update(products)
    .set({ stock: 0 })
    .where(inArray(products.id, [soldOutId, secondSoldOutId]));
  const [recipe] = await db
    .select({ id: recipes.id })
    .from(recipes)
    .where(eq(recipes.visible, true))
    .limit(1);
  const [article] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.visible, true))
    .limit(1);
  recipeId = recipe!.id;
  articleId = article!.id;
});

afterAll(async () => {
  await testApp.close();
  await rm(imagesDir, { recursive: true, force: true });
});

const agent = () => createTestAgent(testApp.app);

async function registered(): Promise<{ browser: TestAgent; id: number; email: string }> {
  const browser = agent();
  const { id, email } = await browser.register();
  return { browser, id, email };
}

async function call(browser: TestAgent, method: string, url: string, payload?: unknown) {
  const response = await browser.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null, response };
}

function multipart(content: Buffer, filename: string, contentType: string, field = 'avatar') {
  const boundary = `----efir${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const samplePng = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 120, g: 90, b: 200 } } })
    .png()
    .toBuffer();

function avatarFile(photo: string): string {
  return path.join(imagesDir, 'avatars', path.basename(photo));
}

describe('account pages', () => {
  it('need login: every GET /v1/my-* answers 401 UNAUTHENTICATED to a guest', async () => {
    for (const page of [
      'my-account',
      'my-personal',
      'my-settings',
      'my-waitlist',
      'my-fav-prod',
      'my-bookmarks',
      'my-orders',
      'my-baskets',
      'my-courses',
      'my-question',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url: `/v1/${page}` });
      expect(response.statusCode, page).toBe(401);
      expect(response.json(), page).toMatchObject({ error: 'UNAUTHENTICATED' });
    }
  });

  it('/v1/my-account sums up: the user, the discount with the way to the next tier, and counts', async () => {
    const { browser, id } = await registered();
    await call(browser, 'PUT', '/v1/user/favorite/product', { id: inStockId });
    await call(browser, 'PUT', '/v1/user/favorite/recept', { id: recipeId });
    await call(browser, 'PUT', `/v1/user/waitlist/${soldOutId}`);
    await call(browser, 'POST', `/v1/user/${id}/address`, { city: 'Москва', street: 'Тверская', house: '1' });
    const { status, body, response } = await call(browser, 'GET', '/v1/my-account');
    expect(status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(body.user).toMatchObject({ id, skidka: 0, favProducts: [inStockId], waitlist: [soldOutId] });
    expect(body.skidka).toEqual({
      percent: 0,
      next: { percent: 3, remaining: 5000 },
      completed_total: 0,
      tiers: [
        { from: 5000, percent: 3 },
        { from: 15000, percent: 5 },
        { from: 30000, percent: 10 },
      ],
    });
    expect(body.counts).toEqual({
      favProducts: 1,
      favRecepts: 1,
      favArticles: 0,
      waitlist: 1,
      addresses: 1,
      pvz: 0,
      questions: 0,
      orders: 0,
    });
  });

  it('shows a discount earned by completed orders and the ₽ still missing to the next one', async () => {
    const { browser, id } = await registered();
    expect(await recalculateDiscount(testApp.database.db, id, 16_000, TIERS)).toBe(5);
    const { body } = await call(browser, 'GET', '/v1/my-account');
    expect(body.user.skidka).toBe(5);
    expect(body.skidka).toMatchObject({
      percent: 5,
      next: { percent: 10, remaining: 14_000 },
      completed_total: 16_000,
    });
    // A refund that takes the total back under a tier takes the discount down with it.
    expect(await recalculateDiscount(testApp.database.db, id, 4_000, TIERS)).toBe(0);
    expect((await call(browser, 'GET', '/v1/user')).body.user.skidka).toBe(0);
  });

  it('/v1/my-personal and /v1/my-settings give the profile and the settings', async () => {
    const { browser, id, email } = await registered();
    expect((await call(browser, 'GET', '/v1/my-personal')).body).toEqual({
      personal: {
        id,
        name: 'Анна',
        fam: '',
        email,
        tel: '',
        birthday: null,
        avatar: { type: 'other', photo: null },
      },
    });
    expect((await call(browser, 'GET', '/v1/my-settings')).body).toEqual({
      settings: { mailings: true, telegram: { linked: false, bot: 'efir_consult_bot' } },
    });
  });

  it('orders, saved carts and courses are empty lists until their features land', async () => {
    const { browser } = await registered();
    for (const page of ['my-orders', 'my-baskets', 'my-courses']) {
      expect(await call(browser, 'GET', `/v1/${page}`)).toMatchObject({ status: 200, body: { items: [] } });
    }
  });
});

describe('personal data', () => {
  it('PUT /v1/user/{id} saves name, surname and a phone normalised to +7', async () => {
    const { browser, id } = await registered();
    const { status, body } = await call(browser, 'PUT', `/v1/user/${id}`, {
      name: 'Мария',
      fam: 'Петрова-Водкина',
      tel: '8 (916) 555-12-34',
    });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id, name: 'Мария', fam: 'Петрова-Водкина', tel: '+79165551234' });
    // Fields left out stay as they were.
    await call(browser, 'PUT', `/v1/user/${id}`, { name: 'Маша' });
    expect((await call(browser, 'GET', '/v1/my-personal')).body.personal).toMatchObject({
      name: 'Маша',
      fam: 'Петрова-Водкина',
      tel: '+79165551234',
    });
  });

  it('refuses bad values with Russian field messages', async () => {
    const { browser, id } = await registered();
    const { status, body } = await call(browser, 'PUT', `/v1/user/${id}`, {
      name: '',
      fam: 'Ив@нов',
      tel: '12345',
    });
    expect(status).toBe(422);
    expect(body.message).toBe('The given data was invalid.');
    expect(body.errors.name[0]).toBe('Введите имя');
    expect(body.errors.fam[0]).toMatch(/только буквы/);
    expect(body.errors.tel[0]).toMatch(/российский номер/);
  });

  it('mass assignment: skidka, email, id, role… are refused and nothing changes', async () => {
    const { browser, id, email } = await registered();
    await recalculateDiscount(testApp.database.db, id, 5_000, TIERS);
    const { status, body } = await call(browser, 'PUT', `/v1/user/${id}`, {
      name: 'Хакер',
      skidka: 50,
      email: 'other@example.ru',
      id: 1,
      role: 'admin',
      tokenVersion: 0,
    });
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'id', 'role', 'skidka', 'tokenVersion']);
    const user = (await call(browser, 'GET', '/v1/user')).body.user;
    expect(user).toMatchObject({ id, name: 'Анна', email, skidka: 3 });
    // Other bodies of the account refuse the discount too.
    for (const [method, url, payload] of [
      ['POST', `/v1/user/${id}/birthday`, { birthday: '1990-01-01', skidka: 99 }],
      ['POST', '/v1/user/mailings', { mailings: true, skidka: 99 }],
      ['POST', `/v1/user/${id}/address`, { city: 'Москва', street: 'Арбат', house: '2', skidka: 99 }],
    ] as const) {
      const refused = await call(browser, method, url, payload);
      expect(refused.status, url).toBe(422);
      expect(refused.body.errors.skidka, url).toEqual(['Неизвестное поле']);
    }
    expect((await call(browser, 'GET', '/v1/user')).body.user.skidka).toBe(3);
  });

  it('POST /v1/user/{id}/birthday takes a real past date of someone aged 14 to 120', async () => {
    const { browser, id } = await registered();
    const ok = await call(browser, 'POST', `/v1/user/${id}/birthday`, { birthday: '1988-02-29' });
    expect(ok.status).toBe(200);
    expect(ok.body.user.birthday).toBe('1988-02-29');
    const year = new Date().getFullYear();
    const cases: Array<[unknown, RegExp]> = [
      ['1989-02-29', /нет в календаре/],
      ['2001-13-01', /нет в календаре/],
      ['01.02.1990', /ГГГГ-ММ-ДД/],
      [`${year + 1}-01-01`, /в прошлом/],
      [`${year - 10}-01-01`, /от 14 до 120/],
      [`${year - 130}-01-01`, /от 14 до 120/],
      [19900101, /./],
    ];
    for (const [birthday, message] of cases) {
      const { status, body } = await call(browser, 'POST', `/v1/user/${id}/birthday`, { birthday });
      expect(status, String(birthday)).toBe(422);
      expect(body.errors.birthday[0], String(birthday)).toMatch(message);
    }
    expect((await call(browser, 'GET', '/v1/my-personal')).body.personal.birthday).toBe('1988-02-29');
  });
});

describe('age for the birthday rule', () => {
  it('counts full years in Moscow time, the birthday itself included', () => {
    expect(calculateAge('2012-06-15', '2026-06-14')).toBe(13);
    expect(calculateAge('2012-06-15', '2026-06-15')).toBe(14);
    expect(calculateAge('2008-02-29', '2022-02-28')).toBe(13);
    expect(calculateAge('2008-02-29', '2022-03-01')).toBe(14);
    // 21:30 UTC on 31 December is already 1 January in Moscow.
    expect(getMoscowToday(new Date('2025-12-31T21:30:00Z'))).toBe('2026-01-01');
  });
});

describe('avatar', () => {
  it('turns an uploaded PNG into a 256×256 WebP under /images/avatars and replaces the old one', async () => {
    const { browser, id } = await registered();
    const upload = multipart(await samplePng(), 'me.png', 'image/png');
    const first = await browser.request({ method: 'POST', url: `/v1/user/${id}/avatar`, ...upload });
    expect(first.statusCode).toBe(200);
    const photo: string = first.json().user.avatar.photo;
    expect(first.json().user.avatar.type).toBe('photo');
    expect(photo).toMatch(new RegExp(`^/images/avatars/${id}-[0-9a-f]{16}\\.webp$`));
    const stored = await sharp(avatarFile(photo)).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const served = await testApp.app.inject({ method: 'GET', url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const jpeg = await sharp(await samplePng())
      .jpeg()
      .toBuffer();
    const second = await browser.request({
      method: 'POST',
      url: `/v1/user/${id}/avatar`,
      ...multipart(jpeg, 'photo.jpg', 'image/jpeg'),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.avatar.photo).not.toBe(photo);
    expect(existsSync(avatarFile(photo))).toBe(false);

    const removed = await call(browser, 'DELETE', `/v1/user/${id}/avatar`);
    expect(removed.body.user.avatar).toEqual({ type: 'other', photo: null });
    expect(existsSync(avatarFile(second.json().user.avatar.photo))).toBe(false);
  });

  it('checks the content, not the name: a text file called .png is refused with 422', async () => {
    const { browser, id } = await registered();
    const response = await browser.request({
      method: 'POST',
      url: `/v1/user/${id}/avatar`,
      ...multipart(Buffer.from('это не картинка, а текст\n'.repeat(20)), 'cat.png', 'image/png'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.avatar[0]).toMatch(/JPEG, PNG или WebP/);
    expect((await call(browser, 'GET', '/v1/my-personal')).body.personal.avatar.type).toBe('other');
  });

  it('refuses other image formats (GIF) and a picture over 5 MB', async () => {
    const { browser, id } = await registered();
    const gif = await sharp(await samplePng())
      .gif()
      .toBuffer();
    const gifResponse = await browser.request({
      method: 'POST',
      url: `/v1/user/${id}/avatar`,
      ...multipart(gif, 'a.gif', 'image/gif'),
    });
    expect(gifResponse.statusCode).toBe(422);
    const big = await browser.request({
      method: 'POST',
      url: `/v1/user/${id}/avatar`,
      ...multipart(randomBytes(6 * 1024 * 1024), 'big.png', 'image/png'),
    });
    expect([413, 422]).toContain(big.statusCode);
    expect(big.json().errors.avatar[0]).toMatch(/больше 5 МБ/);
  });

  it('needs a file: a JSON body or an empty form gets 422, not a 500', async () => {
    const { browser, id } = await registered();
    const json = await call(browser, 'POST', `/v1/user/${id}/avatar`, { avatar: 'x' });
    expect(json.status).toBe(422);
    expect(json.body.errors.avatar).toBeDefined();
    const boundary = '----efirempty';
    const empty = await browser.request({
      method: 'POST',
      url: `/v1/user/${id}/avatar`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nпривет\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(empty.statusCode).toBe(422);
  });
});

describe('IDOR: every {id} route belongs to its user only', () => {
  it("answers 403 to another user on each of the first user's {id} routes and changes nothing", async () => {
    const owner = await registered();
    const address = await call(owner.browser, 'POST', `/v1/user/${owner.id}/address`, {
      city: 'Казань',
      street: 'Баумана',
      house: '5',
    });
    const pvz = await call(owner.browser, 'POST', `/v1/user/${owner.id}/pvz`, { code: 'KZN12', type: 7 });
    const intruder = await registered();
    const png = multipart(await samplePng(), 'x.png', 'image/png');
    const attempts: Array<[string, string, unknown?]> = [
      ['PUT', `/v1/user/${owner.id}`, { name: 'Взлом' }],
      ['PUT', `/v1/user/${owner.id}/pwd`, { current_password: 'x', password: 'новый длинный пароль' }],
      ['POST', `/v1/user/${owner.id}/birthday`, { birthday: '1990-01-01' }],
      ['DELETE', `/v1/user/${owner.id}/avatar`],
      ['GET', `/v1/user/${owner.id}/address`],
      ['POST', `/v1/user/${owner.id}/address`, { city: 'Москва', street: 'Ленина', house: '1' }],
      ['DELETE', `/v1/user/${owner.id}/address/${address.body.item.id}`],
      ['POST', `/v1/user/${owner.id}/pvz`, { code: 'MSK1', type: 7 }],
      ['DELETE', `/v1/user/${owner.id}/pvz/${pvz.body.item.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const { status, body } = await call(intruder.browser, method, url, payload);
      expect(status, `${method} ${url}`).toBe(403);
      expect(body, `${method} ${url}`).toEqual({ message: 'This action is unauthorized.' });
    }
    const upload = await intruder.browser.request({
      method: 'POST',
      url: `/v1/user/${owner.id}/avatar`,
      ...png,
    });
    expect(upload.statusCode).toBe(403);

    const mine = await call(owner.browser, 'GET', `/v1/user/${owner.id}/address`);
    expect(mine.body.addresses).toHaveLength(1);
    expect(mine.body.pvz).toHaveLength(1);
    const user = (await call(owner.browser, 'GET', '/v1/user')).body.user;
    expect(user).toMatchObject({ name: 'Анна', birthday: null, avatar: { type: 'other' } });
  });

  it("answers 404 for another user's address or pickup point even under one's own id", async () => {
    const owner = await registered();
    const address = await call(owner.browser, 'POST', `/v1/user/${owner.id}/address`, {
      city: 'Тула',
      street: 'Советская',
      house: '7',
    });
    const pvz = await call(owner.browser, 'POST', `/v1/user/${owner.id}/pvz`, { code: 'TUL3', type: 10 });
    const other = await registered();
    const addressAttempt = await call(
      other.browser,
      'DELETE',
      `/v1/user/${other.id}/address/${address.body.item.id}`,
    );
    const missingAddress = await call(other.browser, 'DELETE', `/v1/user/${other.id}/address/999999`);
    expect(addressAttempt.status).toBe(404);
    // Someone else's id answers exactly like an id that does not exist.
    expect(addressAttempt.body).toEqual(missingAddress.body);
    const pvzAttempt = await call(other.browser, 'DELETE', `/v1/user/${other.id}/pvz/${pvz.body.item.id}`);
    expect(pvzAttempt.status).toBe(404);
    const mine = await call(owner.browser, 'GET', `/v1/user/${owner.id}/address`);
    expect(mine.body.addresses.map((item: { id: number }) => item.id)).toEqual([address.body.item.id]);
    expect(mine.body.pvz.map((item: { id: number }) => item.id)).toEqual([pvz.body.item.id]);
  });

  it("a guest gets 401 on an {id} route; lists of one user never show in another's", async () => {
    const owner = await registered();
    const guest = await testApp.app.inject({ method: 'GET', url: `/v1/user/${owner.id}/address` });
    expect(guest.statusCode).toBe(401);
    await call(owner.browser, 'PUT', '/v1/user/favorite/product', { id: inStockId });
    await call(owner.browser, 'PUT', `/v1/user/waitlist/${soldOutId}`);
    await call(owner.browser, 'POST', '/v1/user/question', { text: 'Подходит ли масло для диффузора?' });
    const other = await registered();
    expect((await call(other.browser, 'GET', '/v1/my-fav-prod')).body.items).toEqual([]);
    expect((await call(other.browser, 'GET', '/v1/my-waitlist')).body.items).toEqual([]);
    expect((await call(other.browser, 'GET', '/v1/my-question')).body.items).toEqual([]);
    // Toggling the same product as someone else only touches one's own list.
    const toggled = await call(other.browser, 'PUT', '/v1/user/favorite/product', { id: inStockId });
    expect(toggled.body).toMatchObject({ list: [inStockId], added: true });
    expect((await call(owner.browser, 'GET', '/v1/user')).body.user.favProducts).toEqual([inStockId]);
  });
});

describe('addresses and pickup points', () => {
  it('adds, lists and deletes addresses', async () => {
    const { browser, id } = await registered();
    const added = await call(browser, 'POST', `/v1/user/${id}/address`, {
      city: ' Санкт-Петербург ',
      street: 'Невский проспект',
      house: '28',
      flat: '12',
      zip: '191186',
      comment: 'Домофон 12',
    });
    expect(added.status).toBe(200);
    expect(added.body.item).toEqual({
      id: expect.any(Number),
      city: 'Санкт-Петербург',
      street: 'Невский проспект',
      house: '28',
      flat: '12',
      zip: '191186',
      comment: 'Домофон 12',
    });
    expect(added.body.addresses).toEqual([added.body.item]);
    expect((await call(browser, 'GET', '/v1/user')).body.user.addresses).toEqual([added.body.item]);
    const removed = await call(browser, 'DELETE', `/v1/user/${id}/address/${added.body.item.id}`);
    expect(removed.body).toMatchObject({ status: 'ok', addresses: [] });
    const again = await call(browser, 'DELETE', `/v1/user/${id}/address/${added.body.item.id}`);
    expect(again.status).toBe(404);
  });

  it('checks the address fields', async () => {
    const { browser, id } = await registered();
    const { status, body } = await call(browser, 'POST', `/v1/user/${id}/address`, {
      city: '',
      house: '1'.repeat(21),
      zip: '12345',
    });
    expect(status).toBe(422);
    expect(body.errors).toMatchObject({
      city: ['Укажите город'],
      street: ['Укажите улицу'],
      house: ['Дом — не длиннее 20 символов'],
      zip: ['Индекс — 6 цифр'],
    });
  });

  it('keeps at most 20 addresses', async () => {
    const { browser, id } = await registered();
    for (let index = 1; index <= 20; index++) {
      const { status } = await call(browser, 'POST', `/v1/user/${id}/address`, {
        city: 'Москва',
        street: 'Профсоюзная',
        house: String(index),
      });
      expect(status).toBe(200);
    }
    const extra = await call(browser, 'POST', `/v1/user/${id}/address`, {
      city: 'Москва',
      street: 'Профсоюзная',
      house: '21',
    });
    expect(extra.status).toBe(422);
    expect(extra.body.errors.address[0]).toMatch(/не больше 20 адресов/);
  });

  it('saves a pickup point once per (type, code) and only for pickup delivery kinds', async () => {
    const { browser, id } = await registered();
    const first = await call(browser, 'POST', `/v1/user/${id}/pvz`, {
      code: 'MSK123',
      type: 7,
      name: 'CDEK на Тверской',
      address: 'Москва, Тверская, 10',
    });
    expect(first.status).toBe(200);
    expect(first.body.item).toEqual({
      id: expect.any(Number),
      code: 'MSK123',
      type: 7,
      name: 'CDEK на Тверской',
      address: 'Москва, Тверская, 10',
    });
    const again = await call(browser, 'POST', `/v1/user/${id}/pvz`, {
      code: 'MSK123',
      type: 7,
      name: 'CDEK',
    });
    expect(again.body.item.id).toBe(first.body.item.id);
    expect(again.body.pvz).toHaveLength(1);
    expect(again.body.pvz[0].name).toBe('CDEK');
    const otherKind = await call(browser, 'POST', `/v1/user/${id}/pvz`, { code: 'MSK123', type: 10 });
    expect(otherKind.body.pvz).toHaveLength(2);
    for (const type of [1, 8, 11, 13, '7']) {
      const refused = await call(browser, 'POST', `/v1/user/${id}/pvz`, { code: 'X1', type });
      expect(refused.status, String(type)).toBe(422);
      expect(refused.body.errors.type[0]).toMatch(/CDEK, Boxberry/);
    }
    const removed = await call(browser, 'DELETE', `/v1/user/${id}/pvz/${first.body.item.id}`);
    expect(removed.body.pvz.map((item: { type: number }) => item.type)).toEqual([10]);
  });
});

describe('favourites toggle (spec §4)', () => {
  it('adds and removes a product with message fav/prod and shows it on /v1/my-fav-prod', async () => {
    const { browser } = await registered();
    const added = await call(browser, 'PUT', '/v1/user/favorite/product', { id: inStockId });
    expect(added.body).toEqual({ message: 'fav/prod', list: [inStockId], added: true });
    const page = await call(browser, 'GET', '/v1/my-fav-prod');
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({
      id: inStockId,
      cena: expect.any(Number),
      stock: expect.any(Number),
    });
    const removed = await call(browser, 'PUT', '/v1/user/favorite/product', { id: String(inStockId) });
    expect(removed.body).toEqual({ message: 'fav/prod', list: [], added: false });
    expect((await call(browser, 'GET', '/v1/my-fav-prod')).body.items).toEqual([]);
  });

  it('recipes answer fav/rec and articles (menu) fav/menu; both show on /v1/my-bookmarks', async () => {
    const { browser } = await registered();
    expect((await call(browser, 'PUT', '/v1/user/favorite/recept', { id: recipeId })).body).toEqual({
      message: 'fav/rec',
      list: [recipeId],
      added: true,
    });
    expect((await call(browser, 'PUT', '/v1/user/favorite/menu', { id: articleId })).body).toEqual({
      message: 'fav/menu',
      list: [articleId],
      added: true,
    });
    const user = (await call(browser, 'GET', '/v1/user')).body.user;
    expect(user).toMatchObject({ favRecepts: [recipeId], favArticles: [articleId], favProducts: [] });
    const bookmarks = (await call(browser, 'GET', '/v1/my-bookmarks')).body;
    expect(bookmarks.recepts.map((card: { id: number }) => card.id)).toEqual([recipeId]);
    expect(bookmarks.articles.map((card: { id: number }) => card.id)).toEqual([articleId]);
    expect(bookmarks.articles[0]).toMatchObject({ title: expect.any(String), url: expect.any(String) });
    const removed = await call(browser, 'PUT', '/v1/user/favorite/menu', { id: articleId });
    expect(removed.body).toEqual({ message: 'fav/menu', list: [], added: false });
  });

  it('refuses what does not exist (404), an unknown type and a bad id (422), and a guest (401)', async () => {
    const { browser } = await registered();
    expect((await call(browser, 'PUT', '/v1/user/favorite/product', { id: 999_999 })).status).toBe(404);
    expect((await call(browser, 'PUT', '/v1/user/favorite/recept', { id: 999_999 })).status).toBe(404);
    expect((await call(browser, 'PUT', '/v1/user/favorite/menu', { id: 999_999 })).status).toBe(404);
    expect((await call(browser, 'PUT', '/v1/user/favorite/course', { id: inStockId })).status).toBe(422);
    for (const id of [-1, 0, 1.5, 'abc', null, true]) {
      expect((await call(browser, 'PUT', '/v1/user/favorite/product', { id })).status, String(id)).toBe(422);
    }
    const extra = await call(browser, 'PUT', '/v1/user/favorite/product', { id: inStockId, userId: 1 });
    expect(extra.status).toBe(422);
    const guest = await testApp.app.inject({
      method: 'PUT',
      url: '/v1/user/favorite/product',
      payload: { id: inStockId },
      headers: { authorization: 'Bearer nope' },
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('waitlist', () => {
  it('takes only products that are out of stock and shows them with their stock', async () => {
    const { browser } = await registered();
    const inStock = await call(browser, 'PUT', `/v1/user/waitlist/${inStockId}`);
    expect(inStock.status).toBe(409);
    expect(inStock.body.message).toBe('Товар есть в наличии — его можно положить в корзину');
    expect((await call(browser, 'PUT', '/v1/user/waitlist/999999')).status).toBe(404);
    const added = await call(browser, 'PUT', `/v1/user/waitlist/${soldOutId}`);
    expect(added.body).toEqual({ message: 'waitlist/add', waitlist: [soldOutId] });
    const twice = await call(browser, 'PUT', `/v1/user/waitlist/${soldOutId}`);
    expect(twice.body.waitlist).toEqual([soldOutId]);
    const page = (await call(browser, 'GET', '/v1/my-waitlist')).body.items;
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({
      id: soldOutId,
      stock: 0,
      notified_at: null,
      waiting_since: expect.any(String),
    });
    const removed = await call(browser, 'DELETE', `/v1/user/waitlist/${soldOutId}`);
    expect(removed.body).toEqual({ message: 'waitlist/remove', waitlist: [] });
  });

  it('notifyBackInStock e-mails each waiting user once; waiting again starts a new wait', async () => {
    const db = testApp.database.db;
    const mail = createMailService(db, { PUBLIC_URL: 'https://efir.test' });
    const first = await registered();
    const second = await registered();
    const leaver = await registered();
    for (const user of [first, second, leaver])
      await call(user.browser, 'PUT', `/v1/user/waitlist/${secondSoldOutId}`);
    await call(leaver.browser, 'DELETE', `/v1/user/waitlist/${secondSoldOutId}`);
    await db.update(products).set({ stock: 5 }).where(eq(products.id, secondSoldOutId));

    const lettersTo = async (email: string) =>
      db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), like(outbox.subject, '%снова в наличии%')));
    expect(await notifyBackInStock(db, mail, secondSoldOutId, 'https://efir.test')).toBe(2);
    const [letter] = await lettersTo(first.email);
    expect(letter?.subject).toMatch(/^«.+» снова в наличии$/);
    expect(letter?.text).toMatch(/^Здравствуйте, Анна!/);
    expect(letter?.text).toContain('https://efir.test/');
    expect(await lettersTo(second.email)).toHaveLength(1);
    expect(await lettersTo(leaver.email)).toHaveLength(0);
    const page = (await call(first.browser, 'GET', '/v1/my-waitlist')).body.items;
    expect(page[0]).toMatchObject({ id: secondSoldOutId, stock: 5, notified_at: expect.any(String) });

    // A second call (stock changed again, or a double click in the back office) sends nothing new.
    expect(await notifyBackInStock(db, mail, secondSoldOutId, 'https://efir.test')).toBe(0);
    expect(await lettersTo(first.email)).toHaveLength(1);

    // Sold out again, the first user waits anew and is told again; the second, still marked, is not.
    await db.update(products).set({ stock: 0 }).where(eq(products.id, secondSoldOutId));
    await call(first.browser, 'PUT', `/v1/user/waitlist/${secondSoldOutId}`);
    const [row] = await db
      .select()
      .from(waitlist)
      .where(and(eq(waitlist.userId, first.id), eq(waitlist.productId, secondSoldOutId)));
    expect(row?.notifiedAt).toBeNull();
    expect(await notifyBackInStock(db, mail, secondSoldOutId, 'https://efir.test')).toBe(1);
    expect(await lettersTo(first.email)).toHaveLength(2);
    expect(await lettersTo(second.email)).toHaveLength(1);
    expect(await notifyBackInStock(db, mail, 999_999, 'https://efir.test')).toBe(0);
  });
});

describe('settings and questions', () => {
  it('POST /v1/user/mailings switches the mailings flag', async () => {
    const { browser } = await registered();
    const off = await call(browser, 'POST', '/v1/user/mailings', { mailings: false });
    expect(off.body).toMatchObject({ status: 'ok', settings: { mailings: false } });
    expect((await call(browser, 'GET', '/v1/my-settings')).body.settings.mailings).toBe(false);
    expect((await call(browser, 'GET', '/v1/user')).body.user.mailings).toBe(false);
    const bad = await call(browser, 'POST', '/v1/user/mailings', { mailings: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.mailings).toBeDefined();
  });

  it('a question shows on /v1/my-question and gets its answer from the back office', async () => {
    const { browser } = await registered();
    const asked = await call(browser, 'POST', '/v1/user/question', {
      text: '  Можно ли масло чайного дерева детям?  ',
      product_id: inStockId,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.question).toMatchObject({
      text: 'Можно ли масло чайного дерева детям?',
      product: { id: inStockId },
      answer: null,
    });
    await call(browser, 'POST', '/v1/user/question', { text: 'Когда будет курс по гидролатам?' });
    await answerQuestion(
      testApp.database.db,
      asked.body.question.id,
      'Детям старше 6 лет — в разведении 1 %.',
    );
    const items = (await call(browser, 'GET', '/v1/my-question')).body.items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ text: 'Когда будет курс по гидролатам?', product: null, answer: null });
    expect(items[1]).toMatchObject({
      id: asked.body.question.id,
      answer: 'Детям старше 6 лет — в разведении 1 %.',
      answered_at: expect.any(String),
    });
  });

  it('checks the question and limits it to 10 an hour', async () => {
    const { browser } = await registered();
    const short = await call(browser, 'POST', '/v1/user/question', { text: 'Коротко' });
    expect(short.body.errors.text[0]).toMatch(/не короче 10/);
    const long = await call(browser, 'POST', '/v1/user/question', { text: 'я'.repeat(2001) });
    expect(long.body.errors.text[0]).toMatch(/не длиннее 2000/);
    const unknown = await call(browser, 'POST', '/v1/user/question', {
      text: 'Есть ли такой товар?',
      product_id: 999_999,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.product_id).toBeDefined();
    // The refused question with an unknown product counted as one attempt.
    for (let index = 0; index < 9; index++) {
      const { status } = await call(browser, 'POST', '/v1/user/question', { text: `Вопрос номер ${index}` });
      expect(status).toBe(200);
    }
    const over = await call(browser, 'POST', '/v1/user/question', { text: 'Ещё один вопрос' });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too Many Attempts.');
  });
});

describe('personal discount maths (spec §6)', () => {
  it('picks the highest tier reached by completed orders', () => {
    expect(calculateDiscountPercent(0, TIERS)).toBe(0);
    expect(calculateDiscountPercent(4_999, TIERS)).toBe(0);
    expect(calculateDiscountPercent(5_000, TIERS)).toBe(3);
    expect(calculateDiscountPercent(14_999, TIERS)).toBe(3);
    expect(calculateDiscountPercent(15_000, TIERS)).toBe(5);
    expect(calculateDiscountPercent(1_000_000, TIERS)).toBe(10);
    expect(calculateDiscountPercent(1_000_000, [])).toBe(0);
  });

  it('describes the distance to the next tier', () => {
    expect(describeDiscount(0, 0, TIERS)).toEqual({ percent: 0, next: { percent: 3, remaining: 5_000 } });
    expect(describeDiscount(0, 4_999, TIERS)).toEqual({ percent: 0, next: { percent: 3, remaining: 1 } });
    expect(describeDiscount(3, 5_000, TIERS)).toEqual({
      percent: 3,
      next: { percent: 5, remaining: 10_000 },
    });
    expect(describeDiscount(5, 29_000, TIERS)).toEqual({
      percent: 5,
      next: { percent: 10, remaining: 1_000 },
    });
    expect(describeDiscount(10, 30_000, TIERS)).toEqual({ percent: 10, next: null });
    // A percent granted above every tier has nothing further to reach.
    expect(describeDiscount(15, 0, TIERS)).toEqual({ percent: 15, next: null });
    // Not recalculated yet: the next tier is one still ahead in ₽, never «0 ₽ left».
    expect(describeDiscount(0, 20_000, TIERS)).toEqual({
      percent: 0,
      next: { percent: 10, remaining: 10_000 },
    });
  });

  it('reads tiers from DISCOUNT_TIERS', () => {
    expect(createTestConfig({ DISCOUNT_TIERS: '1000:2, 3000:7' }).DISCOUNT_TIERS).toEqual([
      { from: 1000, percent: 2 },
      { from: 3000, percent: 7 },
    ]);
    expect(() => createTestConfig({ DISCOUNT_TIERS: '5000:5,1000:3' })).toThrow(/DISCOUNT_TIERS/);
    expect(() => createTestConfig({ DISCOUNT_TIERS: 'пять:три' })).toThrow(/DISCOUNT_TIERS/);
  });

  it('is set by the server only: no account call writes skidka', async () => {
    const { browser, id } = await registered();
    await recalculateDiscount(testApp.database.db, id, 30_000, TIERS);
    await call(browser, 'PUT', `/v1/user/${id}`, { name: 'Анна', fam: 'Смирнова' });
    await call(browser, 'POST', '/v1/user/mailings', { mailings: false });
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ skidka: 10, completedOrdersTotal: 30_000, fam: 'Смирнова' });
  });
});

// A stolen database must not hand out live link codes.
describe('telegram link codes at rest', () => {
  it('are stored as hashes only', async () => {
    const { browser, id } = await registered();
    const { body } = await call(browser, 'POST', '/v1/user/telegram');
    const rows = await testApp.database.db
      .select()
      .from(telegramLinkCodes)
      .where(eq(telegramLinkCodes.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.codeHash).not.toContain(body.code);
  });
});
