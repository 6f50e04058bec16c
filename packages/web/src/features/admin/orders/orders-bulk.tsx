// The orders list's papers and export (issue 38 points 4–5, decision 056): tick orders, then «Печать» makes one PDF
// of the chosen paper for them and «Экспорт» a CSV or XLSX; with nothing ticked both take every order the filters
// find. A file comes through the shop's client headers (lib/files.ts) and is handed to the browser as a download.
import {
  EXPORT_FORMATS,
  type ExportFormat,
  ORDER_PAPER_NAMES,
  ORDER_PAPERS,
  ORDER_PAPERS_MAX,
  type OrderPaper,
} from '@efir/domain/order-papers-wire';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { useState } from 'react';
import { useAppContext } from '../../../lib/app-context.tsx';
import { describeFailure } from '../../../lib/failure-message.ts';
import { downloadFile } from '../../../lib/files.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { ADMIN_API } from '../admin-api.ts';

const ORDER_FORMS: PluralForms = ['заказ', 'заказа', 'заказов'];
const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)' };

/** The ticked orders of the list; a new filter or page keeps them (the moderator may collect across pages). */
export function useOrderSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return { selected, toggle, toggleAll, clear: () => setSelected(new Set()) };
}

export type OrderSelection = ReturnType<typeof useOrderSelection>;

export function SelectAllOrders({ selection, ids }: { selection: OrderSelection; ids: number[] }) {
  const all = ids.length > 0 && ids.every((id) => selection.selected.has(id));
  return (
    <input
      type="checkbox"
      className="orders-select"
      aria-label="Выбрать все заказы на странице"
      checked={all}
      onChange={(event) => selection.toggleAll(ids, event.target.checked)}
    />
  );
}

export function SelectOrder({
  selection,
  id,
  number,
}: {
  selection: OrderSelection;
  id: number;
  number: string;
}) {
  return (
    <input
      type="checkbox"
      className="orders-select"
      aria-label={`Выбрать заказ ${number}`}
      checked={selection.selected.has(id)}
      onChange={(event) => selection.toggle(id, event.target.checked)}
    />
  );
}

/** «Печать» and «Экспорт» for the ticked orders, or for the filtered list (`filters`: the list's query, no page). */
export function OrdersBulkBar(props: { selection: OrderSelection; filters: URLSearchParams; found: number }) {
  const { api } = useAppContext();
  const [paper, setPaper] = useState<OrderPaper>('receipt');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = [...props.selection.selected];
  const count = ids.length > 0 ? ids.length : props.found;
  const query = (extra: Record<string, string>) => {
    const params = ids.length > 0 ? new URLSearchParams() : new URLSearchParams(props.filters);
    params.delete('page');
    if (ids.length > 0) params.set('ids', ids.join(','));
    for (const [name, value] of Object.entries(extra)) params.set(name, value);
    return params.toString();
  };
  const download = async (path: string, fallback: string, done: string) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      await downloadFile(api, 'GET', `${ADMIN_API}${path}`, fallback);
      setNotice(done);
    } catch (error) {
      setFailure(readServerFieldErrors(error)?.ids ?? describeFailure(error));
    } finally {
      setBusy(false);
    }
  };
  const tooMany = count > ORDER_PAPERS_MAX;
  const scope =
    ids.length > 0
      ? `Выбрано: ${formatCount(ids.length, ORDER_FORMS)}`
      : `Все найденные: ${formatCount(count, ORDER_FORMS)}`;
  return (
    <section className="orders-bulk" aria-label="Печать и экспорт заказов">
      <span className="orders-bulk__scope">
        {scope}
        {ids.length > 0 ? (
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={props.selection.clear}
          >
            Снять выбор
          </button>
        ) : null}
      </span>
      <span className="orders-bulk__group">
        <label className="admin-inline-field">
          Документ
          <select value={paper} onChange={(event) => setPaper(event.target.value as OrderPaper)}>
            {ORDER_PAPERS.map((value) => (
              <option key={value} value={value}>
                {ORDER_PAPER_NAMES[value]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--small"
          disabled={busy || count === 0 || tooMany}
          onClick={() =>
            void download(
              `/orders/papers?${query({ doc: paper })}`,
              `${ORDER_PAPER_NAMES[paper]}.pdf`,
              `${ORDER_PAPER_NAMES[paper]}: PDF на ${formatCount(count, ORDER_FORMS)} скачан — откройте его и напечатайте.`,
            )
          }
        >
          Печать
        </button>
      </span>
      <span className="orders-bulk__group">
        Экспорт:
        {EXPORT_FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="button button--small button--ghost"
            disabled={busy || count === 0}
            onClick={() =>
              void download(
                `/orders/export?${query({ format })}`,
                `Заказы.${format}`,
                `Файл ${FORMAT_NAMES[format]} на ${formatCount(count, ORDER_FORMS)} скачан.`,
              )
            }
          >
            {FORMAT_NAMES[format]}
          </button>
        ))}
      </span>
      {tooMany ? (
        <p className="admin-muted orders-bulk__note">
          Печатается не больше {ORDER_PAPERS_MAX} заказов за раз — сузьте фильтр или выберите заказы.
        </p>
      ) : null}
      {failure ? (
        <p className="order-detail__failure orders-bulk__note" role="alert">
          {failure}
        </p>
      ) : null}
      <p className="order-detail__notice orders-bulk__note" role="status">
        {notice}
      </p>
    </section>
  );
}

/** «Печать» on an order's page: each paper of this one order as a PDF. */
export function OrderPapersCard({ orderId, transfer }: { orderId: number; transfer: boolean }) {
  const { api } = useAppContext();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The invoice first for a bank transfer: that is the paper the customer needs.
  const papers = transfer
    ? (['invoice', ...ORDER_PAPERS.filter((p) => p !== 'invoice')] as OrderPaper[])
    : ORDER_PAPERS;
  return (
    <div className="admin-card">
      <h2 className="order-detail__heading">Печать</h2>
      <div className="order-papers">
        {papers.map((paper) => (
          <button
            key={paper}
            type="button"
            className="button button--small button--ghost"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setFailure(null);
              try {
                await downloadFile(
                  api,
                  'GET',
                  `${ADMIN_API}/orders/papers?doc=${paper}&ids=${orderId}`,
                  `${ORDER_PAPER_NAMES[paper]}.pdf`,
                );
              } catch (error) {
                setFailure(describeFailure(error));
              } finally {
                setBusy(false);
              }
            }}
          >
            {ORDER_PAPER_NAMES[paper]}
          </button>
        ))}
      </div>
      {failure ? (
        <p className="order-detail__failure" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
