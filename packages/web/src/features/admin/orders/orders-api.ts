// The back office's orders as the server sends them (/api/v1/admin/orders…), and their Russian names and tones.
import type { AdminOrder, AdminOrdersAnswer } from '@efir/domain/admin-wire';
import { formatRub } from '@efir/domain/money';
import type { OrderStatus, PaymentViewState } from '@efir/domain/order-wire';

export type { OrderStatus, PaymentViewState };

type Tone = 'neutral' | 'good' | 'warn' | 'bad';

export const STATUS_LABELS: Record<OrderStatus, { name: string; tone: Tone }> = {
  new: { name: 'Новый', tone: 'warn' },
  confirmed: { name: 'Подтверждён', tone: 'neutral' },
  shipped: { name: 'Отправлен', tone: 'neutral' },
  delivered: { name: 'Доставлен', tone: 'good' },
  cancelled: { name: 'Отменён', tone: 'bad' },
};

export const PAYMENT_LABELS: Record<PaymentViewState, { name: string; tone: Tone }> = {
  not_required: { name: 'Не оплачен', tone: 'neutral' },
  awaiting: { name: 'Ожидает оплаты', tone: 'warn' },
  pending: { name: 'Платёж в обработке', tone: 'warn' },
  paid: { name: 'Оплачен', tone: 'good' },
  canceled: { name: 'Платёж отменён', tone: 'bad' },
  partially_refunded: { name: 'Частично возвращён', tone: 'warn' },
  refunded: { name: 'Возвращён', tone: 'neutral' },
};

/** An order's payment chip; a part returned says how much (decision 028). */
export function paymentLabel(order: { payment_state: PaymentViewState; refunded?: number }) {
  const label = PAYMENT_LABELS[order.payment_state];
  return order.payment_state === 'partially_refunded' && order.refunded
    ? { ...label, name: `${label.name}: ${formatRub(order.refunded)}` }
    : label;
}

/** What the button that moves an order to this status says. */
export const STATUS_ACTIONS: Record<OrderStatus, string> = {
  new: 'Вернуть в новые',
  confirmed: 'Подтвердить',
  shipped: 'Отметить отправленным',
  delivered: 'Отметить доставленным',
  cancelled: 'Отменить заказ',
};

/** The provider's own payment statuses, as the moderator reads them. */
export const PROVIDER_STATUS_NAMES: Record<string, string> = {
  pending: 'ожидает оплаты',
  waiting_for_capture: 'ожидает списания',
  succeeded: 'оплачен',
  canceled: 'отменён',
};

// The answers of /api/v1/admin/orders and /orders/{id}: their response schemas' types (domain/admin-wire.ts).
export type OrdersPage = AdminOrdersAnswer;
export type OrderDetail = AdminOrder;
