// Guests' server-rendered pages come from the page cache (one render per address until something changes); a
// visitor with a cart or a session always gets a page rendered for them; an edit in the back office shows at once.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { createSourceSsrOptions } from '../test/page-renderer.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  shop = await createTestApp({
    env: { ...MODERATOR_ENV, PAGE_CACHE_TTL_MS: '60000' },
    deps: { ssr: await createSourceSsrOptions() },
  });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop.close());

async function getPage(url: string, cookie?: string) {
  const response = await shop.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
  });
  const html = brotliDecompressSync(response.rawPayload).toString('utf8');
  return { response, html, cache: response.headers['x-page-cache'] };
}

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe('guest page cache', () => {
  const article = '/articles/fototoksichnost-citrusovyh-masel.html';

  it('renders a guest page once and serves the same bytes after, with the CSP nonce its scripts carry', async () => {
    const first = await getPage(article, 'XSRF-TOKEN=abc');
    const second = await getPage(article);
    expect(first.response.statusCode).toBe(200);
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(second.html).toBe(first.html);
    const nonce = nonceOf(second.response.headers['content-security-policy']);
    expect(nonce).toBeTruthy();
    expect(second.html).toContain(`<script nonce="${nonce}"`);
    expect(second.response.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 304 to a guest whose browser holds the current page, and the page again after an edit', async () => {
    const url = '/articles/hemotipy-efirnyh-masel.html';
    const first = await getPage(url);
    const etag = String(first.response.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}-br"$/);
    const lastModified = String(first.response.headers['last-modified']);
    expect(Date.parse(lastModified)).not.toBeNaN();
    const headers = { accept: 'text/html', 'accept-encoding': 'br' };
    const again = await shop.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // The browser's copy keeps the policy with its own nonce: a 304 sends none to replace it.
    expect(again.headers['content-security-policy']).toBeUndefined();
    const since = await shop.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'if-modified-since': lastModified },
    });
    expect(since.statusCode).toBe(304);
    // Another encoding is another representation with its own tag.
    const gzip = await shop.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers.etag).toBe(etag.replace(/-br"$/, '-gzip"'));
    // A visitor with a session gets her own page, never a 304 for the guests' copy, nor a validator.
    const own = await getPage(url, 'efir_session=1');
    const ownConditional = await shop.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, cookie: 'efir_session=1', 'if-none-match': etag },
    });
    expect(ownConditional.statusCode).toBe(200);
    expect(own.response.headers.etag).toBeUndefined();
    expect(ownConditional.headers['cache-control']).toBe('private, no-store');
  });

  it('renders for the visitor when the request carries a cart or a session', async () => {
    await getPage(article);
    for (const cookie of ['efir_cart=00000000-0000-0000-0000-000000000000', 'efir_session=1']) {
      const page = await getPage(article, cookie);
      expect(page.response.statusCode).toBe(200);
      expect(page.cache).toBeUndefined();
    }
  });

  it('shows a back-office edit to the next guest at once', async () => {
    const before = await getPage(article);
    expect(before.html).not.toContain('Цитрусы и солнце в июле');
    const list = await moderator.request({
      method: 'GET',
      url: '/api/v1/admin/content/articles?q=%D1%84%D0%BE%D1%82%D0%BE%D1%82%D0%BE%D0%BA%D1%81%D0%B8%D1%87%D0%BD',
    });
    const id = (list.json() as { items: Array<{ id: number }> }).items[0]?.id;
    const saved = await moderator.request({
      method: 'PUT',
      url: `/api/v1/admin/content/articles/${id}`,
      payload: { title: 'Цитрусы и солнце в июле' },
    });
    expect(saved.statusCode).toBe(200);
    const conditional = await shop.app.inject({
      method: 'GET',
      url: article,
      headers: {
        accept: 'text/html',
        'accept-encoding': 'br',
        'if-none-match': String(before.response.headers.etag),
      },
    });
    const after = await getPage(article);
    expect(conditional.statusCode).toBe(200);
    expect(after.cache).toBe('hit');
    expect(after.html).toContain('Цитрусы и солнце в июле');
    expect(after.response.headers.etag).not.toBe(before.response.headers.etag);
  });

  it('does not keep pages that are not found', async () => {
    const first = await getPage('/net-takoj-stranicy.html');
    const second = await getPage('/net-takoj-stranicy.html');
    expect(first.response.statusCode).toBe(404);
    expect([first.cache, second.cache]).toEqual(['miss', 'miss']);
  });
});

describe('pages for a logged-in visitor', () => {
  async function loggedIn(name: string) {
    const customer = createTestAgent(shop.app);
    await customer.register({ name });
    const cookie = `efir_refresh=${customer.cookies.get('efir_refresh')}; efir_session=1`;
    return { customer, cookie };
  }

  it('renders her account from the refresh cookie, private and never kept for guests', async () => {
    const { customer, cookie } = await loggedIn('Евдокия');
    const account = await getPage('/my-account', cookie);
    expect(account.response.statusCode).toBe(200);
    expect(account.html).toContain('Здравствуйте, Евдокия!');
    expect(account.html).toContain('Персональная скидка');
    expect(account.html).not.toContain('Загружаем личный кабинет');
    expect(account.response.headers['cache-control']).toBe('private, no-store');
    expect(account.cache).toBeUndefined();
    // Her home page has her name; the guests' copy of it does not.
    expect((await getPage('/', cookie)).html).toContain('Евдокия');
    const guest = await getPage('/');
    expect(guest.html).not.toContain('Евдокия');
    expect(guest.response.headers['cache-control']).toBe('private, no-cache');
    // The render read the cookie without using it up: her browser's own refresh still succeeds.
    expect((await customer.request({ method: 'POST', url: '/refresh' })).statusCode).toBe(200);
  });

  it('sends her from /login and /registration on at once, and lets a guest open them', async () => {
    const { cookie } = await loggedIn('Агния');
    for (const [url, location] of [
      ['/login', '/my-account'],
      ['/registration', '/my-account'],
      ['/login?from=%2Fmy-orders', '/my-orders'],
    ] as const) {
      const response = await shop.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', cookie },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(location);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
    const guest = await getPage('/login');
    expect(guest.response.statusCode).toBe(200);
    expect(guest.html).toContain('aria-label="Вход"');
  });

  it('renders the loading frame, as before, for a refresh cookie that is no live session', async () => {
    const { customer, cookie } = await loggedIn('Алиса');
    const stale = cookie;
    // Rotated by her browser (another client as far as the render can tell, so past what the grace period covers).
    expect((await customer.request({ method: 'POST', url: '/refresh' })).statusCode).toBe(200);
    for (const refresh of [stale, 'efir_refresh=not-a-token; efir_session=1']) {
      const page = await getPage('/my-account', refresh);
      expect(page.response.statusCode).toBe(200);
      expect(page.html).toContain('Загружаем личный кабинет');
      expect(page.html).not.toContain('Алиса');
    }
    // Reading a stale token is not a replay: her session goes on.
    expect((await customer.request({ method: 'POST', url: '/refresh' })).statusCode).toBe(200);
  });
});
