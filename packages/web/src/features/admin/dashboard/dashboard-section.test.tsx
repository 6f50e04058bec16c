// @vitest-environment happy-dom
// «Сводка» in a DOM, fed answers of GET /api/v1/admin/dashboard checked against the server's own response schema:
// per Moscow day the orders, the value ordered and the money received (paid − refunded) with the bars to scale, the
// totals, the definitions, the average order, the top products, the carts that became orders, the period switch
// asking the server again, and a failure with «Повторить».
import { type Dashboard, dashboardSchema } from '@efir/domain/admin-wire';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer, Call } from '../../../test/dom-shop.tsx';
import { renderPage, SIGNED_IN } from '../../../test/dom-shop.tsx';
import { DashboardSection } from './dashboard-section.tsx';

afterEach(cleanup);

const MODERATOR = { ...SIGNED_IN, id: 1, name: 'Ирина', fam: '', email: 'irina@efir.test', skidka: 0 };
const ROUTE = 'GET /api/v1/admin/dashboard';
/** formatRub's way: a no-break space between thousands and before «₽». */
const rub = (amount: string) => `${amount.replaceAll(' ', '\u00a0')}\u00a0₽`;

/** `count` Moscow days up to `last` (as the server's generate_series gives them), with the days that had orders. */
function daysUpTo(
  last: string,
  count: number,
  filled: Record<string, [number, number, number, number]>,
): Dashboard['by_day'] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    const [orders, ordered, paid, refunded] = filled[date] ?? [0, 0, 0, 0];
    return { date, orders, ordered, paid, refunded, received: paid - refunded };
  });
}

const MONTH = dashboardSchema.parse({
  days: 30,
  // The 25th: two orders, one paid by card (1 900 ₽); the 27th: one unpaid COD order, and 400 ₽ refunded.
  by_day: daysUpTo('2026-11-27', 30, { '2026-11-25': [2, 3400, 1900, 0], '2026-11-27': [1, 6800, 0, 400] }),
  totals: { orders: 3, ordered: 10200, paid: 1900, refunded: 400, received: 1500, average_order: 3400 },
  top_products: [
    { product_id: 12, name: 'Лаванда, эфирное масло', quantity: 5, revenue: 6500 },
    { product_id: 7, name: 'Чайное дерево', quantity: 1, revenue: 1300 },
  ],
  conversion: { carts: 12, ordered: 3, percent: 25 },
  certificates: { sold: 0, outstanding: 0 },
});

const WEEK = dashboardSchema.parse({
  days: 7,
  by_day: daysUpTo('2026-11-27', 7, { '2026-11-27': [1, 6800, 0, 400] }),
  totals: { orders: 1, ordered: 6800, paid: 0, refunded: 400, received: -400, average_order: 6800 },
  top_products: [],
  conversion: { carts: 3, ordered: 1, percent: 33.3 },
  certificates: { sold: 0, outstanding: 0 },
});

/** What the dashboard says under a figure's name. */
function figure(name: string): string {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

/** The per-day table as text: day, orders, ordered, received — and the width of each «ordered» bar. */
function dayRows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      const bar = row.querySelector<HTMLElement>('.admin-dashboard__bar');
      return {
        cells: cells.map((cell) => cell.textContent),
        bar: bar?.style.width,
      };
    });
}

function answerByPeriod(call: Call): Answer {
  return { status: 200, body: call.search === '?days=7' ? WEEK : MONTH };
}

describe('«Сводка»', () => {
  it('shows the month: per-day orders, ordered and received to scale, totals, definitions, top products, conversion', async () => {
    const { calls } = renderPage(<DashboardSection />, {
      url: '/admin/dashboard',
      bootstrap: { user: MODERATOR },
      routes: { [ROUTE]: answerByPeriod },
    });

    await screen.findByRole('table');
    expect(calls).toEqual([{ method: 'GET', path: '/api/v1/admin/dashboard', search: '?days=30' }]);

    expect(figure('Заказы')).toBe('3 заказа');
    expect(figure('Получено денег')).toBe(rub('1 500'));
    expect(figure('Заказано на сумму')).toBe(rub('10 200'));
    // How each figure is counted is on the page, with the period's paid and refunded sums.
    expect(screen.getByText(/оплаты за вычетом возвратов/).textContent).toContain(
      `${rub('1 900')} оплачено − ${rub('400')} возвращено`,
    );
    expect(figure('Средний заказ')).toBe(rub('3 400'));
    expect(figure('Корзины → заказы')).toBe('25 % (3 заказа из 12 корзин)');

    const rows = dayRows();
    expect(rows).toHaveLength(30);
    expect(rows[0]).toEqual({ cells: ['29.10', '0', rub('0'), rub('0')], bar: '0%' });
    // The best day's bar is full width, the others in proportion to their sums.
    expect(rows[27]).toEqual({ cells: ['25.11', '2', rub('3 400'), rub('1 900')], bar: '50%' });
    expect(rows[29]).toEqual({
      cells: ['27.11', '1', rub('6 800'), `${rub('-400')}в т. ч. возврат ${rub('400')}`],
      bar: '100%',
    });

    const top = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(top.map((item) => item.textContent)).toEqual([
      `Лаванда, эфирное масло — 5 штук, ${rub('6 500')}`,
      `Чайное дерево — 1 штука, ${rub('1 300')}`,
    ]);
  });

  it('asks the server again for another period and says when nothing was sold', async () => {
    const { calls } = renderPage(<DashboardSection />, {
      url: '/admin/dashboard',
      bootstrap: { user: MODERATOR },
      routes: { [ROUTE]: answerByPeriod },
    });
    await screen.findByRole('table');

    await userEvent.setup().selectOptions(screen.getByRole('combobox'), '7');
    await waitFor(() => expect(figure('Заказы')).toBe('1 заказ'));
    expect(calls.map((call) => call.search)).toEqual(['?days=30', '?days=7']);
    expect(figure('Средний заказ')).toBe(rub('6 800'));
    // After «из», the genitive: «из 3 корзин», not «из 3 корзины».
    expect(figure('Корзины → заказы')).toBe('33,3 % (1 заказ из 3 корзин)');
    expect(dayRows().map((row) => row.cells[0])).toEqual([
      '21.11',
      '22.11',
      '23.11',
      '24.11',
      '25.11',
      '26.11',
      '27.11',
    ]);
    expect(screen.getByText('За этот период товаров не продано.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failed request where the moderator looks, and «Повторить» asks again', async () => {
    let attempts = 0;
    renderPage(<DashboardSection />, {
      url: '/admin/dashboard',
      bootstrap: { user: MODERATOR },
      routes: {
        [ROUTE]: (call) => {
          attempts += 1;
          return attempts === 1 ? { status: 500, body: { message: 'Server Error' } } : answerByPeriod(call);
        },
      },
    });

    const alert = await screen.findByRole('alert');
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Повторить' }));
    await screen.findByRole('table');
    expect(figure('Заказы')).toBe('3 заказа');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
