// The server render of the account and guest-only routes (spec §2): it cannot see the token, so the session-hint
// cookie decides between a redirect to /login and the account frame in its loading state.
import { emptyCart } from '@efir/domain/cart-math';
import type { CartAnswer } from '@efir/domain/cart-wire';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';

const ORIGIN = 'http://shop.test';

/** GET /v1/cart of a guest without a cart, as the server answers it. */
const EMPTY_CART_ANSWER: CartAnswer = {
  message: 'cart',
  cart: { ...emptyCart(), version: 'v0' },
  code: null,
  hydr: false,
  reco: [],
  notices: [],
};

/** Answers the start-up calls of a guest; anything else (an authenticated call) fails the test loudly. */
const calls: string[] = [];
const fakeFetch: typeof fetch = async (input) => {
  const path = new URL(String(input)).pathname;
  calls.push(path);
  const body =
    path === '/api/v1/critical'
      ? { ok: true, data: {} }
      : path === '/v1/cart'
        ? { ok: true, data: EMPTY_CART_ANSWER }
        : null;
  return new Response(JSON.stringify(body ?? { message: 'Not Found' }), {
    status: body ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
};

function renderPage(path: string, cookie?: string) {
  calls.length = 0;
  return render({
    url: `${ORIGIN}${path}`,
    forwardHeaders: cookie ? { cookie } : {},
    fetch: fakeFetch,
    origin: ORIGIN,
    nonce: null,
  });
}

describe('server render of the account', () => {
  it('sends a guest without the session hint to /login, with the way back', async () => {
    const result = await renderPage('/my-settings?email_token=abcdefghijkl');
    expect(result).toEqual({
      type: 'redirect',
      status: 302,
      location: '/login?from=%2Fmy-settings%3Femail_token%3Dabcdefghijkl',
    });
  });

  it('renders the account frame in its loading state for a browser with the hint, without account calls', async () => {
    const result = await renderPage('/my-fav-prod', 'efir_session=1; XSRF-TOKEN=x');
    if (result.type !== 'page') throw new Error('expected a page');
    expect(result.status).toBe(200);
    expect(result.html).toContain('Загружаем личный кабинет');
    expect(result.html).toContain('aria-label="Разделы кабинета"');
    // The top bar neither says «Войти» nor guesses a name while the browser loads the user.
    expect(result.html).not.toContain('>Войти<');
    expect(result.data).toContain('"sessionHint":true');
    expect(calls.filter((path) => path.startsWith('/v1/') && path !== '/v1/cart')).toEqual([]);
  });

  it('renders the guest-only pages on the server whatever the hint says', async () => {
    for (const cookie of [undefined, 'efir_session=1']) {
      const result = await renderPage('/login', cookie);
      if (result.type !== 'page') throw new Error('expected a page');
      expect(result.html).toContain('Вход в личный кабинет');
      expect(result.data).toContain(`"sessionHint":${cookie ? 'true' : 'false'}`);
    }
  });
});
