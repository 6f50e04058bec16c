// «Сводка»: orders and revenue per day (bars drawn with CSS, no chart library), the average order, top products and
// how many carts became orders, for the last 7, 30 or 90 days (GET /api/v1/admin/dashboard).
import type { Dashboard } from '@efir/domain/admin-wire';
import { formatRub } from '@efir/domain/money';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { useState } from 'react';
import { useAdminData } from '../admin-api.ts';
import { AdminFailure, AdminHeader, AdminLoading } from '../admin-ui.tsx';

const ORDER_FORMS: PluralForms = ['заказ', 'заказа', 'заказов'];
/** After «из» the carts are in the genitive: из 1 корзины, из 3 корзин, из 12 корзин. */
const OUT_OF_CARTS_FORMS: PluralForms = ['корзины', 'корзин', 'корзин'];
const UNIT_FORMS: PluralForms = ['штука', 'штуки', 'штук'];
const PERIODS = [7, 30, 90] as const;

/** «2026-11-27» → «27.11». */
function dayMonth(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}.${month}`;
}

export function DashboardSection() {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const dashboard = useAdminData<Dashboard>(`/dashboard?days=${days}`);

  return (
    <section className="admin-dashboard">
      <AdminHeader title="Сводка">
        <label className="admin-inline-field">
          Период
          <select value={days} onChange={(event) => setDays(Number(event.target.value) as typeof days)}>
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                {formatCount(period, ['день', 'дня', 'дней'])}
              </option>
            ))}
          </select>
        </label>
      </AdminHeader>
      {dashboard.status === 'loading' ? <AdminLoading /> : null}
      {dashboard.status === 'error' ? (
        <AdminFailure error={dashboard.error} retry={dashboard.reload} />
      ) : null}
      {dashboard.status === 'ready' ? <Figures data={dashboard.data} /> : null}
    </section>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const topRevenue = Math.max(1, ...data.by_day.map((day) => day.revenue));
  return (
    <>
      <dl className="admin-dashboard__totals">
        <div>
          <dt>Заказы</dt>
          <dd>{formatCount(data.totals.orders, ORDER_FORMS)}</dd>
        </div>
        <div>
          <dt>Выручка</dt>
          <dd>{formatRub(data.totals.revenue)}</dd>
        </div>
        <div>
          <dt>Средний заказ</dt>
          <dd>{formatRub(data.totals.average_order)}</dd>
        </div>
        <div>
          <dt>Корзины → заказы</dt>
          <dd>
            {data.conversion.percent.toLocaleString('ru-RU')} %{' '}
            <span className="admin-muted">
              ({formatCount(data.conversion.ordered, ORDER_FORMS)} из{' '}
              {formatCount(data.conversion.carts, OUT_OF_CARTS_FORMS)})
            </span>
          </dd>
        </div>
      </dl>
      <p className="admin-muted">Отменённые заказы не учитываются; дни — по московскому времени.</p>

      <h2>По дням</h2>
      <table className="admin-table admin-dashboard__days">
        <thead>
          <tr>
            <th>День</th>
            <th>Заказы</th>
            <th>Выручка</th>
          </tr>
        </thead>
        <tbody>
          {data.by_day.map((day) => (
            <tr key={day.date}>
              <td>{dayMonth(day.date)}</td>
              <td>{day.orders.toLocaleString('ru-RU')}</td>
              <td>
                <span
                  className="admin-dashboard__bar"
                  style={{ width: `${(day.revenue / topRevenue) * 100}%` }}
                />
                {formatRub(day.revenue)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Популярные товары</h2>
      {data.top_products.length === 0 ? (
        <p className="admin-muted">За этот период товаров не продано.</p>
      ) : (
        <ol className="admin-dashboard__top">
          {data.top_products.map((product) => (
            <li key={product.product_id}>
              {product.name} — {formatCount(product.quantity, UNIT_FORMS)}, {formatRub(product.revenue)}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
