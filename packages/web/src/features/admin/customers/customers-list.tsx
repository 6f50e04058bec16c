// «Покупатели»: the accounts, newest first, found by number, e-mail, name or phone; the search and the page live in
// the address, so coming back from a customer keeps them.
import { formatDateShort } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import { formatRussianPhone } from '@efir/domain/phone';
import { formatCount } from '@efir/domain/plural';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatPercent } from '../../../components/shop/account-ui.tsx';
import { Link } from '../../../lib/router/link.tsx';
import { useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminHeader, AdminLoading, AdminPager } from '../admin-ui.tsx';
import { CUSTOMER_FORMS, type CustomersPage, customerName } from './customers-api.ts';

export function CustomersList() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const query = new URLSearchParams();
  for (const name of ['q', 'page'] as const) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const list = useAdminData<CustomersPage>(`/customers${query.size > 0 ? `?${query}` : ''}`);
  const searching = Boolean(params.get('q'));

  // Back and forward change the address; the search box follows it.
  const addressSearch = params.get('q') ?? '';
  useEffect(() => setSearch(addressSearch), [addressSearch]);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (search.trim()) next.set('q', search.trim());
    setParams(next);
  };

  return (
    <section>
      <AdminHeader title="Покупатели" />
      <form className="admin-toolbar" onSubmit={submitSearch}>
        <label className="admin-inline-field customers-search">
          Номер, e-mail, имя или телефон
          <input
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="42, anna@mail.ru или +7 916…"
          />
        </label>
        <button type="submit" className="button button--small">
          Найти
        </button>
        {searching ? (
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

      {list.status === 'loading' ? <AdminLoading /> : null}
      {list.status === 'error' ? <AdminFailure error={list.error} retry={list.reload} /> : null}
      {list.status === 'ready' ? (
        list.data.customers.length === 0 ? (
          <p className="admin-muted">
            {searching ? 'Никого не нашли. Проверьте запрос.' : 'Покупателей пока нет.'}
          </p>
        ) : (
          <>
            <p className="customers-summary" role="status">
              {searching ? 'Найдено' : 'Всего'}: {formatCount(list.data.total, CUSTOMER_FORMS)}
            </p>
            <div className="admin-table-wrap">
              <table className="admin-table customers-table">
                <thead>
                  <tr>
                    <th className="num">№</th>
                    <th>Покупатель</th>
                    <th>Зарегистрирован</th>
                    <th className="num">Выполнено заказов на</th>
                    <th className="num">Скидка</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.customers.map((customer) => (
                    <tr key={customer.id}>
                      <td className="num">{customer.id}</td>
                      <td>
                        <Link
                          to={`${customer.id}${params.size > 0 ? `?${params}` : ''}`}
                          className="customers-table__name"
                        >
                          {customerName(customer)}
                        </Link>
                        <span className="customers-table__sub">
                          {customer.email}
                          {customer.tel ? (
                            <>
                              {' · '}
                              <span className="customers-table__phone">
                                {formatRussianPhone(customer.tel)}
                              </span>
                            </>
                          ) : null}
                        </span>
                      </td>
                      <td>{formatDateShort(customer.created_at)}</td>
                      <td className="num">{formatRub(customer.completed_total)}</td>
                      <td className="num">
                        {formatPercent(customer.skidka)}{' '}
                        {customer.skidka_manual !== null ? (
                          <span className="customers-table__sub">
                            <AdminChip tone="warn">вручную</AdminChip>
                          </span>
                        ) : null}
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
