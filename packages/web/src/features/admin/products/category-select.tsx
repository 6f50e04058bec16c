// The product form's category: the shop's tree in menu order, indented by depth.
import type { ProductFormOptions } from '@efir/domain/product-admin-schemas';

export function CategorySelect({
  value,
  options,
  error,
  onChange,
}: {
  value: string;
  options: ProductFormOptions;
  error: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <div className="field__top">
        <label htmlFor="product-category" className="field__label">
          Категория
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
      </div>
      <select
        id="product-category"
        name="category_id"
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'product-category-error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Выберите категорию</option>
        {options.categories.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {`${'\u00a0\u00a0\u00a0'.repeat(entry.depth)}${entry.name}`}
          </option>
        ))}
      </select>
      {error ? (
        <p id="product-category-error" className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
