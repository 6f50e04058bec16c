// @vitest-environment happy-dom
// The cart page in a DOM: a refused promo code says why next to the field and keeps the code typed, the button
// waits while the code is checked, and the lines and totals are the server's (e2e covers the accepted code).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type CartData, EMPTY_CART } from '../../lib/app-state.ts';
import { type Answer, held, type Route, renderPage } from '../../test/dom-shop.tsx';
import { CartPage } from './cart-page.tsx';

afterEach(cleanup);

const LAVENDER = {
  id: 11,
  quantity: 2,
  cena: 450,
  cena_st: 0,
  katGlobal: 1,
  url: '/lavanda-uzkolistnaya-10-ml.html',
  name: 'Лаванда узколистная',
  volume: '10 мл',
  image: null,
  stock: 5,
  price: 450,
  sum: 900,
};
const CART: CartData = {
  ...EMPTY_CART,
  lines: [LAVENDER],
  subtotal: 900,
  total: 900,
  count: 2,
  version: 'v1',
};
const NO_SUCH_CODE = 'Такого промокода нет. Проверьте, нет ли опечатки';

function openCart(routes: Record<string, Route> = {}) {
  return renderPage(<CartPage />, {
    url: '/my-cart',
    bootstrap: { cart: CART },
    routes: {
      'GET /v1/cart/gifts': { status: 200, body: { gifts: [] } },
      'GET /v1/cart/certificates': { status: 200, body: { message: 'cart/certificates', certificates: [] } },
      ...routes,
    },
  });
}

describe('cart page', () => {
  it('shows the server’s lines and total', () => {
    openCart();
    const lines = screen.getByRole('list', { name: 'Товары в корзине' });
    expect(within(lines).getByText('Лаванда узколистная')).toBeTruthy();
    expect(screen.getByText('2 товара')).toBeTruthy();
  });

  it('says why a promo code was refused, keeps it in the field, and waits while it is checked', async () => {
    const answer = held<Answer>();
    const { calls } = openCart({ 'PUT /v1/cart/promo/code': answer.promise });
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Подарочный сертификат или промокод' });
    await user.type(field, 'VESNA');
    await user.click(screen.getByRole('button', { name: 'Применить' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Применить' })).toHaveProperty('disabled', true),
    );
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/v1/cart/promo/code', body: { code: 'VESNA' } },
    ]);
    answer.release({
      status: 200,
      body: {
        message: 'cart/promo',
        code: 'VESNA',
        error: true,
        text: NO_SUCH_CODE,
        cart: CART,
        hydr: false,
      },
    });

    expect((await screen.findByRole('alert')).textContent).toBe(NO_SUCH_CODE);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(field).toHaveProperty('value', 'VESNA');
    expect(screen.getByRole('button', { name: 'Применить' })).toHaveProperty('disabled', false);
  });

  it('asks for a code without calling the server when the field is empty', async () => {
    const { calls } = openCart();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Применить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Введите код сертификата или промокод');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('a certificate code entered is listed with its balance, keeps the field for more, and can be taken off', async () => {
    const certificate = { id: 7, code_tail: 'K7QZ', balance: 3000, expires_at: '2027-12-07T10:00:00.000Z' };
    let held: Array<typeof certificate> = [];
    const { calls } = openCart({
      'GET /v1/cart/certificates': () => ({
        status: 200,
        body: { message: 'cart/certificates', certificates: held },
      }),
      'PUT /v1/cart/promo/code': {
        status: 200,
        body: {
          message: 'cart/promo',
          code: null,
          error: false,
          text: 'Сертификат принят: на нём 3 000 ₽',
          cart: CART,
          hydr: false,
        },
      },
      'DELETE /v1/cart/certificates/7': {
        status: 200,
        body: { message: 'cart/certificates', certificates: [] },
      },
    });
    const user = userEvent.setup();
    await user.type(
      screen.getByRole('textbox', { name: 'Подарочный сертификат или промокод' }),
      '7KQ2-M9XH-ABCD-EFGH-K7QZ',
    );
    // The list the cart now holds, as the server will answer after the code was accepted.
    held = [certificate];
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    const list = await screen.findByRole('list', { name: 'Подарочные сертификаты' });
    expect(within(list).getByText(/Сертификат …K7QZ: 3\s000\s₽, до 7 декабря 2027/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Подарочный сертификат или промокод' })).toHaveProperty(
      'value',
      '',
    );
    await user.click(screen.getByRole('button', { name: 'Убрать сертификат …K7QZ' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Подарочные сертификаты' })).toBeNull());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /v1/cart/certificates/7');
  });
});
