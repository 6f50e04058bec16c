// «Промокоды»: every code with its discount, validity, uses against the limit and state; edit, delete (a used
// code is switched off instead, and the button says so).
import { formatRub } from '@efir/domain/money';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { describeFailure } from '../../../lib/failure-message.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminHeader, AdminLoading } from '../admin-ui.tsx';
import { conditionName, type PromoCode, STATE_TONES } from './promo-api.ts';

/** «2026-12-31» → «31.12.2026». */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

function validity(promo: PromoCode): string {
  if (promo.valid_from && promo.valid_to) {
    return `${formatDay(promo.valid_from)} — ${formatDay(promo.valid_to)}`;
  }
  if (promo.valid_from) return `с ${formatDay(promo.valid_from)}`;
  if (promo.valid_to) return `по ${formatDay(promo.valid_to)}`;
  return 'бессрочно';
}

export function PromoList() {
  const api = useAdminApi();
  const list = useAdminData<{ promo_codes: PromoCode[] }>('/promo');
  const location = useLocation();
  const saved = (location.state as { saved?: string } | null)?.saved ?? null;
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const remove = async (promo: PromoCode) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const answer = await api.delete<{ deleted: boolean; promo: PromoCode | null }>(`/promo/${promo.id}`);
      list.update((data) => ({
        promo_codes: answer.deleted
          ? data.promo_codes.filter((item) => item.id !== promo.id)
          : data.promo_codes.map((item) => (item.id === promo.id && answer.promo ? answer.promo : item)),
      }));
      setNotice(
        answer.deleted
          ? `Промокод ${promo.code} удалён.`
          : `Промокод ${promo.code} уже использовали в заказах, поэтому он выключен, а не удалён.`,
      );
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  return (
    <section>
      <AdminHeader title="Промокоды">
        <Link to="new" className="button button--small">
          Новый промокод
        </Link>
      </AdminHeader>
      <p className="promo-notice" role="status">
        {notice ?? saved}
      </p>
      {failure ? (
        <div className="admin-failure" role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      {list.status === 'loading' ? <AdminLoading /> : null}
      {list.status === 'error' ? <AdminFailure error={list.error} retry={list.reload} /> : null}
      {list.status === 'ready' ? (
        list.data.promo_codes.length === 0 ? (
          <p className="admin-muted">Промокодов пока нет.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table promo-table">
              <thead>
                <tr>
                  <th>Код</th>
                  <th>Скидка</th>
                  <th>Срок действия</th>
                  <th className="num">Использован</th>
                  <th>Состояние</th>
                  <th>
                    <span className="visually-hidden">Действия</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.promo_codes.map((promo) => (
                  <tr key={promo.id}>
                    <td>
                      <Link to={String(promo.id)} className="promo-table__code">
                        {promo.code}
                      </Link>
                      {promo.description ? (
                        <span className="promo-table__sub">{promo.description}</span>
                      ) : null}
                    </td>
                    <td>
                      {promo.percent}&nbsp;%
                      <span className="promo-table__sub">{conditionName(promo.condition_type)}</span>
                      {promo.min_total > 0 ? (
                        <span className="promo-table__sub">от {formatRub(promo.min_total)}</span>
                      ) : null}
                    </td>
                    <td className="promo-table__dates">{validity(promo)}</td>
                    <td className="num">
                      {promo.usage_limit === null ? (
                        <>
                          {promo.used_count}
                          <span className="promo-table__sub">без лимита</span>
                        </>
                      ) : (
                        `${promo.used_count} из ${promo.usage_limit}`
                      )}
                    </td>
                    <td>
                      <AdminChip tone={STATE_TONES[promo.state]}>{promo.state_name}</AdminChip>
                    </td>
                    <td>
                      <div className="promo-table__actions">
                        <Link to={String(promo.id)} className="button button--small button--ghost">
                          Изменить
                        </Link>
                        {asking === promo.id ? (
                          <>
                            <button
                              type="button"
                              className="button button--small button--danger"
                              disabled={busy}
                              onClick={() => void remove(promo)}
                            >
                              {promo.used_count > 0 ? 'Да, выключить' : 'Да, удалить'}
                            </button>
                            <button
                              type="button"
                              className="button button--small button--ghost"
                              disabled={busy}
                              onClick={() => setAsking(null)}
                            >
                              Нет
                            </button>
                          </>
                        ) : promo.used_count > 0 && !promo.active ? null : (
                          <button
                            type="button"
                            className="button button--small button--ghost promo-table__delete"
                            onClick={() => setAsking(promo.id)}
                            title={
                              promo.used_count > 0
                                ? 'Промокод уже использовали в заказах: его можно только выключить'
                                : undefined
                            }
                          >
                            {promo.used_count > 0 ? 'Выключить' : 'Удалить'}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </section>
  );
}
