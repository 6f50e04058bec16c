// A recipe's ingredient lines: each is a product of the shop (so the recipe page can put it in the cart) or just a
// name, with its amount. Products are found by name as the moderator types.
import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '../../../lib/forms.ts';
import { useAdminApi } from '../admin-api.ts';
import { type Ingredient, moved } from './content-api.ts';

interface ProductHit {
  id: number;
  name: string;
  volume: string;
}

export function IngredientsField({
  lines,
  errors,
  onChange,
}: {
  lines: Ingredient[];
  errors: FieldErrors;
  onChange(lines: Ingredient[]): void;
}) {
  const change = (index: number, patch: Partial<Ingredient>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  return (
    <fieldset className="content-ingredients" name="ingredients">
      <legend className="field__label">Компоненты</legend>
      {lines.length === 0 ? <p className="admin-muted">Компонентов пока нет.</p> : null}
      {lines.length > 0 ? (
        <table className="admin-table content-ingredients__table">
          <thead>
            <tr>
              <th>Товар магазина</th>
              <th>Название</th>
              <th>Сколько</th>
              <th>
                <span className="visually-hidden">Действия</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const error = (field: string) => errors[`ingredients.${index}.${field}`];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own until saved
                <tr key={index}>
                  <td>
                    <ProductPicker
                      line={line}
                      index={index}
                      error={error('product_id')}
                      onPick={(product) =>
                        change(index, {
                          product_id: product?.id ?? null,
                          product_name: product?.name ?? null,
                          product_volume: product?.volume ?? null,
                        })
                      }
                    />
                  </td>
                  <td>
                    <input
                      className="field__input"
                      name={`ingredients.${index}.name`}
                      aria-label={`Название, строка ${index + 1}`}
                      aria-invalid={error('name') ? true : undefined}
                      placeholder={line.product_id ? 'Как у товара' : 'Например, вода'}
                      value={line.name}
                      onChange={(event) => change(index, { name: event.target.value })}
                    />
                    {error('name') ? <p className="field__error">{error('name')}</p> : null}
                  </td>
                  <td>
                    <input
                      className="field__input content-ingredients__amount"
                      name={`ingredients.${index}.amount`}
                      aria-label={`Сколько, строка ${index + 1}`}
                      placeholder="5 капель"
                      value={line.amount}
                      onChange={(event) => change(index, { amount: event.target.value })}
                    />
                    {error('amount') ? <p className="field__error">{error('amount')}</p> : null}
                  </td>
                  <td className="content-ingredients__actions">
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      aria-label={`Выше, строка ${index + 1}`}
                      disabled={index === 0}
                      onClick={() => onChange(moved(lines, index, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      aria-label={`Убрать строку ${index + 1}`}
                      onClick={() => onChange(lines.filter((_, at) => at !== index))}
                    >
                      Убрать
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {errors.ingredients ? <p className="field__error">{errors.ingredients}</p> : null}
      <button
        type="button"
        className="button button--small button--ghost"
        onClick={() => onChange([...lines, { product_id: null, name: '', amount: '' }])}
      >
        + Добавить компонент
      </button>
    </fieldset>
  );
}

function ProductPicker({
  line,
  index,
  error,
  onPick,
}: {
  line: Ingredient;
  index: number;
  error?: string | undefined;
  onPick(product: ProductHit | null): void;
}) {
  // The client object is new on each render: the search must follow the typed text only.
  const api = useRef(useAdminApi());
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<ProductHit[]>([]);

  useEffect(() => {
    const text = query.trim();
    if (text.length < 2) {
      setHits([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api.current
        .get<{ products: ProductHit[] }>(`/content/products?q=${encodeURIComponent(text)}`)
        .then((answer) => {
          if (live) setHits(answer.products.slice(0, 8));
        })
        .catch(() => {
          if (live) setHits([]);
        });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  if (line.product_id) {
    return (
      <div className="content-picker__chosen">
        <span>
          {line.product_name ?? `Товар № ${line.product_id}`}
          {line.product_volume ? `, ${line.product_volume}` : ''}
        </span>
        <button type="button" className="content-picker__clear" onClick={() => onPick(null)}>
          Отвязать
        </button>
        {error ? <p className="field__error">{error}</p> : null}
      </div>
    );
  }
  return (
    <div className="content-picker">
      <input
        type="search"
        className="field__input"
        name={`ingredients.${index}.product_id`}
        aria-label={`Товар магазина, строка ${index + 1}`}
        aria-invalid={error ? true : undefined}
        placeholder="Найти товар…"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {hits.length > 0 ? (
        <ul className="content-picker__hits">
          {hits.map((hit) => (
            <li key={hit.id}>
              <button
                type="button"
                onClick={() => {
                  onPick(hit);
                  setQuery('');
                }}
              >
                {hit.name}
                {hit.volume ? `, ${hit.volume}` : ''}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
