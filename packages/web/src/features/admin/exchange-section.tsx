// «Обмен с 1С»: whether the exchange is on, and the log of each session 1C opened — the files that came, what they
// created, updated and hid, and why a file was refused.
import type { ExchangeLog } from '@efir/domain/admin-wire';
import { formatCount, GOODS_FORMS, type PluralForms } from '@efir/domain/plural';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppContext } from '../../lib/app-context.tsx';
import { ADMIN_API, useAdminData } from './admin-api.ts';
import {
  AdminChip,
  AdminFailure,
  AdminHeader,
  AdminLoading,
  AdminPager,
  formatAdminDate,
} from './admin-ui.tsx';
import { ExchangeUpload } from './exchange-upload.tsx';

type ExchangeFile = ExchangeLog['sessions'][number]['files'][number];

const SESSION_KINDS: Record<string, string> = {
  catalog: 'Каталог',
  sale: 'Заказы',
  manual: 'Загружено вручную',
};

const RECORD_FORMS: PluralForms = ['запись', 'записи', 'записей'];

function describe(file: ExchangeFile): string {
  const parts = [
    file.created > 0 ? `создано ${formatCount(file.created, RECORD_FORMS)}` : '',
    file.updated > 0 ? `обновлено ${formatCount(file.updated, RECORD_FORMS)}` : '',
    file.hidden > 0 ? `скрыто ${formatCount(file.hidden, GOODS_FORMS)}` : '',
    file.restocked > 0 ? `снова в наличии ${formatCount(file.restocked, GOODS_FORMS)}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'без изменений';
}

function seconds(ms: number): string {
  return `${(ms / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} с`;
}

/** One table row per file; a session that sent nothing still shows as one row. */
function logRows(log: ExchangeLog) {
  return log.sessions.flatMap((session) =>
    (session.files.length > 0 ? session.files : [null]).map((file, position) => ({
      key: `${session.id}-${position}`,
      session,
      file,
      first: position === 0,
    })),
  );
}

export function ExchangeSection() {
  const { api } = useAppContext();
  const [page, setPage] = useState(1);
  const path = `/exchange?page=${page}`;
  const log = useAdminData<ExchangeLog>(path);
  const data = log.status === 'ready' ? log.data : null;
  const { update } = log;
  const shownPath = useRef(path);
  shownPath.current = path;
  // Read again in place: the table and the upload form (with its «Пакет принят») stay on screen meanwhile.
  const refresh = useCallback(() => {
    // An answer for a page the moderator has left is dropped.
    api.get<ExchangeLog>(`${ADMIN_API}${path}`, { suppressErrors: true }).then(
      (fresh) => shownPath.current === path && update(() => fresh),
      // Kept as it was; a new copy all the same, so a running import is asked about again.
      () => shownPath.current === path && update((current) => ({ ...current })),
    );
  }, [api, path, update]);
  // While an uploaded package is being imported, the log is read again every few seconds.
  useEffect(() => {
    if (!data?.sessions.some((session) => session.running)) return;
    const timer = setTimeout(refresh, 3000);
    return () => clearTimeout(timer);
  }, [data, refresh]);
  return (
    <section>
      <AdminHeader title="Обмен с 1С" />
      {log.status === 'loading' ? <AdminLoading /> : null}
      {log.status === 'error' ? <AdminFailure error={log.error} retry={log.reload} /> : null}
      {log.status === 'ready' ? (
        <>
          <p>
            {log.data.enabled ? (
              <AdminChip tone="good">Обмен включён</AdminChip>
            ) : (
              <AdminChip tone="warn">Обмен выключен</AdminChip>
            )}{' '}
            В 1С («Обмен с сайтом») укажите адрес <code>/1c_exchange</code> этого магазина, логин и пароль из
            настроек EXCHANGE_LOGIN и EXCHANGE_PASSWORD.
          </p>
          <ExchangeUpload onUploaded={refresh} />
          {log.data.sessions.length === 0 ? (
            <p className="admin-muted">1С ещё не подключалась.</p>
          ) : (
            <>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>Когда</th>
                      <th>Что</th>
                      <th>Файл</th>
                      <th>Итог</th>
                      <th>Время</th>
                    </tr>
                  </thead>
                  <tbody>
                    {logRows(log.data).map(({ key, session, file, first }) => (
                      <tr key={key}>
                        <td>{first ? formatAdminDate(session.started_at) : ''}</td>
                        <td>
                          {first
                            ? `${SESSION_KINDS[session.type] ?? 'Каталог'}${session.running ? ' — идёт загрузка' : ''}`
                            : ''}
                        </td>
                        <td>
                          {file ? (
                            file.kind === '—' ? (
                              file.filename
                            ) : (
                              `${file.filename} (${file.kind})`
                            )
                          ) : (
                            <span className="admin-muted">—</span>
                          )}
                        </td>
                        <td>
                          {file?.error ? (
                            <AdminChip tone="bad">{file.error}</AdminChip>
                          ) : file ? (
                            describe(file)
                          ) : session.running ? (
                            <span className="admin-muted">загружается…</span>
                          ) : (
                            <span className="admin-muted">только вход</span>
                          )}
                        </td>
                        <td>{file ? seconds(file.ms) : ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <AdminPager page={log.data.page} pages={log.data.pages} onPage={setPage} />
            </>
          )}
        </>
      ) : null}
    </section>
  );
}
