// The back office's orders as the server sends them (/api/v1/admin/orders…), and their Russian names and tones.
import type { AdminOrder, AdminOrdersAnswer } from '@efir/domain/admin-wire';
import type { OrderStatus, PaymentState } from '@efir/domain/order-wire';

export type { OrderStatus, PaymentState };

type Tone = 'neutral' | 'good' | 'warn' | 'bad';

export const STATUS_LABELS: Record<OrderStatus, { name: string; tone: Tone }> = {
  new: { name: 'Новый', tone: 'warn' },
  confirmed: { name: 'Подтверждён', tone: 'neutral' },
  shipped: { name: 'Отправлен', tone: 'neutral' },
  delivered: { name: 'Доставлен', tone: 'good' },
  cancelled: { name: 'Отменён', tone: 'bad' },
};

export const PAYMENT_LABELS: Record<PaymentState, { name: string; tone: Tone }> = {
  not_required: { name: 'При получении или по счёту', tone: 'neutral' },
  awaiting: { name: 'Ожидает оплаты', tone: 'warn' },
  pending: { name: 'Платёж в обработке', tone: 'warn' },
  paid: { name: 'Оплачен', tone: 'good' },
  canceled: { name: 'Платёж отменён', tone: 'bad' },
};

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
