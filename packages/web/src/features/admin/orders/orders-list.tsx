// «Заказы»: the newest first, filtered by status, payment, delivery method, days and a search; the filters live in
// the address, so coming back from an order keeps them.
import { DELIVERY_METHODS } from '@efir/domain/delivery-catalogue';
import { formatRub } from '@efir/domain/money';
import { plainPaymentMethodName } from '@efir/domain/order-papers-wire';
import { formatRussianPhone } from '@efir/domain/phone';
import { formatCount, GOODS_FORMS, type PluralForms } from '@efir/domain/plural';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../lib/router/link.tsx';
import { useAdminData } from '../admin-api.ts';
import {
  AdminChip,
  AdminFailure,
  AdminHeader,
  AdminLoading,
  AdminPager,
  formatAdminDate,
} from '../admin-ui.tsx';
import { DateFilterField } from './date-filter-field.tsx';
import { FiltersFold } from './filters-fold.tsx';
import { type OrdersPage, PAYMENT_LABELS, paymentLabel, STATUS_LABELS } from './orders-api.ts';
import { OrdersBulkBar, SelectAllOrders, SelectOrder, useOrderSelection } from './orders-bulk.tsx';

const ORDER_FORMS: PluralForms = ['заказ', 'заказа', 'заказов'];
const FILTERS = ['status', 'payment', 'delivery', 'from', 'to', 'q', 'call_back'] as const;

export function OrdersList() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const query = new URLSearchParams();
  for (const name of [...FILTERS, 'page'] as const) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const list = useAdminData<OrdersPage>(`/orders${query.size > 0 ? `?${query}` : ''}`);
  const filtered = FILTERS.some((name) => params.get(name));
  const selection = useOrderSelection();

  // Back and forward change the address; the search box follows it.
  const addressSearch = params.get('q') ?? '';
  useEffect(() => setSearch(addressSearch), [addressSearch]);

  /** Any filter change starts again from the first page. */
  const change = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    change('q', search.trim());
  };

  return (
    <section>
      <AdminHeader title="Заказы">
        <Link to="/admin/orders/new" className="button button--small">
          Новый заказ
        </Link>
      </AdminHeader>
      <FiltersFold active={FILTERS.filter((name) => params.get(name)).length}>
        <form className="admin-toolbar orders-filters" onSubmit={submitSearch}>
          <label className="admin-inline-field orders-filters__search">
            Номер, e-mail, телефон или имя
            <input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="ЭФ-000123 или +7 916…"
            />
          </label>
          <button type="submit" className="button button--small">
            Найти
          </button>
          <label className="admin-inline-field">
            Статус
            <select
              value={params.get('status') ?? ''}
              onChange={(event) => change('status', event.target.value)}
            >
              <option value="">Все</option>
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label.name}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-inline-field">
            Оплата
            <select
              value={params.get('payment') ?? ''}
              onChange={(event) => change('payment', event.target.value)}
            >
              <option value="">Любая</option>
              {Object.entries(PAYMENT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label.name}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-inline-field">
            Доставка
            <select
              value={params.get('delivery') ?? ''}
              onChange={(event) => change('delivery', event.target.value)}
            >
              <option value="">Любая</option>
              {Object.entries(DELIVERY_METHODS).map(([value, name]) => (
                <option key={value} value={value}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <DateFilterField
            label="С"
            value={params.get('from') ?? ''}
            onChange={(iso) => change('from', iso)}
          />
          <DateFilterField label="По" value={params.get('to') ?? ''} onChange={(iso) => change('to', iso)} />
          <label className="admin-inline-field orders-filters__check">
            <input
              type="checkbox"
              checked={params.get('call_back') === '1'}
              onChange={(event) => change('call_back', event.target.checked ? '1' : '')}
            />
            Ждут звонка (1 клик)
          </label>
          {filtered ? (
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setSearch('');
                setParams(new URLSearchParams());
              }}
            >
              Сбросить
            </button>
          ) : null}
        </form>
      </FiltersFold>

      {list.status === 'loading' ? <AdminLoading /> : null}
      {list.status === 'error' ? <AdminFailure error={list.error} retry={list.reload} /> : null}
      {list.status === 'ready' ? (
        list.data.orders.length === 0 ? (
          <p className="admin-muted">{filtered ? 'Таких заказов нет.' : 'Заказов пока нет.'}</p>
        ) : (
          <>
            <p className="orders-summary" role="status">
              {filtered ? 'Найдено' : 'Всего'} {formatCount(list.data.summary.count, ORDER_FORMS)} на{' '}
              {formatRub(list.data.summary.sum)}
            </p>
            <OrdersBulkBar selection={selection} filters={query} found={list.data.summary.count} />
            <div className="admin-table-wrap">
              <table className="admin-table orders-table">
                <thead>
                  <tr>
                    <th className="orders-table__select">
                      <SelectAllOrders
                        selection={selection}
                        ids={list.data.orders.map((order) => order.id)}
                      />
                    </th>
                    <th>Заказ</th>
                    <th>Покупатель</th>
                    <th>Доставка</th>
                    <th className="num">Сумма</th>
                    <th>Статус</th>
                    <th>Оплата</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.orders.map((order) => (
                    <tr key={order.id}>
                      <td className="orders-table__select">
                        <SelectOrder selection={selection} id={order.id} number={order.number} />
                      </td>
                      <td className="orders-table__order">
                        <Link
                          to={`${order.id}${params.size > 0 ? `?${params}` : ''}`}
                          className="orders-table__number"
                        >
                          {order.number}
                        </Link>
                        <span className="orders-table__sub">{formatAdminDate(order.created_at)}</span>
                      </td>
                      <td className="orders-table__customer">
                        {order.name} {order.fam}
                        <span className="orders-table__sub">
                          {order.email && `${order.email} · `}
                          <span className="orders-table__phone">{formatRussianPhone(order.tel)}</span>
                        </span>
                      </td>
                      <td className="orders-table__delivery">
                        {order.delivery_method
                          ? (DELIVERY_METHODS[order.delivery_method as keyof typeof DELIVERY_METHODS] ??
                            order.delivery_name)
                          : order.delivery_name}
                      </td>
                      <td className="num orders-table__sum">
                        {formatRub(order.total)}
                        <span className="orders-table__sub">{formatCount(order.items, GOODS_FORMS)}</span>
                      </td>
                      <td className="orders-table__status">
                        <AdminChip tone={STATUS_LABELS[order.status].tone}>
                          {STATUS_LABELS[order.status].name}
                        </AdminChip>
                        {order.call_back && (
                          <span className="orders-table__sub">
                            <AdminChip tone="warn">1 клик — перезвонить</AdminChip>
                          </span>
                        )}
                      </td>
                      <td className="orders-table__payment">
                        <AdminChip tone={paymentLabel(order).tone}>{paymentLabel(order).name}</AdminChip>
                        <span className="orders-table__sub">
                          {plainPaymentMethodName(order.sposob_oplat)}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <AdminPager
              page={list.data.page}
              pages={list.data.pages}
              onPage={(page) => {
                const next = new URLSearchParams(params);
                next.set('page', String(page));
                setParams(next);
              }}
            />
          </>
        )
      ) : null}
    </section>
  );
}
