// The product table: search by name, Latin name, id or address; filters by category and stock (kept in the
// address, so the way back from a product finds the same list); stock can be corrected right in the row.
import { formatRub } from '@efir/domain/money';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import type {
  AdminProductList,
  AdminProductRow,
  AdminProductSaved,
  ProductFormOptions,
} from '@efir/domain/product-admin-schemas';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { describeFailure } from '../../../lib/failure-message.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminHeader, AdminLoading, AdminPager } from '../admin-ui.tsx';
import { BulkPanel } from './catalog-bulk.tsx';
import { discountPercent, PRODUCTS_BASE, thumbnailUrl } from './products-api.ts';

const STOCK_FILTERS = [
  ['', 'Любой остаток'],
  ['out', 'Нет в наличии'],
  ['low', 'Заканчивается'],
  ['in', 'В наличии'],
] as const;

export function ProductList() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const stock = params.get('stock') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [typed, setTyped] = useState(q);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const toggle = (id: number) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  const change = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true });
  };

  // The search follows typing after a short pause.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts a search
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => change({ q: typed.trim() }), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (category) query.set('category', category);
  if (stock) query.set('stock', stock);
  if (page > 1) query.set('page', String(page));
  const list = useAdminData<AdminProductList>(`/products${query.size > 0 ? `?${query}` : ''}`);
  const options = useAdminData<ProductFormOptions>('/products/options');
  const lowStock = options.status === 'ready' ? options.data.low_stock : 5;

  return (
    <section className="products-admin">
      <AdminHeader title="Товары">
        <button
          type="button"
          className="button button--small button--ghost"
          aria-expanded={bulkOpen}
          onClick={() => setBulkOpen(!bulkOpen)}
        >
          Массовое изменение
        </button>
        <Link className="button button--small button--ghost" to={`${PRODUCTS_BASE}/sheets`}>
          Экспорт и импорт
        </Link>
        <Link className="button button--small" to={`${PRODUCTS_BASE}/new`}>
          Добавить товар
        </Link>
      </AdminHeader>
      <div className="admin-toolbar">
        <label className="admin-inline-field products-admin__search">
          Поиск
          <input
            type="search"
            value={typed}
            placeholder="Название, латинское название, № или адрес"
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <label className="admin-inline-field">
          Категория
          <select value={category} onChange={(event) => change({ category: event.target.value })}>
            <option value="">Все категории</option>
            {options.status === 'ready'
              ? options.data.categories.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {`${'\u00a0\u00a0'.repeat(entry.depth)}${entry.name}`}
                  </option>
                ))
              : null}
          </select>
        </label>
        <label className="admin-inline-field">
          Остаток
          <select value={stock} onChange={(event) => change({ stock: event.target.value })}>
            {STOCK_FILTERS.map(([value, title]) => (
              <option key={value} value={value}>
                {title}
              </option>
            ))}
          </select>
        </label>
      </div>
      {bulkOpen ? (
        <BulkPanel
          scope={{
            ids: selected,
            filter: {
              ...(q ? { q } : {}),
              ...(category ? { category: Number(category) } : {}),
              ...(stock ? { stock: stock as 'out' | 'low' | 'in' } : {}),
            },
            total: list.status === 'ready' ? list.data.total : 0,
          }}
          options={options.status === 'ready' ? options.data : null}
          onApplied={list.reload}
        />
      ) : null}
      {list.status === 'loading' ? <AdminLoading /> : null}
      {list.status === 'error' ? <AdminFailure error={list.error} retry={list.reload} /> : null}
      {list.status === 'ready' ? (
        list.data.products.length === 0 ? (
          <p className="admin-muted">Ничего не нашлось. Измените запрос или фильтры.</p>
        ) : (
          <>
            <p className="admin-muted products-admin__count">
              Найдено: {formatCount(list.data.total, GOODS_FORMS)}
            </p>
            <div className="admin-table-wrap">
              <table className="admin-table products-table">
                <thead>
                  <tr>
                    {bulkOpen ? <th aria-label="Отметить" /> : null}
                    <th aria-label="Фото" />
                    <th>Название</th>
                    <th>Объём</th>
                    <th className="num">Цена</th>
                    <th className="num">Скидка</th>
                    <th>Остаток</th>
                    <th>На сайте</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.products.map((product) => (
                    <ProductRow
                      key={product.id}
                      product={product}
                      lowStock={lowStock}
                      selected={bulkOpen ? selected.includes(product.id) : null}
                      onSelect={() => toggle(product.id)}
                      onStockSaved={(next) =>
                        list.update((data) => ({
                          ...data,
                          products: data.products.map((row) =>
                            row.id === product.id ? { ...row, stock: next } : row,
                          ),
                        }))
                      }
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <AdminPager
              page={list.data.page}
              pages={list.data.pages}
              onPage={(next) => change({ page: next > 1 ? String(next) : '' })}
            />
          </>
        )
      ) : null}
    </section>
  );
}

function ProductRow({
  product,
  lowStock,
  selected,
  onSelect,
  onStockSaved,
}: {
  product: AdminProductRow;
  lowStock: number;
  /** Ticked for a bulk change; null while the bulk panel is closed. */
  selected: boolean | null;
  onSelect(): void;
  onStockSaved(stock: number): void;
}) {
  const discount = discountPercent(product.cena, product.cena_st);
  return (
    <tr className={product.visible ? undefined : 'products-table__hidden'}>
      {selected !== null ? (
        <td>
          <input
            type="checkbox"
            checked={selected}
            aria-label={`Отметить: ${product.name}${product.volume ? `, ${product.volume}` : ''}`}
            onChange={onSelect}
          />
        </td>
      ) : null}
      <td className="products-table__photo">
        {product.image ? (
          <img src={thumbnailUrl(product.image)} alt="" width={48} height={48} loading="lazy" />
        ) : (
          <span className="products-table__no-photo" title="Нет фото" />
        )}
      </td>
      <td>
        <Link className="products-table__name" to={`${PRODUCTS_BASE}/${product.id}`}>
          {product.name}
        </Link>
        <div className="products-table__meta">
          № {product.id}
          {product.latin_name ? ` · ${product.latin_name}` : ''}
          {product.category ? ` · ${product.category.name}` : ''}
        </div>
      </td>
      <td>{product.volume || '—'}</td>
      <td className="num">{formatRub(product.cena)}</td>
      <td className="num">
        {discount > 0 ? (
          <>
            <AdminChip tone="warn">−{discount}&nbsp;%</AdminChip>
            <div className="products-table__meta">
              было <s>{formatRub(product.cena_st)}</s>
            </div>
          </>
        ) : (
          <span className="admin-muted">—</span>
        )}
      </td>
      <td>
        <StockEditor product={product} lowStock={lowStock} onSaved={onStockSaved} />
      </td>
      <td>{product.visible ? <AdminChip tone="good">Показан</AdminChip> : <AdminChip>Скрыт</AdminChip>}</td>
    </tr>
  );
}

/** The stock in the row: type a number and press Enter (or «OK»). */
function StockEditor({
  product,
  lowStock,
  onSaved,
}: {
  product: AdminProductRow;
  lowStock: number;
  onSaved(stock: number): void;
}) {
  const api = useAdminApi();
  const [value, setValue] = useState(String(product.stock));
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; text: string }>(
    {
      kind: 'idle',
    },
  );
  useEffect(() => setValue(String(product.stock)), [product.stock]);
  const dirty = value.trim() !== String(product.stock);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const stock = Number(value);
    if (!/^\d{1,7}$/.test(value.trim())) {
      setState({ kind: 'error', text: 'Целое число от 0' });
      return;
    }
    setState({ kind: 'saving' });
    try {
      const answer = await api.put<AdminProductSaved>(`/products/${product.id}`, { stock });
      onSaved(answer.product.stock);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'error', text: describeFailure(error) });
    }
  };

  return (
    <form className="stock-editor" onSubmit={save}>
      <div className="stock-editor__row">
        <input
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={value}
          aria-label={`Остаток: ${product.name}${product.volume ? `, ${product.volume}` : ''}`}
          onChange={(event) => {
            setValue(event.target.value);
            setState({ kind: 'idle' });
          }}
        />
        {dirty ? (
          <button type="submit" className="button button--small" disabled={state.kind === 'saving'}>
            OK
          </button>
        ) : null}
      </div>
      {product.stock === 0 ? (
        <AdminChip tone="bad">Нет в наличии</AdminChip>
      ) : product.stock <= lowStock ? (
        <AdminChip tone="warn">Заканчивается</AdminChip>
      ) : null}
      {state.kind === 'saved' ? (
        <span className="stock-editor__note" role="status">
          Сохранено
        </span>
      ) : null}
      {state.kind === 'error' ? (
        <span className="stock-editor__error" role="alert">
          {state.text}
        </span>
      ) : null}
    </form>
  );
}
