// @vitest-environment happy-dom
// The back office's start page (decision 057): the tiles say what waits — new orders, calls, reviews, questions —
// in the right plural forms, each a link to exactly that list.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, SIGNED_IN } from '../../test/dom-shop.tsx';
import { AdminHome } from './admin-home.tsx';

afterEach(cleanup);

const SECTIONS = [
  { path: 'dashboard', title: 'Сводка' },
  { path: 'orders', title: 'Заказы' },
  { path: 'moderation', title: 'Модерация' },
];

describe('the back office’s start page', () => {
  it('counts what waits on the tiles, each a link to its list', async () => {
    renderPage(<AdminHome sections={SECTIONS} />, {
      url: '/admin',
      bootstrap: { user: SIGNED_IN },
      routes: {
        'GET /api/v1/admin/overview': {
          status: 200,
          body: { new_orders: 3, waiting_calls: 1, reviews: 0, questions: 5 },
        },
      },
    });
    const orders = await screen.findByRole('link', { name: '3 новых заказа' });
    expect(orders.getAttribute('href')).toBe('/admin/orders?status=new');
    expect(screen.getByRole('link', { name: '1 заказ ждёт звонка' }).getAttribute('href')).toBe(
      '/admin/orders?call_back=1',
    );
    expect(screen.getByRole('link', { name: '0 отзывов на проверке' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '5 вопросов без ответа' }).getAttribute('href')).toBe(
      '/admin/moderation/questions',
    );
    expect(screen.getByRole('link', { name: 'Сводка' }).getAttribute('href')).toBe('/admin/dashboard');
  });
});
