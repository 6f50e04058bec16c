// The «Купить в 1 клик» dialog (decision 029): name, phone with the +7 mask, an e-mail if the buyer wants a letter;
// the order is placed at today's price and the shop calls back to agree delivery and payment. Loaded on the first
// click of the button (OneClickButton in cart-buttons.tsx), so none of it weighs on the page's first scripts.
import { formatRub } from '@efir/domain/money';
import { oneClickSchema } from '@efir/domain/one-click';
import type { OneClickAnswer, OrderView } from '@efir/domain/order-wire';
import { formatRussianPhone, normalizeRussianPhone } from '@efir/domain/phone';
import { useEffect, useRef, useState } from 'react';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { reloadCart } from '../../lib/cart-state.ts';
import { createIdempotencyKey } from '../../lib/checkout-draft.ts';
import { FORM_ERROR } from '../../lib/forms.ts';
import { rememberGuestOrder } from '../../lib/orders.ts';
import { Link } from '../../lib/router/link.tsx';
import { FormError, SubmitButton, TextField, useForm } from '../ui/form.tsx';
import { CloseIcon } from '../ui/icons.tsx';
import { PhoneField } from '../ui/phone-field.tsx';
import './one-click.css';

const FIELDS = ['name', 'tel', 'email'] as const;

export function OneClickDialog({
  productId,
  note,
  onClose,
}: {
  productId?: number | undefined;
  note?: string | undefined;
  onClose(): void;
}) {
  const { api, store } = useAppContext();
  const user = useAppState((state) => state.user);
  const dialog = useRef<HTMLDialogElement>(null);
  // One key per opened dialog: a double click or a retry after a lost answer finds the same order.
  const [key] = useState(createIdempotencyKey);
  const [placed, setPlaced] = useState<OrderView | null>(null);

  const form = useForm({
    initial: {
      name: user?.name ?? '',
      tel: user?.tel ? formatRussianPhone(normalizeRussianPhone(user.tel) ?? user.tel) : '',
      email: user?.email ?? '',
    },
    schema: oneClickSchema,
    fields: FIELDS,
    send: (data) => api.post<OneClickAnswer>('/v1/order/one-click', { body: data }),
    onSuccess: (answer) => {
      setPlaced(answer.order);
      if (!user) rememberGuestOrder(answer.order.id, answer.key);
      // The cart became the order: the header and the cart page show it empty.
      if (productId === undefined) void reloadCart(api, store);
    },
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="one-click"
      aria-labelledby="one-click-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <button type="button" className="one-click__close" aria-label="Закрыть" onClick={onClose}>
        <CloseIcon />
      </button>
      <h2 id="one-click-title" className="one-click__title">
        Купить в 1 клик
      </h2>
      {placed ? (
        <div className="one-click__done" role="status">
          <p>
            Заказ <strong>{placed.number}</strong> на {formatRub(placed.goods_total)} принят.
          </p>
          {placed.payment_state === 'awaiting' ? (
            // A gift certificate is paid online first (decision 050): the order's page offers the payment.
            <p>
              Оплатите заказ картой или через СБП — сертификат с кодом придёт на {placed.email} после оплаты.
            </p>
          ) : (
            <p>
              Мы перезвоним на номер {formatRussianPhone(placed.tel)}, чтобы договориться о доставке и оплате.
              {placed.email && ' Письмо с заказом — на вашей почте.'}
            </p>
          )}
          <p className="one-click__actions">
            <Link
              to={
                user && placed.payment_state !== 'awaiting'
                  ? '/my-orders'
                  : `/checkout/done?order=${placed.id}`
              }
              className={placed.payment_state === 'awaiting' ? 'button' : 'button button--ghost'}
            >
              {placed.payment_state === 'awaiting' ? 'Перейти к оплате' : 'Посмотреть заказ'}
            </Link>
            <button type="button" className="button" onClick={onClose}>
              Готово
            </button>
          </p>
        </div>
      ) : (
        <form
          ref={form.formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit({
              ...form.values,
              idempotency_key: key,
              ...(productId === undefined ? {} : { product_id: productId, quantity: 1 }),
            });
          }}
        >
          <p className="one-click__lead">
            Оставьте имя и телефон — мы перезвоним, уточним доставку и оплату.
            {productId === undefined && ' Заказ будет из товаров в корзине.'}
            {note && ` ${note}`}
          </p>
          <FormError message={form.errors[FORM_ERROR]} />
          <TextField label="Имя" required autoComplete="given-name" {...form.field('name')} />
          <PhoneField
            label="Телефон"
            required
            {...form.field('tel')}
            onValueChange={(tel) => form.setValue('tel', tel)}
          />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            hint="Необязательно: пришлём письмо с заказом"
            {...form.field('email')}
          />
          <SubmitButton sending={form.sending} sendingText="Оформляем…" className="one-click__submit">
            Заказать
          </SubmitButton>
          <p className="one-click__note">
            Нажимая «Заказать», вы соглашаетесь на обработку персональных данных для этого заказа.
          </p>
        </form>
      )}
    </dialog>
  );
}
