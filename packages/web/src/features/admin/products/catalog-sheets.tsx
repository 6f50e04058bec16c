// «Экспорт и импорт» of «Товары» (issue 39.2–3): the catalogue downloaded as XLSX or CSV; a spreadsheet uploaded,
// its columns mapped to the product's fields (the mapping for these columns is remembered), checked row by row
// (created, changed, refused with the reason), then applied; the log of earlier imports, each one openable.
import {
  type ImportLog,
  type ImportReport,
  SHEET_FIELD_TITLES,
  SHEET_FIELDS,
  type SheetField,
  type SheetUploaded,
} from '@efir/domain/catalog-bulk-schemas';
import { formatCount } from '@efir/domain/plural';
import { useId, useRef, useState } from 'react';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { useAppContext } from '../../../lib/app-context.tsx';
import { describeFailure } from '../../../lib/failure-message.ts';
import { downloadFile } from '../../../lib/files.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { Link } from '../../../lib/router/link.tsx';
import { ADMIN_API, useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminHeader, formatAdminDate } from '../admin-ui.tsx';
import { PRODUCTS_BASE } from './products-api.ts';

const ACCEPTED = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const OUTCOMES = { created: 'Будет создан', changed: 'Изменится', refused: 'Отклонён' } as const;
const APPLIED_OUTCOMES = { created: 'Создан', changed: 'Изменён', refused: 'Отклонён' } as const;

function errorText(error: unknown): string {
  const fields = readServerFieldErrors(error);
  return fields ? Object.values(fields).flat().join(' ') : describeFailure(error);
}

export function CatalogSheets() {
  const log = useAdminData<ImportLog>('/catalog/imports');
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <section className="products-admin">
      <Link className="products-admin__back" to={PRODUCTS_BASE}>
        ← Все товары
      </Link>
      <AdminHeader title="Экспорт и импорт" />
      <ExportCard />
      <ImportCard onApplied={log.reload} />
      <section className="admin-card" aria-labelledby="import-log-title">
        <h2 id="import-log-title">Журнал импорта</h2>
        {log.status === 'ready' && log.data.imports.length === 0 ? (
          <p className="admin-muted">Файлов ещё не загружали.</p>
        ) : null}
        {log.status === 'ready' && log.data.imports.length > 0 ? (
          <ul className="import-log">
            {log.data.imports.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setOpened(opened === entry.id ? null : entry.id)}
                >
                  {formatAdminDate(entry.created_at)} · {entry.filename}
                </button>
                <span className="admin-muted">
                  {' '}
                  создано {entry.created}, изменено {entry.changed}, без изменений {entry.unchanged},
                  отклонено {entry.refused}
                </span>
                {opened !== null && opened === entry.id ? <LoggedImport id={opened} /> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </section>
  );
}

function ExportCard() {
  const { api } = useAppContext();
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: 'xlsx' | 'csv') => {
    setBusy(format);
    setError(null);
    try {
      await downloadFile(
        api,
        'GET',
        `${ADMIN_API}/catalog/export?format=${format}`,
        `efir-katalog.${format}`,
      );
    } catch (failure) {
      setError(describeFailure(failure));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="admin-card" aria-labelledby="export-title">
      <h2 id="export-title">Экспорт каталога</h2>
      <p className="field__hint">
        Все товары: №, артикул, название, семейство, объём, категория, цена, старая цена, остаток, штрихкод,
        видимость и адрес. CSV открывается в Excel (разделитель «;», UTF-8). Исправленный файл можно загрузить
        обратно ниже.
      </p>
      <div className="bulk-panel__actions">
        <button
          type="button"
          className="button button--small"
          disabled={busy !== null}
          onClick={() => download('xlsx')}
        >
          {busy === 'xlsx' ? 'Готовим…' : 'Скачать XLSX'}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={busy !== null}
          onClick={() => download('csv')}
        >
          {busy === 'csv' ? 'Готовим…' : 'Скачать CSV'}
        </button>
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function ImportCard({ onApplied }: { onApplied(): void }) {
  const api = useAdminApi();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<SheetUploaded | null>(null);
  const [mapping, setMapping] = useState<Record<string, SheetField>>({});
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (label: string, work: () => Promise<void>) => {
    setBusy(label);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  };
  const upload = () =>
    act('Загружаем…', async () => {
      if (!file) return;
      const body = new FormData();
      body.append('file', file);
      const answer = await api.upload<SheetUploaded>('/catalog/import', body);
      setUploaded(answer);
      setMapping(answer.mapping);
      setReport(null);
    });
  const check = (apply: boolean) =>
    act(apply ? 'Применяем…' : 'Проверяем…', async () => {
      if (!uploaded) return;
      const answer = await api.post<ImportReport>(`/catalog/import/${apply ? 'apply' : 'dry-run'}`, {
        token: uploaded.token,
        mapping,
      });
      setReport(answer);
      if (apply) {
        setUploaded(null);
        setFile(null);
        if (inputRef.current) inputRef.current.value = '';
        onApplied();
      }
    });

  return (
    <section className="admin-card" aria-labelledby="import-title">
      <h2 id="import-title">Импорт из XLSX или CSV</h2>
      <p className="field__hint">
        Свой экспорт или прайс поставщика. Товар находится по артикулу, затем по №, затем по названию и
        объёму; новые товары создаются. Сначала проверка — она ничего не меняет.
      </p>
      <FilePicker
        inputRef={inputRef}
        id={inputId}
        accept={ACCEPTED}
        disabled={busy !== null}
        fileName={file?.name ?? null}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setUploaded(null);
          setReport(null);
          setError(null);
        }}
      />
      {file && !uploaded ? (
        <button type="button" className="button button--small" disabled={busy !== null} onClick={upload}>
          {busy ?? 'Загрузить'}
        </button>
      ) : null}
      {uploaded ? (
        <div className="import-mapping">
          <h3>Столбцы файла</h3>
          <p className="admin-muted">
            {uploaded.remembered
              ? 'Сопоставление взято из прошлой загрузки файла с такими столбцами.'
              : 'Проверьте, какому полю соответствует каждый столбец; выбор запомнится для таких файлов.'}
          </p>
          <div className="import-mapping__grid">
            {[...new Set(uploaded.headers.filter(Boolean))].map((header) =>
              header ? (
                <label key={header}>
                  <span>{header}</span>
                  <select
                    value={mapping[header] ?? ''}
                    onChange={(event) => {
                      const next = { ...mapping };
                      if (event.target.value) next[header] = event.target.value as SheetField;
                      else delete next[header];
                      setMapping(next);
                      setReport(null);
                    }}
                  >
                    <option value="">Не загружать</option>
                    {SHEET_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {SHEET_FIELD_TITLES[field]}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null,
            )}
          </div>
          <div className="bulk-panel__actions">
            <button
              type="button"
              className="button button--small"
              disabled={busy !== null}
              onClick={() => check(false)}
            >
              {busy === 'Проверяем…' ? busy : 'Проверить'}
            </button>
            {report && !report.applied && report.created + report.changed > 0 ? (
              <button
                type="button"
                className="button button--small"
                disabled={busy !== null}
                onClick={() => check(true)}
              >
                {busy === 'Применяем…' ? busy : 'Применить'}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {report ? <ImportReportView report={report} /> : null}
    </section>
  );
}

function LoggedImport({ id }: { id: number }) {
  const entry = useAdminData<ImportReport>(`/catalog/imports/${id}`);
  if (entry.status === 'error') return <p className="field__error">{describeFailure(entry.error)}</p>;
  if (entry.status !== 'ready') return <p className="admin-muted">Загрузка…</p>;
  return <ImportReportView report={entry.data} />;
}

function ImportReportView({ report }: { report: ImportReport }) {
  const words = report.applied ? APPLIED_OUTCOMES : OUTCOMES;
  return (
    <section className="import-report" aria-label={report.applied ? 'Итог импорта' : 'Итог проверки'}>
      <p>
        {report.applied ? 'Загружено' : 'Проверено'}:{' '}
        {formatCount(report.rows, ['строка', 'строки', 'строк'])}. Создано: {report.created}, изменено:{' '}
        {report.changed}, без изменений: {report.unchanged}, отклонено: {report.refused}.
      </p>
      {report.lines.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th className="num">Строка</th>
                <th>Итог</th>
                <th>Товар</th>
                <th>Что меняется или почему отклонён</th>
              </tr>
            </thead>
            <tbody>
              {report.lines.map((line) => (
                <tr
                  key={line.line}
                  className={line.outcome === 'refused' ? 'import-report__refused' : undefined}
                >
                  <td className="num">{line.line}</td>
                  <td>{words[line.outcome]}</td>
                  <td>
                    {line.name || '—'}
                    {line.product_id ? <div className="products-table__meta">№ {line.product_id}</div> : null}
                  </td>
                  <td>{line.details.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.created + report.changed === 0 && !report.applied ? (
        <p className="admin-muted">Применять нечего: файл ничего не меняет.</p>
      ) : null}
    </section>
  );
}
