// Access-control matrix: user A owns one of everything; user B and a guest try every owned-resource route on it.
// They get the row's refusal (or their own, empty answer), never A's data, and A's data reads the same afterwards.
// One row per route; a route under /v1/user, /v1/my-, /v1/order or /v1/cart without a row fails the coverage test.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../features/cart/cart.table.ts';
import { products } from '../features/catalog/catalog.table.ts';
import { courses } from '../modules/school/index.ts';
import { parsePrintedRoutes } from '../test/hard/route-capture.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Everything of A's that the rows aim at, and the strings that would betray a leak. */
interface Owned {
  A: number;
  B: number;
  email: string;
  password: string;
  addr: number;
  pvz: number;
  saved: number;
  savedToken: string;
  order: number;
  orderNumber: string;
  guestOrder: number;
  guestOrderKey: string;
  guestOrderNumber: string;
  cart: string;
  guestCart: string;
  product: number;
  fav: number;
  soldOut: number;
  avatar: string;
  /** Some chat thread id: the chat answers only its one user, so for B the id does not matter. */
  thread: number;
  /** A's enrolment on the free diploma course, and a passport scan A uploaded for it. */
  enrolment: number;
  document: number;
  /** Another free course (a certificate one) B may enrol on without touching A's. */
  freeCourse: number;
}

type Actor = 'stranger' | 'guest';

interface Row {
  /** «METHOD pattern» of the route, as Fastify knows it (for the coverage test). */
  route: string;
  /** What is sent; {A}, {addr}, … in the url are A's ids (see Owned). */
  url: string;
  body?: (owned: Owned) => unknown;
  /** The answer B gets, and the one a guest gets. */
  expect: Record<Actor, number>;
  /** A's cart cookie goes with the request (A's guest cart for 'guest'), as if it had been stolen. */
  cookie?: 'cart' | 'guestCart';
  headers?: Record<string, string>;
  /** Run as the actor before the request (e.g. fill its own cart so an order gets as far as the address). */
  prepare?: (agent: TestAgent, owned: Owned) => Promise<void>;
  /** Who tries it (both by default). */
  actors?: Actor[];
  /** A leak only this row can see (a number, not a marker string): true when the answer shows A's. */
  leak?: (body: unknown) => boolean;
  /** Sends a real PNG as the multipart avatar upload. */
  upload?: boolean;
  /** Sends a PDF as the multipart diploma document upload. */
  document?: boolean;
  note?: string;
}

const deny = (route: string, stranger: number, guest: number, extra: Partial<Row> = {}): Row => ({
  route,
  url: route.split(' ')[1]!,
  expect: { stranger, guest },
  ...extra,
});

/** Routes scoped to the caller: B gets B's own (200), a guest 401, and neither sees or changes A's. */
const own = (route: string, extra: Partial<Row> = {}): Row => deny(route, 200, 401, extra);

const addToOwnCart: Row['prepare'] = async (agent, owned) => {
  await agent.request({ method: 'POST', url: `/v1/cart/${owned.product}`, payload: { quantity: 1 } });
};

const emptyOwnCart: Row['prepare'] = async (agent) => {
  await agent.request({ method: 'GET', url: '/v1/cart/clean', headers: { ar: '1' } });
};

const courier = (adrec: number | null) => ({
  type: 2,
  sposob_dost: 1,
  sposob_oplat: 1,
  adrec,
  ...(adrec === null
    ? { addressNew: { city: 'Москва', street: 'ул. Тверская', house: '1', zip: '125009' } }
    : {}),
});
const contact = { name: 'Борис', fam: 'Чужой', email: 'boris@example.ru', tel: '+7 916 000-00-00' };

export const MATRIX: Row[] = [
  // Profile and everything under /v1/user/{id}: the owner only.
  deny('PUT /v1/user/{A}', 403, 401, { body: () => ({ name: 'Взлом', fam: 'Чужой' }) }),
  deny('POST /v1/user/{A}/birthday', 403, 401, { body: () => ({ birthday: '1970-01-01' }) }),
  deny('POST /v1/user/{A}/avatar', 403, 401, { upload: true }),
  deny('DELETE /v1/user/{A}/avatar', 403, 401),
  deny('PUT /v1/user/{A}/pwd', 403, 401, {
    body: (o) => ({ current_password: o.password, password: 'захват аккаунта 2026' }),
  }),
  deny('GET /v1/user/{A}/address', 403, 401),
  deny('POST /v1/user/{A}/address', 403, 401, {
    body: () => ({ city: 'Москва', street: 'Чужая', house: '1' }),
  }),
  deny('DELETE /v1/user/{A}/address/{addr}', 403, 401),
  deny('DELETE /v1/user/{B}/address/{addr}', 404, 401, { note: "B's own path, A's address" }),
  deny('POST /v1/user/{A}/pvz', 403, 401, { body: () => ({ code: 'MSK1', type: 7 }) }),
  deny('DELETE /v1/user/{A}/pvz/{pvz}', 403, 401),
  deny('DELETE /v1/user/{B}/pvz/{pvz}', 404, 401, { note: "B's own path, A's pickup point" }),

  // Saved carts: the numeric id is the owner's; the long token is a share link (anyone may copy from it).
  deny('DELETE /v1/cart/save/{saved}', 404, 401),
  deny('DELETE /v1/cart/save/{savedToken}', 404, 401),
  deny('POST /v1/cart/save/add/{saved}', 404, 404),
  deny('POST /v1/cart/save/change/{saved}', 404, 404),

  // Orders and their payment: someone else's order looks exactly like a missing one.
  deny('POST /v1/my-orders/{order}', 404, 404, { body: () => ({}) }),
  deny('POST /v1/my-orders/{order}', 404, 404, { body: () => ({ key: randomUUID() }), note: 'guessed key' }),
  deny('POST /v1/my-orders/{guestOrder}', 404, 404, { body: () => ({}), note: "A's guest order, no key" }),
  deny('POST /v1/my-orders/{guestOrder}', 404, 404, {
    body: () => ({ key: randomUUID() }),
    note: 'wrong key',
  }),
  deny('GET /v1/order/{order}/payment', 404, 404),
  deny('GET /v1/order/{guestOrder}/payment', 404, 404),
  deny('GET /v1/order/{guestOrder}/payment?key={randomKey}', 404, 404),
  deny('PUT /v1/order/yookassa', 404, 404, { body: (o) => ({ order_id: o.order }) }),
  deny('PUT /v1/order/yookassa', 404, 404, {
    body: (o) => ({ order_id: o.guestOrder }),
    note: "A's guest order",
  }),
  deny('PUT /v1/order/yookassa', 404, 404, {
    body: (o) => ({ order_id: o.guestOrder, key: randomUUID() }),
    note: 'wrong key',
  }),
  deny('POST /v1/order', 422, 422, {
    body: (o) => ({ idempotency_key: randomUUID(), contact, delivery: courier(o.addr) }),
    prepare: addToOwnCart,
    note: "A's saved address as the delivery address",
  }),
  deny('POST /v1/order', 409, 409, {
    body: () => ({ idempotency_key: randomUUID(), contact, delivery: courier(null) }),
    prepare: emptyOwnCart,
    cookie: 'cart',
    note: "A's cart cookie: the order is not made from A's cart",
  }),
  deny('POST /v1/order/one-click', 409, 409, {
    body: () => ({ idempotency_key: randomUUID(), name: contact.name, tel: contact.tel }),
    prepare: emptyOwnCart,
    cookie: 'cart',
    note: "A's cart cookie: the one-click order is not made from A's cart",
  }),

  // The caller's own lists and switches: B's are B's, a guest has none.
  own('GET /v1/user'),
  own('GET /v1/my-account'),
  own('GET /v1/my-personal'),
  own('GET /v1/my-settings'),
  own('GET /v1/my-orders'),
  own('GET /v1/my-baskets'),
  own('GET /v1/my-question'),
  own('GET /v1/my-waitlist'),
  own('GET /v1/my-fav-prod'),
  own('GET /v1/my-bookmarks'),
  own('GET /v1/my-courses'),
  own('GET /v1/my-certificates', { note: "B's certificates, none of A's" }),
  own('POST /v1/user/email/confirmation', { note: "the letter goes to B's address" }),
  // Certificates entered in a cart: the caller's own cart only (a guest without one has an empty list).
  deny('GET /v1/cart/certificates', 200, 200, { note: "B's cart, not A's" }),
  deny('DELETE /v1/cart/certificates/{order}', 200, 200, { note: "changes nothing in A's cart" }),
  own('PUT /v1/user/favorite/product', { body: (o) => ({ id: o.fav }), note: "toggles B's, not A's" }),
  own('PUT /v1/user/waitlist/{soldOut}'),
  own('DELETE /v1/user/waitlist/{soldOut}', { note: "A's entry stays" }),
  own('POST /v1/user/mailings', { body: () => ({ mailings: false }) }),
  own('POST /v1/user/question', { body: () => ({ text: 'Чужой вопрос о лаванде и розе' }) }),
  own('POST /v1/user/telegram'),
  own('DELETE /v1/user/telegram'),
  deny('POST /v1/user/telegram/test', 409, 401, { note: 'B has no Telegram linked' }),
  deny('POST /v1/user/email', 422, 401, {
    body: (o) => ({ email: 'taken.over@example.ru', password: o.password }),
    note: "A's password does not change B's e-mail, let alone A's",
  }),
  deny('POST /v1/user/logout', 200, 200, { note: "ends B's session, not A's" }),

  // Ratings and comments: B's vote is B's; A's own rating is never shown to B.
  own('PUT /v1/user/vote/product', {
    body: (o) => ({ id: o.fav, rating: 1 }),
    note: "B's vote, A's stays 5",
  }),
  own('GET /v1/user/vote/product/{fav}', {
    leak: (body) => (body as { resp?: { userRating?: number } }).resp?.userRating === 5,
    note: "B's own rating, not A's 5",
  }),
  own('POST /v1/user/comment', {
    body: (o) => ({ type: 'product', id: o.fav, text: 'Чужой комментарий о лаванде' }),
  }),

  // The shop assistant chat belongs to the one CHAT_USER_ID (not B): B is refused whatever the thread.
  // The school: B has no diploma course, so A's contract, annex and scans stay out of reach.
  own('POST /v1/user/course', { body: (o) => ({ course_id: o.freeCourse }) }),
  deny('PUT /v1/user/diplom/contract', 409, 401, { body: () => ({ ...CONTRACT, fam: 'Чужой' }) }),
  deny('GET /v1/user/diplom/contract', 409, 401),
  own('POST /v1/user/diplom/document_tmp', { body: () => ({ type: 'consent' }) }),
  deny('GET /v1/user/diplom/annex/{enrolment}', 404, 401),
  deny('GET /v1/user/diplom/document/{document}', 404, 401),
  deny('DELETE /v1/user/diplom/document/{document}', 404, 401),
  deny('PUT /v1/user/diplom/document', 409, 401),
  deny('POST /v1/user/diplom/document', 409, 401, { document: true }),
  deny('POST /api/v1/ai', 403, 401, {
    body: () => ({ q: { message: 'Покажи мои диалоги' } }),
  }),
  deny('GET /api/v1/ai/threads', 403, 401),
  deny('GET /api/v1/ai/threads/{thread}', 403, 401),

  // The cart: the guest cookie is the only key to a guest cart, and never opens a user's cart.
  deny('GET /v1/cart', 200, 200, { cookie: 'cart' }),
  deny('GET /v1/cart', 200, 200, {
    cookie: 'guestCart',
    actors: ['stranger'],
    note: "B's own cart wins over a guest cookie (for a guest that cookie is the cart's key)",
  }),
  deny('GET /v1/cart/gifts', 200, 200, { cookie: 'cart' }),
  deny('GET /v1/cart/clean', 200, 200, { cookie: 'cart', headers: { ar: '1' } }),
  deny('POST /v1/cart/{product}', 200, 200, { cookie: 'cart', body: () => ({ quantity: 1 }) }),
  deny('DELETE /v1/cart/{product}', 200, 200, { cookie: 'cart' }),
  deny('DELETE /v1/cart/line/{product}', 200, 200, { cookie: 'cart' }),
  deny('PUT /v1/cart/gift', 200, 200, { cookie: 'cart', body: () => ({ id: null }) }),
  deny('PUT /v1/cart/promo/code', 200, 200, { cookie: 'cart', body: () => ({ code: 'НЕТТАКОГО' }) }),
  deny('DELETE /v1/cart/promo/code', 200, 200, { cookie: 'cart' }),
  deny('PUT /v1/cart/save', 409, 409, {
    cookie: 'cart',
    note: "saving «A's» cart saves the caller's empty one",
  }),
];

/** Routes of these prefixes need a row; the ones here are public by design and get none. */
const OWNED_PREFIX = /^\/(v1\/(user|my-|order|cart)|api\/v1\/ai)/;
const PUBLIC = new Set([
  'POST /v1/user', // registration
  'POST /v1/user/login',
  'PUT /v1/user/forgot-password', // mails the address's owner, whoever asks
]);

let testApp: TestApp;
let imagesDir: string;
let owned: Owned;
let ownerAgent: TestAgent;
let ownerGuest: TestAgent;
let strangerAgent: TestAgent;
let strangerEmail = '';

const FREE_CERTIFICATE_COURSE = 'pervoe-znakomstvo-s-efirnymi-maslami';

/** A's contract data (the surname is a leak marker). */
const CONTRACT = {
  fam: 'Маркерова',
  name: 'Алиса',
  otch: 'Сергеевна',
  birth_date: '1991-02-03',
  passport_series: '45 12',
  passport_number: '345678',
  passport_issued_by: 'ГУ МВД России по г. Москве',
  passport_issued_at: '2012-05-03',
  passport_code: '770-001',
  address: '115054, г. Москва, Маркерная улица, д. 7, кв. 77',
  snils: '112-233-445 95',
  education: 'higher',
};

function multipartDocument() {
  const boundary = '----efirmatrixdoc';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\npassport\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from('%PDF-1.4\n% Маркерный скан\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

function multipartPng(png: Buffer) {
  const boundary = '----efirmatrix';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function ok(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(200);
  return response.json();
}

beforeAll(async () => {
  imagesDir = await mkdtemp(path.join(tmpdir(), 'efir-matrix-images-'));
  testApp = await createTestApp({ env: { IMAGES_DIR: imagesDir } });
  const db = testApp.database.db;
  const stocked = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.visible, true), gt(products.stock, 20)))
    .orderBy(asc(products.id))
    .limit(3);
  const [product, fav, soldOut] = stocked.map((row) => row.id);
  await db.update(products).set({ stock: 0 }).where(eq(products.id, soldOut!));

  ownerAgent = createTestAgent(testApp.app);
  // Not the password test agents register with (B's): A's password must open nothing of B's either.
  const password = 'мятный чай у окна 1991';
  const registered = await ownerAgent.register({ name: 'Алиса', fam: 'Маркерова', password });
  const A = registered.id;
  await ok(
    await ownerAgent.request({
      method: 'POST',
      url: `/v1/user/${A}/birthday`,
      payload: { birthday: '1991-02-03' },
    }),
    'birthday',
  );
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#8a6' } })
    .png()
    .toBuffer();
  const avatar = await ok(
    await ownerAgent.request({ method: 'POST', url: `/v1/user/${A}/avatar`, ...multipartPng(png) }),
    'avatar',
  );
  const address = await ok(
    await ownerAgent.request({
      method: 'POST',
      url: `/v1/user/${A}/address`,
      payload: { city: 'Москва', street: 'Маркерная улица', house: '7', flat: '77', zip: '115054' },
    }),
    'address',
  );
  const point = await ok(
    await ownerAgent.request({
      method: 'POST',
      url: `/v1/user/${A}/pvz`,
      payload: { code: 'MARKERPVZ1', type: 7, name: 'ПВЗ Маркер', address: 'Маркерная, 1' },
    }),
    'pickup point',
  );
  await ok(
    await ownerAgent.request({ method: 'PUT', url: '/v1/user/favorite/product', payload: { id: fav } }),
    'favourite',
  );
  await ok(await ownerAgent.request({ method: 'PUT', url: `/v1/user/waitlist/${soldOut}` }), 'waitlist');
  await ok(
    await ownerAgent.request({
      method: 'PUT',
      url: '/v1/user/vote/product',
      payload: { id: fav, rating: 5 },
    }),
    'vote',
  );
  await ok(
    await ownerAgent.request({
      method: 'POST',
      url: '/v1/user/question',
      payload: { text: 'Маркерный вопрос Алисы о хранении масел', product_id: product },
    }),
    'question',
  );
  await ok(await ownerAgent.request({ method: 'POST', url: '/v1/user/telegram' }), 'telegram link');
  const courseId = async (slug: string) => {
    const [row] = await db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.url, `/seminar_po_aromatherapy/${slug}.html`));
    if (!row) throw new Error(`no demo course ${slug}`);
    return row.id;
  };
  await ok(
    await ownerAgent.request({
      method: 'POST',
      url: '/v1/user/course',
      payload: { course_id: await courseId('aromaterapiya-v-sestrinskom-dele') },
    }),
    'enrolment',
  );
  await ok(
    await ownerAgent.request({ method: 'PUT', url: '/v1/user/diplom/contract', payload: CONTRACT }),
    'contract',
  );
  const uploaded = await ok(
    await ownerAgent.request({ method: 'POST', url: '/v1/user/diplom/document', ...multipartDocument() }),
    'diploma document',
  );
  const myCourses = await ok(
    await ownerAgent.request({ method: 'GET', url: '/v1/my-courses' }),
    'my courses',
  );
  await ok(
    await ownerAgent.request({ method: 'POST', url: `/v1/cart/${product}`, payload: { quantity: 3 } }),
    'cart',
  );
  const saved = await ok(await ownerAgent.request({ method: 'PUT', url: '/v1/cart/save' }), 'saved cart');
  // Saving moves the lines into the saved cart; the order needs them in the cart again.
  await ok(
    await ownerAgent.request({ method: 'POST', url: `/v1/cart/${product}`, payload: { quantity: 3 } }),
    'cart',
  );
  const order = await ok(
    await ownerAgent.request({
      method: 'POST',
      url: '/v1/order',
      payload: {
        idempotency_key: randomUUID(),
        contact: { name: 'Алиса', fam: 'Маркерова', email: registered.email, tel: '+7 916 123-45-67' },
        delivery: { type: 2, sposob_dost: 1, sposob_oplat: 5, adrec: address.item.id },
      },
    }),
    'order',
  );
  await ok(
    await ownerAgent.request({
      method: 'PUT',
      url: '/v1/order/yookassa',
      payload: { order_id: order.order.id },
    }),
    'payment',
  );
  // A keeps something in the cart after ordering: 7 of the product, a count nobody else has.
  await ok(
    await ownerAgent.request({ method: 'POST', url: `/v1/cart/${product}`, payload: { quantity: 7 } }),
    'cart again',
  );
  const [cartRow] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.userId, A), isNotNull(carts.userId)));

  ownerGuest = createTestAgent(testApp.app);
  await ok(
    await ownerGuest.request({ method: 'POST', url: `/v1/cart/${fav}`, payload: { quantity: 2 } }),
    'guest cart',
  );
  const guestOrder = await ok(
    await ownerGuest.request({
      method: 'POST',
      url: '/v1/order',
      payload: {
        idempotency_key: randomUUID(),
        contact: {
          name: 'Алиса',
          fam: 'Маркерова',
          email: 'alisa.guest@example.ru',
          tel: '+7 916 765-43-21',
        },
        delivery: { ...courier(null), sposob_oplat: 5 },
      },
    }),
    'guest order',
  );
  await ok(
    await ownerGuest.request({ method: 'POST', url: `/v1/cart/${fav}`, payload: { quantity: 5 } }),
    'guest cart again',
  );

  strangerAgent = createTestAgent(testApp.app);
  const stranger = await strangerAgent.register({ name: 'Борис' });
  strangerEmail = stranger.email;

  owned = {
    A,
    B: stranger.id,
    email: registered.email,
    password,
    addr: address.item.id,
    pvz: point.item.id,
    saved: saved.id,
    savedToken: String(saved.link).split('/').pop()!,
    order: order.order.id,
    orderNumber: order.order.number,
    guestOrder: guestOrder.order.id,
    guestOrderKey: guestOrder.key,
    guestOrderNumber: guestOrder.order.number,
    cart: cartRow!.id,
    guestCart: ownerGuest.cookies.get('efir_cart')!,
    product: product!,
    fav: fav!,
    soldOut: soldOut!,
    avatar: avatar.user.avatar.photo,
    thread: 1,
    enrolment: myCourses.items[0].id,
    document: uploaded.diploma.documents[0].id,
    freeCourse: await courseId(FREE_CERTIFICATE_COURSE),
  };
});

afterAll(async () => {
  await testApp?.close();
  await rm(imagesDir, { recursive: true, force: true });
});

/** Everything A can read about A's things, as A (and as the guest who placed A's guest order). */
async function readAsOwner(): Promise<Record<string, unknown>> {
  const read = async (agent: TestAgent, options: InjectOptions & { method: string; url: string }) => {
    const response = await agent.request(options);
    return { status: response.statusCode, body: response.json() };
  };
  const snapshot: Record<string, unknown> = {};
  for (const url of [
    '/v1/user',
    `/v1/user/${owned.A}/address`,
    '/v1/my-settings',
    '/v1/my-waitlist',
    '/v1/my-fav-prod',
    '/v1/my-question',
    '/v1/my-orders',
    '/v1/my-baskets',
    '/v1/my-courses',
  ]) {
    snapshot[url] = await read(ownerAgent, { method: 'GET', url });
  }
  snapshot.cart = (
    (await read(ownerAgent, { method: 'GET', url: '/v1/cart' })).body as { cart: unknown }
  ).cart;
  // A's own rating only: the average and count are public and move with B's vote.
  const vote = await read(ownerAgent, { method: 'GET', url: `/v1/user/vote/product/${owned.fav}` });
  snapshot.vote = (vote.body as { resp?: { userRating?: number } }).resp?.userRating;
  snapshot.order = await read(ownerAgent, {
    method: 'POST',
    url: `/v1/my-orders/${owned.order}`,
    payload: {},
  });
  snapshot.guestOrder = await read(ownerGuest, {
    method: 'POST',
    url: `/v1/my-orders/${owned.guestOrder}`,
    payload: { key: owned.guestOrderKey },
  });
  snapshot.guestCart = (
    (await read(ownerGuest, { method: 'GET', url: '/v1/cart' })).body as { cart: unknown }
  ).cart;
  return withoutPublicFigures(snapshot) as Record<string, unknown>;
}

/** Product cards carry live public figures (stock, rating average and count) that others change: not A's data. */
const PUBLIC_FIGURES = new Set(['stock', 'avg_rating', 'votes_count', 'comments_count']);

function withoutPublicFigures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPublicFigures);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !PUBLIC_FIGURES.has(key))
        .map(([key, item]) => [key, withoutPublicFigures(item)]),
    );
  }
  return value;
}

function fill(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) =>
    name === 'randomKey' ? randomUUID() : String(owned[name as keyof Owned]),
  );
}

/** Strings only A's things contain: any of them in someone else's answer is a leak. */
function leaks(body: string): string[] {
  const markers = [
    owned.email,
    'Маркерова',
    'Маркерная',
    'MARKERPVZ1',
    'Маркерный вопрос',
    owned.savedToken,
    owned.orderNumber,
    owned.guestOrderNumber,
    owned.guestOrderKey,
    owned.cart,
    owned.guestCart,
    owned.avatar,
    'alisa.guest@example.ru',
  ];
  return markers.filter((marker) => body.includes(marker));
}

/** A's cart lines (7 of the product) or A's guest cart lines (5 of the favourite) in an answer. */
function showsOwnersCart(body: unknown): boolean {
  const lines = (body as { cart?: { lines?: Array<{ id: number; quantity: number }> } })?.cart?.lines ?? [];
  return lines.some(
    (line) =>
      (line.id === owned.product && line.quantity === 7) || (line.id === owned.fav && line.quantity === 5),
  );
}

describe('access-control matrix: B and a guest against A’s things', () => {
  let baseline: Record<string, unknown>;

  beforeAll(async () => {
    baseline = await readAsOwner();
    // The owner's reads are stable: a difference later is a change made by someone else.
    expect(await readAsOwner()).toEqual(baseline);
  });

  for (const row of MATRIX) {
    for (const actor of row.actors ?? (['stranger', 'guest'] as const)) {
      const label = `${row.route}${row.note ? ` (${row.note})` : ''} as ${actor === 'stranger' ? 'B' : 'a guest'} → ${row.expect[actor]}`;
      it(label, async () => {
        const agent = actor === 'guest' ? createTestAgent(testApp.app) : await strangerSession();
        await row.prepare?.(agent, owned);
        if (row.cookie) agent.cookies.set('efir_cart', owned[row.cookie]);
        const url = fill(row.url);
        const png = row.upload
          ? await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
              .png()
              .toBuffer()
          : null;
        const response = await agent.request({
          method: row.route.split(' ')[0]!,
          url,
          ...(png ? multipartPng(png) : {}),
          ...(row.document ? multipartDocument() : {}),
          ...(row.body ? { payload: row.body(owned) as InjectOptions['payload'] } : {}),
          ...(row.headers ? { headers: row.headers } : {}),
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBe(row.expect[actor]);
        expect(leaks(response.body), 'A’s data in the answer').toEqual([]);
        if (response.headers['content-type']?.toString().startsWith('application/json')) {
          expect(showsOwnersCart(response.json()), 'A’s cart in the answer').toBe(false);
          expect(row.leak?.(response.json()) ?? false, 'A’s data in the answer').toBe(false);
        }
        expect(await readAsOwner(), 'A’s things changed').toEqual(baseline);
      });
    }
  }
});

/** B, signed in (again if a row logged B out). */
async function strangerSession(): Promise<TestAgent> {
  const check = await strangerAgent.request({ method: 'GET', url: '/v1/user' });
  if (check.statusCode === 401) {
    const login = await strangerAgent.request({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email: strangerEmail, password: 'лавандовое поле 2026' },
    });
    strangerAgent.token = login.json().access_token;
  }
  return strangerAgent;
}

describe('guest-only answers', () => {
  for (const url of [
    '/v1/user',
    '/v1/my-account',
    '/v1/my-personal',
    '/v1/my-settings',
    '/v1/my-orders',
    '/v1/my-baskets',
    '/v1/my-question',
    '/v1/my-waitlist',
    '/v1/my-fav-prod',
    '/v1/my-bookmarks',
    '/v1/my-courses',
  ]) {
    it(`GET ${url} without a session is 401 UNAUTHENTICATED`, async () => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.', error: 'UNAUTHENTICATED' });
    });
  }
});

/** The Fastify pattern a row aims at: /v1/user/{A}/address → /v1/user/:id/address. */
function rowPattern(row: Row): string {
  return row.route
    .split(' ')[1]!
    .split('?')[0]!
    .replace(/\/\{(?:A|B)\}/g, '/:id')
    .replace(/\/\{addr\}/, '/:addressId')
    .replace(/\/\{pvz\}/, '/:pvzId')
    .replace(/\/vote\/product\/\{fav\}$/, '/vote/:type/:id')
    .replace(/\/\{\w+\}/g, '/:id')
    .replace(/\/(favorite|vote)\/product$/, '/$1/:type');
}

describe('coverage', () => {
  it('has a row for every route under /v1/user, /v1/my-, /v1/order and /v1/cart', () => {
    const covered = new Set(MATRIX.map((row) => `${row.route.split(' ')[0]} ${rowPattern(row)}`));
    const owned = parsePrintedRoutes(testApp.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.method !== 'HEAD' && OWNED_PREFIX.test(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !PUBLIC.has(route));
    expect(owned.filter((route) => !covered.has(route))).toEqual([]);
  });
});
