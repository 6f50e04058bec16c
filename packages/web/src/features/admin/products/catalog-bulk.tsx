// «Массовое изменение» of «Товары» (issue 39.1): the ticked products, or everything the table's filter finds, get one
// change — price by % or ₽ with rounding, the old price, stock, badges, visibility. «Показать изменения» lists
// before → after and how many goods; «Применить» writes it; the last change can be undone.
import type {
  BulkApplied,
  BulkChange,
  BulkPreview,
  BulkRequest,
  BulkValues,
} from '@efir/domain/catalog-bulk-schemas';
import { formatRub } from '@efir/domain/money';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import type { ProductFormOptions } from '@efir/domain/product-admin-schemas';
import { type FormEvent, useState } from 'react';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { formatAdminDate } from '../admin-ui.tsx';

export interface BulkScope {
  /** Ticked rows; when empty, the filter's products. */
  ids: number[];
  filter: { q?: string; category?: number; stock?: 'out' | 'low' | 'in' };
  /** How many products the filter finds. */
  total: number;
}

type PriceMode = '' | 'percent' | 'rub';

interface Draft {
  priceMode: PriceMode;
  priceValue: string;
  rounding: 'none' | '10' | '90';
  oldPrice: 'keep' | 'previous' | 'clear';
  stock: string;
  iconsAdd: string[];
  iconsRemove: string[];
  visible: '' | 'show' | 'hide';
}

const EMPTY: Draft = {
  priceMode: '',
  priceValue: '',
  rounding: 'none',
  oldPrice: 'keep',
  stock: '',
  iconsAdd: [],
  iconsRemove: [],
  visible: '',
};

/** The form as the API's request; a local error when a number is not one. */
function toRequest(scope: BulkScope, draft: Draft): BulkRequest | string {
  const action: BulkRequest['action'] = { old_price: draft.oldPrice };
  if (draft.priceMode) {
    const value = Number(draft.priceValue.replace(',', '.').replace('−', '-'));
    if (!draft.priceValue.trim() || !Number.isFinite(value) || value === 0)
      return 'Укажите, на сколько изменить цену: например −10 или 5';
    action.price = { mode: draft.priceMode, value, rounding: draft.rounding };
  }
  if (draft.stock.trim()) {
    if (!/^\d{1,7}$/.test(draft.stock.trim())) return 'Остаток — целое число от 0';
    action.stock = Number(draft.stock.trim());
  }
  if (draft.iconsAdd.length > 0) action.icons_add = draft.iconsAdd as never;
  if (draft.iconsRemove.length > 0) action.icons_remove = draft.iconsRemove as never;
  if (draft.visible) action.visible = draft.visible === 'show';
  return { selection: scope.ids.length > 0 ? { ids: scope.ids } : { filter: scope.filter }, action };
}

function errorText(error: unknown): string {
  const fields = readServerFieldErrors(error);
  return fields ? Object.values(fields).flat().join(' ') : describeFailure(error);
}

export function BulkPanel({
  scope,
  options,
  onApplied,
}: {
  scope: BulkScope;
  options: ProductFormOptions | null;
  onApplied(): void;
}) {
  const api = useAdminApi();
  const last = useAdminData<{ change: BulkChange | null }>('/catalog/bulk/last');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const edit = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setPreview(null);
    setMessage(null);
  };

  const run = async (kind: 'preview' | 'apply' | 'undo') => {
    let request: BulkRequest | string | undefined;
    if (kind !== 'undo') {
      request = toRequest(scope, draft);
      if (typeof request === 'string') {
        setMessage({ tone: 'error', text: request });
        return;
      }
    }
    setBusy(true);
    setMessage(null);
    try {
      if (kind === 'preview') setPreview(await api.post<BulkPreview>('/catalog/bulk/preview', request));
      else {
        const answer = await api.post<BulkApplied>(
          kind === 'apply' ? '/catalog/bulk' : '/catalog/bulk/undo',
          request,
        );
        setMessage({ tone: 'ok', text: answer.message });
        setPreview(null);
        last.reload();
        onApplied();
      }
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const target =
    scope.ids.length > 0
      ? `Отмечено: ${formatCount(scope.ids.length, GOODS_FORMS)}`
      : `Все найденные: ${formatCount(scope.total, GOODS_FORMS)}`;

  return (
    <section className="admin-card bulk-panel" aria-labelledby="bulk-title">
      <h2 id="bulk-title">Массовое изменение</h2>
      <p className="admin-muted">{target}. Отметьте товары в таблице или сузьте список фильтрами.</p>
      <form
        className="bulk-panel__form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void run('preview');
        }}
      >
        <fieldset className="bulk-panel__group">
          <legend>Цена</legend>
          <select
            aria-label="Как изменить цену"
            value={draft.priceMode}
            onChange={(event) => edit({ priceMode: event.target.value as PriceMode })}
          >
            <option value="">Не менять</option>
            <option value="percent">На процент</option>
            <option value="rub">На сумму в рублях</option>
          </select>
          {draft.priceMode ? (
            <>
              <input
                aria-label={draft.priceMode === 'percent' ? 'Изменение цены, %' : 'Изменение цены, ₽'}
                inputMode="decimal"
                placeholder={draft.priceMode === 'percent' ? '−10' : '−100'}
                value={draft.priceValue}
                onChange={(event) => edit({ priceValue: event.target.value })}
              />
              <span>{draft.priceMode === 'percent' ? '%' : '₽'}</span>
              <select
                aria-label="Округление"
                value={draft.rounding}
                onChange={(event) => edit({ rounding: event.target.value as Draft['rounding'] })}
              >
                <option value="none">Без округления</option>
                <option value="10">До 10 ₽</option>
                <option value="90">До …90 ₽</option>
              </select>
            </>
          ) : null}
        </fieldset>
        <label className="bulk-panel__group">
          Старая цена
          <select
            value={draft.oldPrice}
            onChange={(event) => edit({ oldPrice: event.target.value as Draft['oldPrice'] })}
          >
            <option value="keep">Не менять</option>
            <option value="previous">Зачеркнуть прежнюю цену</option>
            <option value="clear">Убрать</option>
          </select>
        </label>
        <label className="bulk-panel__group">
          Остаток
          <input
            inputMode="numeric"
            placeholder="Не менять"
            value={draft.stock}
            onChange={(event) => edit({ stock: event.target.value })}
          />
        </label>
        <label className="bulk-panel__group">
          На сайте
          <select
            value={draft.visible}
            onChange={(event) => edit({ visible: event.target.value as Draft['visible'] })}
          >
            <option value="">Не менять</option>
            <option value="show">Показать</option>
            <option value="hide">Скрыть</option>
          </select>
        </label>
        {options && options.icons.length > 0 ? (
          <fieldset className="bulk-panel__group bulk-panel__icons">
            <legend>Значки</legend>
            {options.icons.map((icon) => {
              const state = draft.iconsAdd.includes(icon.id)
                ? 'add'
                : draft.iconsRemove.includes(icon.id)
                  ? 'remove'
                  : '';
              return (
                <label key={icon.id}>
                  {icon.name}
                  <select
                    value={state}
                    onChange={(event) =>
                      edit({
                        iconsAdd: [
                          ...draft.iconsAdd.filter((id) => id !== icon.id),
                          ...(event.target.value === 'add' ? [icon.id] : []),
                        ],
                        iconsRemove: [
                          ...draft.iconsRemove.filter((id) => id !== icon.id),
                          ...(event.target.value === 'remove' ? [icon.id] : []),
                        ],
                      })
                    }
                  >
                    <option value="">—</option>
                    <option value="add">Добавить</option>
                    <option value="remove">Убрать</option>
                  </select>
                </label>
              );
            })}
          </fieldset>
        ) : null}
        <div className="bulk-panel__actions">
          <button type="submit" className="button button--small" disabled={busy}>
            Показать изменения
          </button>
          {last.status === 'ready' && last.data.change ? (
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={busy}
              onClick={() => void run('undo')}
            >
              Отменить «{last.data.change.summary}» от {formatAdminDate(last.data.change.created_at)}
            </button>
          ) : null}
        </div>
      </form>
      {message ? (
        <p
          className={message.tone === 'ok' ? 'product-images__ok' : 'field__error'}
          role={message.tone === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      ) : null}
      {preview ? (
        <BulkPreviewTable
          preview={preview}
          iconNames={new Map(options?.icons.map((icon) => [icon.id, icon.name]))}
          busy={busy}
          onApply={() => void run('apply')}
        />
      ) : null}
    </section>
  );
}

const rub = (value: number) => (value > 0 ? formatRub(value) : '—');

function Change({ before, after, show }: { before: string; after: string; show?: (text: string) => string }) {
  const text = show ?? ((value: string) => value);
  if (before === after) return <>{text(before)}</>;
  return (
    <>
      <s className="admin-muted">{text(before)}</s> → <strong>{text(after)}</strong>
    </>
  );
}

function BulkPreviewTable({
  preview,
  iconNames,
  busy,
  onApply,
}: {
  preview: BulkPreview;
  iconNames: Map<string, string>;
  busy: boolean;
  onApply(): void;
}) {
  const iconsText = (values: BulkValues) =>
    values.icons.map((icon) => iconNames.get(icon) ?? icon).join(', ') || '—';
  if (preview.changed === 0)
    return <p className="admin-muted">Ничего не изменится: у этих товаров уже такие значения.</p>;
  return (
    <div className="bulk-preview">
      <p>
        Будет изменено: <strong>{formatCount(preview.changed, GOODS_FORMS)}</strong> из {preview.matched}
        {preview.rows.length < preview.changed ? ` (ниже первые ${preview.rows.length})` : ''}.
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table bulk-preview__table">
          <thead>
            <tr>
              <th>Товар</th>
              <th className="num">Цена</th>
              <th className="num">Старая цена</th>
              <th className="num">Остаток</th>
              <th>Значки</th>
              <th>На сайте</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.id}>
                <td>
                  {row.name}
                  {row.volume ? `, ${row.volume}` : ''}
                </td>
                <td className="num">
                  <Change before={rub(row.before.cena)} after={rub(row.after.cena)} />
                </td>
                <td className="num">
                  <Change before={rub(row.before.cena_st)} after={rub(row.after.cena_st)} />
                </td>
                <td className="num">
                  <Change before={String(row.before.stock)} after={String(row.after.stock)} />
                </td>
                <td>
                  <Change before={iconsText(row.before)} after={iconsText(row.after)} />
                </td>
                <td>
                  <Change
                    before={row.before.visible ? 'показан' : 'скрыт'}
                    after={row.after.visible ? 'показан' : 'скрыт'}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="button" disabled={busy} onClick={onApply}>
        {busy ? 'Применяем…' : 'Применить'}
      </button>
    </div>
  );
}
