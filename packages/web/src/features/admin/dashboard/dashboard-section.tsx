// «Сводка»: per day, the value ordered and the money received (paid − refunded; decision 057) — bars drawn with CSS,
// no chart library — the average order, top products and how many carts became orders, for the last 7, 30 or 90
// days (GET /api/v1/admin/dashboard). The page says how each figure is counted.
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
  const topDay = Math.max(1, ...data.by_day.map((day) => Math.max(day.ordered, day.received)));
  return (
    <>
      <dl className="admin-dashboard__totals">
        <div>
          <dt>Получено денег</dt>
          <dd>{formatRub(data.totals.received)}</dd>
        </div>
        <div>
          <dt>Заказано на сумму</dt>
          <dd>{formatRub(data.totals.ordered)}</dd>
        </div>
        <div>
          <dt>Заказы</dt>
          <dd>{formatCount(data.totals.orders, ORDER_FORMS)}</dd>
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
      <details className="admin-dashboard__terms" open>
        <summary>Как считаются цифры</summary>
        <p>
          <strong>Получено денег</strong> — оплаты за вычетом возвратов: {formatRub(data.totals.paid)}{' '}
          оплачено − {formatRub(data.totals.refunded)} возвращено. Оплата считается в день, когда деньги
          пришли (карта, СБП, отмеченный оплаченным перевод или наложенный платёж), возврат — в день, когда он
          прошёл. Неоплаченные заказы сюда не входят; часть заказа, оплаченная подарочным сертификатом, — тоже
          (эти деньги получены при продаже сертификата).
        </p>
        <p>
          <strong>Заказано на сумму</strong> — сумма оформленных в этот день заказов (товары со скидками и
          доставка), оплачены они или нет. Отменённые заказы и проданные подарочные сертификаты не входят.
        </p>
        <p>
          <strong>Средний заказ</strong> — заказано на сумму, делённое на число заказов.
        </p>
        <p className="admin-muted">Дни — по московскому времени.</p>
      </details>

      <h2>По дням</h2>
      <div className="admin-table-wrap">
        <table className="admin-table admin-dashboard__days">
          <thead>
            <tr>
              <th>День</th>
              <th>Заказы</th>
              <th>Заказано</th>
              <th>Получено</th>
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
                    style={{ width: `${(day.ordered / topDay) * 100}%` }}
                  />
                  {formatRub(day.ordered)}
                </td>
                <td>
                  <span
                    className="admin-dashboard__bar admin-dashboard__bar--received"
                    style={{ width: `${(Math.max(0, day.received) / topDay) * 100}%` }}
                  />
                  {formatRub(day.received)}
                  {day.refunded > 0 ? (
                    <span className="admin-dashboard__refund">в т. ч. возврат {formatRub(day.refunded)}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

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
