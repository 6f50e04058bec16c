// The order form of the back office (decision 055): the lines (quantity, a price agreed with its reason, a product
// added from the catalogue's search), the delivery as agreed on the phone, the recipient, the payment and the comment.
// «Изменить» on an order and «Новый заказ» share it; the server prices and checks everything again.

import { DELIVERY_KINDS, DELIVERY_METHODS, PAYMENT_METHODS } from '@efir/domain/delivery-catalogue';
import { DELIVERY_METHOD_KINDS } from '@efir/domain/delivery-rules';
import { formatRub } from '@efir/domain/money';
import type { AdminProductList } from '@efir/domain/product-admin-schemas';
import { useState } from 'react';
import { describeFailure } from '../../../lib/failure-message.ts';
import { type FieldErrors, FORM_ERROR, readServerFieldErrors } from '../../../lib/forms.ts';
import { useAdminApi } from '../admin-api.ts';

export interface FormLine {
  product_id: number;
  name: string;
  cena: number;
  quantity: string;
  /** '' — by the rules (discount, promo); a number — the price agreed. */
  price: string;
  price_reason: string;
}

export interface FormDelivery {
  type: string;
  sposob_dost: string;
  zip: string;
  city: string;
  street: string;
  house: string;
  flat: string;
  pickup_point: string;
  price: string;
}

export interface FormRecipient {
  name: string;
  fam: string;
  tel: string;
  email: string;
}

export const EMPTY_DELIVERY: FormDelivery = {
  type: '2',
  sposob_dost: '1',
  zip: '',
  city: '',
  street: '',
  house: '',
  flat: '',
  pickup_point: '',
  price: '0',
};

const toInt = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export function linesBody(lines: FormLine[]) {
  return lines.map((line) => ({
    product_id: line.product_id,
    quantity: toInt(line.quantity),
    ...(line.price.trim() !== '' ? { price: toInt(line.price), price_reason: line.price_reason } : {}),
  }));
}

export function deliveryBody(delivery: FormDelivery) {
  const type = Number(delivery.type);
  const point = type === 5 || type === 7;
  return {
    type,
    sposob_dost: delivery.sposob_dost ? Number(delivery.sposob_dost) : null,
    address:
      type === 1 || point
        ? null
        : delivery.city.trim() || delivery.street.trim() || delivery.house.trim()
          ? {
              zip: delivery.zip,
              city: delivery.city,
              street: delivery.street,
              house: delivery.house,
              flat: delivery.flat,
            }
          : null,
    pickup_point: point ? delivery.pickup_point : '',
    price: toInt(delivery.price),
  };
}

/** The server's refusal as messages by field (a 409 of the stock check names its line too). */
export function explainRefusal(error: unknown): FieldErrors {
  return readServerFieldErrors(error) ?? { [FORM_ERROR]: describeFailure(error) };
}

function FieldError({ errors, name }: { errors: FieldErrors; name: string }) {
  const message = errors[name];
  return message ? (
    <span className="order-form__error" role="alert">
      {message}
    </span>
  ) : null;
}

/** The lines, each with its quantity, price and reason, and the catalogue search that adds one. */
export function LinesEditor(props: {
  lines: FormLine[];
  onChange(lines: FormLine[]): void;
  errors: FieldErrors;
}) {
  const { lines, onChange, errors } = props;
  const api = useAdminApi();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<AdminProductList['products'] | null>(null);
  const [searching, setSearching] = useState(false);
  const patch = (index: number, change: Partial<FormLine>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...change } : line)));

  const search = async () => {
    if (!query.trim()) return;
    setSearching(true);
    try {
      const answer = await api.get<AdminProductList>(`/products?q=${encodeURIComponent(query.trim())}`);
      setFound(answer.products.filter((product) => product.visible));
    } catch {
      setFound([]);
    } finally {
      setSearching(false);
    }
  };

  return (
    <fieldset className="admin-card order-form__group">
      <legend className="order-detail__heading">Товары</legend>
      <FieldError errors={errors} name="lines" />
      {lines.map((line, index) => (
        <div className="order-form__line" key={line.product_id}>
          <div className="order-form__line-name">
            <strong>{line.name}</strong>
            <span className="admin-muted"> · по каталогу {formatRub(line.cena)}</span>
          </div>
          <label className="order-form__field order-form__field--short">
            Кол-во
            <input
              inputMode="numeric"
              value={line.quantity}
              aria-label={`Количество: ${line.name}`}
              onChange={(event) => patch(index, { quantity: event.target.value })}
            />
          </label>
          <label className="order-form__field order-form__field--short">
            Цена, ₽
            <input
              inputMode="numeric"
              value={line.price}
              placeholder="по правилам"
              aria-label={`Цена: ${line.name}`}
              onChange={(event) => patch(index, { price: event.target.value })}
            />
          </label>
          {line.price.trim() !== '' ? (
            <label className="order-form__field">
              Почему цена другая
              <input
                value={line.price_reason}
                aria-label={`Причина цены: ${line.name}`}
                onChange={(event) => patch(index, { price_reason: event.target.value })}
              />
            </label>
          ) : null}
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => onChange(lines.filter((_, at) => at !== index))}
          >
            Убрать
          </button>
          <FieldError errors={errors} name={`lines.${index}.quantity`} />
          <FieldError errors={errors} name={`lines.${index}.price`} />
          <FieldError errors={errors} name={`lines.${index}.price_reason`} />
          <FieldError errors={errors} name={`lines.${index}.product_id`} />
        </div>
      ))}
      <div className="order-form__search">
        <label className="order-form__field">
          Добавить товар
          <input
            type="search"
            value={query}
            placeholder="Название товара"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void search();
              }
            }}
          />
        </label>
        <button
          type="button"
          className="button button--small"
          disabled={searching}
          onClick={() => void search()}
        >
          Найти
        </button>
      </div>
      {found !== null ? (
        found.length === 0 ? (
          <p className="admin-muted">Ничего не нашлось</p>
        ) : (
          <ul className="order-form__found">
            {found.slice(0, 8).map((product) => {
              const taken = lines.some((line) => line.product_id === product.id);
              return (
                <li key={product.id}>
                  <span>
                    {product.name}
                    {product.volume ? `, ${product.volume}` : ''} — {formatRub(product.cena)}
                    <span className="admin-muted"> · на складе {product.stock} шт.</span>
                  </span>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={taken || product.stock <= 0}
                    onClick={() => {
                      onChange([
                        ...lines,
                        {
                          product_id: product.id,
                          name: product.volume ? `${product.name}, ${product.volume}` : product.name,
                          cena: product.cena,
                          quantity: '1',
                          price: '',
                          price_reason: '',
                        },
                      ]);
                      setFound(null);
                      setQuery('');
                    }}
                  >
                    {taken ? 'Уже в заказе' : 'Добавить'}
                  </button>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </fieldset>
  );
}

/** How the order travels and what it costs, as agreed with the customer. */
export function DeliveryEditor(props: {
  delivery: FormDelivery;
  onChange(delivery: FormDelivery): void;
  errors: FieldErrors;
}) {
  const { delivery, onChange, errors } = props;
  const set = (change: Partial<FormDelivery>) => onChange({ ...delivery, ...change });
  const type = Number(delivery.type) as keyof typeof DELIVERY_METHOD_KINDS;
  const kinds = DELIVERY_METHOD_KINDS[type] ?? [];
  const point = type === 5 || type === 7;
  const text = (name: keyof FormDelivery, label: string, error = `delivery.address.${name}`) => (
    <label className="order-form__field">
      {label}
      <input value={delivery[name]} onChange={(event) => set({ [name]: event.target.value })} />
      <FieldError errors={errors} name={error} />
    </label>
  );
  return (
    <fieldset className="admin-card order-form__group">
      <legend className="order-detail__heading">Доставка</legend>
      <label className="order-form__field">
        Способ
        <select
          value={delivery.type}
          onChange={(event) => {
            const next = Number(event.target.value) as keyof typeof DELIVERY_METHOD_KINDS;
            set({ type: event.target.value, sposob_dost: String(DELIVERY_METHOD_KINDS[next]?.[0] ?? '') });
          }}
        >
          {Object.entries(DELIVERY_METHODS).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {kinds.length > 1 ? (
        <label className="order-form__field">
          Вариант
          <select value={delivery.sposob_dost} onChange={(event) => set({ sposob_dost: event.target.value })}>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {DELIVERY_KINDS[kind]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {point ? (
        text('pickup_point', 'Пункт выдачи: название и адрес', 'delivery.pickup_point')
      ) : type !== 1 ? (
        <div className="order-form__address">
          {text('city', 'Город')}
          {text('street', 'Улица')}
          {text('house', 'Дом')}
          {text('flat', 'Квартира')}
          {text('zip', 'Индекс')}
        </div>
      ) : null}
      {text('price', 'Стоимость доставки, ₽', 'delivery.price')}
    </fieldset>
  );
}

export function RecipientEditor(props: {
  recipient: FormRecipient;
  onChange(recipient: FormRecipient): void;
  errors: FieldErrors;
}) {
  const { recipient, onChange, errors } = props;
  const field = (name: keyof FormRecipient, label: string, type = 'text') => (
    <label className="order-form__field">
      {label}
      <input
        type={type}
        value={recipient[name]}
        onChange={(event) => onChange({ ...recipient, [name]: event.target.value })}
      />
      <FieldError errors={errors} name={`recipient.${name}`} />
    </label>
  );
  return (
    <fieldset className="admin-card order-form__group">
      <legend className="order-detail__heading">Получатель</legend>
      {field('name', 'Имя')}
      {field('fam', 'Фамилия')}
      {field('tel', 'Телефон', 'tel')}
      {field('email', 'E-mail', 'email')}
    </fieldset>
  );
}

export function PaymentSelect(props: { value: string; onChange(value: string): void; errors: FieldErrors }) {
  return (
    <label className="order-form__field">
      Оплата
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {Object.entries(PAYMENT_METHODS).map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      <FieldError errors={props.errors} name="sposob_oplat" />
    </label>
  );
}

export { FieldError };
