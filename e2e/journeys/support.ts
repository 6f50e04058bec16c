// Small steps the journeys (and other specs) share: money as the page writes it, customers signed up or logged in
// through the shop's API from inside their browser (cookies and token where the app keeps them), a moderator who talks to /api/v1/admin from
// the test, a shop of the journey's own with MODERATOR_IDS, and the letters of its outbox table.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Download, Locator, Page } from 'playwright-core';
import { type RunningShop, startSeededShop, startShop } from '../support/server.ts';

export const PASSWORD = 'лавандовое-поле-2026';

/** Spaces as the page writes them (non-breaking ones in «1 110 ₽») compared as plain spaces. */
export function plain(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** 1680 → «1 680 ₽», as plain() leaves the page's text. */
export function rub(amount: number): string {
  return plain(`${new Intl.NumberFormat('ru-RU').format(amount)} ₽`);
}

export function uniqueEmail(who: string): string {
  return `${who}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.ru`;
}

export interface Customer {
  id: number;
  name: string;
  email: string;
  password: string;
}

/**
 * The e2e way to start signed in (epic-stack's playwright-utils is the model): the session comes from the shop's API,
 * not from typing into forms — the registration and login forms are account.spec's subject. The call runs inside this
 * browser because a session is bound to its browser (address and user agent: clientDigest in auth.service.ts), so the
 * cookies land in this context and the token where the app reads it. It calls from /login, a light page of the shop
 * (answers other than pages forbid scripts any connection: API_CSP in plugins/security.ts), and then opens `open`
 * (the home page unless told) as this user.
 */
async function sessionThroughApi(
  page: Page,
  origin: string,
  call: { path: string; body: Record<string, unknown> },
): Promise<{ status: number; id: number; body: string }> {
  await page.goto(`${origin}/login`);
  return page.evaluate(async ({ path, body }) => {
    await fetch('/refresh');
    const csrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, ar: '1' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (response.ok) localStorage.setItem('token', answer.access_token);
    return { status: response.status, id: answer.user?.id as number, body: JSON.stringify(answer) };
  }, call);
}

/**
 * Opens `path` and waits until the app shows this user: the header's account link, found by its class because a phone
 * layout hides it (by role it would then be absent, and with hidden elements its name takes the avatar's letter).
 */
async function openAs(page: Page, origin: string, name: string, path = '/'): Promise<void> {
  await page.goto(`${origin}${path}`);
  await page.locator('a.top-bar__account', { hasText: name }).first().waitFor({ state: 'attached' });
}

/** A new customer signed up through POST /v1/user in this browser (see sessionThroughApi), then on `open`. */
export async function signUpInBrowser(
  page: Page,
  origin: string,
  name: string,
  options: { email?: string; open?: string } = {},
): Promise<Customer> {
  const email = options.email ?? uniqueEmail('journey');
  const answer = await sessionThroughApi(page, origin, {
    path: '/v1/user',
    body: { name, email, password: PASSWORD, agree: true },
  });
  if (answer.status !== 200) throw new Error(`registration of ${name} → ${answer.status}: ${answer.body}`);
  await openAs(page, origin, name, options.open);
  return { id: answer.id, name, email, password: PASSWORD };
}

/** A returning customer logged in through POST /v1/user/login in this browser (see sessionThroughApi), then on `open`. */
export async function logInInBrowser(
  page: Page,
  origin: string,
  customer: Customer,
  options: { open?: string } = {},
): Promise<void> {
  const answer = await sessionThroughApi(page, origin, {
    path: '/v1/user/login',
    body: { email: customer.email, password: customer.password },
  });
  if (answer.status !== 200) throw new Error(`login of ${customer.name} → ${answer.status}: ${answer.body}`);
  await openAs(page, origin, customer.name, options.open);
}

/** The header's account menu → «Выйти»; the shop lands on the home page as a guest. */
export async function logOutFromHeader(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Меню личного кабинета' }).click();
  await page.getByRole('button', { name: 'Выйти' }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'Войти' }).waitFor();
}

/** Opens a product and presses «В корзину» once; returns the price the page shows. */
export async function addToCartFromProductPage(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const price = Number(
    ((await page.locator('.buy-box .price__current').textContent()) ?? '').replace(/\D/g, ''),
  );
  await page.getByRole('button', { name: 'В корзину', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Добавлено в корзину' }).last().waitFor();
  return price;
}

/** The top bar's cart link, whose accessible name reads «Корзина: 3 товара, 1 680 ₽» or «Корзина: пусто». */
export function cartLink(page: Page) {
  return page.getByRole('link', { name: /^Корзина: / });
}

/**
 * The name a screen reader gives an element named by its content (as the cart link is): its words less those hidden
 * from assistive technology (aria-hidden).
 */
export async function accessibleName(locator: Locator): Promise<string> {
  return plain(
    await locator.evaluate((element) => {
      const copy = element.cloneNode(true) as Element;
      for (const hidden of Array.from(copy.querySelectorAll('[aria-hidden="true"]'))) hidden.remove();
      return copy.textContent;
    }),
  );
}

/** The words an element shows on screen: its text less what only screen readers get (.visually-hidden). */
export async function visibleText(locator: Locator): Promise<string> {
  return plain(
    await locator.evaluate((element) => {
      const copy = element.cloneNode(true) as Element;
      for (const hidden of Array.from(copy.querySelectorAll('.visually-hidden'))) hidden.remove();
      return copy.textContent;
    }),
  );
}

export async function cartLinkName(page: Page): Promise<string> {
  return accessibleName(cartLink(page));
}

/** A customer or moderator talking JSON to the shop from the test itself (cookies, CSRF and Bearer token kept). */
export class ShopApi {
  private readonly cookies = new Map<string, string>();
  private token: string | null = null;
  id = 0;
  email = '';

  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const csrf = this.cookies.get('XSRF-TOKEN');
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ar: '1',
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(csrf ? { 'x-xsrf-token': decodeURIComponent(csrf) } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    // The first unsafe call is refused with a fresh CSRF cookie, as the shop's own client learns it.
    if (response.status === 419 && !csrf && this.cookies.has('XSRF-TOKEN'))
      return this.call(method, path, body);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the error message
    }
    return { status: response.status, body: parsed };
  }

  /** Calls and insists on 200, with the answer in the error otherwise. */
  async send<Answer>(method: string, path: string, body?: unknown): Promise<Answer> {
    const answer = await this.call(method, path, body);
    if (answer.status !== 200) {
      throw new Error(`${method} ${path} → ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
    }
    return answer.body as Answer;
  }

  async register(name: string, who = 'customer'): Promise<void> {
    this.email = uniqueEmail(who);
    const answer = await this.send<{ access_token: string; user: { id: number } }>('POST', '/v1/user', {
      name,
      email: this.email,
      password: PASSWORD,
      agree: true,
    });
    this.token = answer.access_token;
    this.id = answer.user.id;
  }
}

/** The moderator of a journey's shop: the first account registered on its fresh database (MODERATOR_IDS=1). */
export async function signUpModerator(base: string, name = 'Марина'): Promise<ShopApi> {
  const moderator = new ShopApi(base);
  await moderator.register(name, 'moderator');
  const me = await moderator.send<{ moderator: boolean }>('GET', '/api/v1/admin/me');
  if (!me.moderator) throw new Error('the first account is not the moderator');
  return moderator;
}

/** A back-office change of a product (PUT /api/v1/admin/products/{id}), as the «Товары» form sends it. */
export async function editProduct(
  moderator: ShopApi,
  productId: number,
  changes: Record<string, unknown>,
): Promise<{ message: string; product: { cena: number; stock: number } }> {
  return moderator.send('PUT', `/api/v1/admin/products/${productId}`, changes);
}

/** A product's id, as the page data gives it. */
export async function productIdOf(base: string, url: string): Promise<number> {
  const response = await fetch(`${base}/api/v1/route`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ar: '1' },
    body: JSON.stringify({ url }),
  });
  const body = (await response.json()) as { page: { com_data: { id: number } } };
  return body.page.com_data.id;
}

/** A shop of the journey's own, whose data folder stays after it stops: its database can then be read. */
export interface JourneyShop extends RunningShop {
  dataDir: string;
  /** Stops the shop (if running) and removes its data folder. */
  dispose(): Promise<void>;
}

export async function startJourneyShop(env: Record<string, string> = {}): Promise<JourneyShop> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'efir-journey-'));
  const shop = await startSeededShop({ DATA_DIR: dataDir, ...env });
  return Object.assign(shop, {
    dataDir,
    async dispose() {
      await shop.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  });
}

/** The same shop started again on its data folder and at its address (after readOutbox stopped it). */
export async function restartJourneyShop(
  shop: JourneyShop,
  env: Record<string, string> = {},
): Promise<JourneyShop> {
  const again = await startShop({ ...env, DATA_DIR: shop.dataDir, PORT: new URL(shop.url).port });
  return Object.assign(again, {
    dataDir: shop.dataDir,
    async dispose() {
      await again.stop();
      await rm(shop.dataDir, { recursive: true, force: true });
    },
  });
}

export interface OutboxLetter {
  to: string;
  subject: string;
  text: string;
}

/**
 * The letters of the `outbox` table. The embedded database belongs to one process at a time, so the shop is
 * stopped first (SIGTERM: it closes the database cleanly) and its data folder opened here.
 */
export async function readOutbox(shop: JourneyShop): Promise<OutboxLetter[]> {
  await shop.stop();
  const db = new PGlite({ dataDir: path.join(shop.dataDir, 'pglite'), extensions: { pg_trgm } });
  try {
    const result = await db.query<OutboxLetter>('select "to", subject, text from outbox order by id');
    return result.rows;
  } finally {
    await db.close();
  }
}

/**
 * The bytes of a finished download. Read through Playwright's stream: the run's Chromium is a browser server
 * (global-setup.ts), whose downloads have no local path.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The text of a PDF, page after page (pdf.js reads it back through the embedded font's Unicode map). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  let text = '';
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  }
  await document.destroy();
  return text;
}

/** /dostavka's tariff table as the page shows it: each row's cells, spaces made plain (its head row starts «Способ»). */
export async function readDostavkaTable(page: Page): Promise<string[][]> {
  await page.goto('/dostavka.html');
  const rows = page.locator('.static-page .table-row');
  await rows.first().waitFor();
  const all: string[][] = [];
  for (const row of await rows.all())
    all.push((await row.locator('.table-cell').allTextContents()).map(plain));
  return all;
}

/** Checkout's «Доставка» step: the price and term of a way's line (a method, or a kind of the chosen method). */
export async function checkoutDeliveryLine(page: Page, title: string): Promise<string> {
  const option = page
    .locator('label.option')
    .filter({ has: page.locator('.option__title', { hasText: title }) })
    .first();
  await option.locator('.option__price').waitFor();
  return plain(await option.locator('.option__aside').textContent());
}
