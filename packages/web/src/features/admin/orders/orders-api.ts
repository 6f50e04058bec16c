// The back office's orders as the server sends them (/api/v1/admin/orders…), and their Russian names and tones.
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
  not_required: { name: 'При получении или по счёту', tone: 'neutral' },
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

export interface OrderListItem {
  id: number;
  number: string;
  created_at: string;
  status: OrderStatus;
  payment_state: PaymentViewState;
  /** ₽ returned through the payment system. */
  refunded: number;
  name: string;
  fam: string;
  email: string;
  tel: string;
  delivery_method: number | null;
  delivery_name: string;
  /** A one-click order still waiting for the shop's call (decision 029). */
  call_back: boolean;
  items: number;
  total: number;
}

export interface OrdersPage {
  orders: OrderListItem[];
  summary: { count: number; sum: number };
  page: number;
  pages: number;
}

export interface OrderDetail {
  id: number;
  number: string;
  status: OrderStatus;
  payment_state: PaymentViewState;
  /** ₽ returned through the payment system. */
  refunded: number;
  created_at: string;
  paid_at: string | null;
  user_id: number | null;
  name: string;
  fam: string;
  email: string;
  tel: string;
  sposob_oplat_name: string;
  promo_code: string | null;
  subtotal: number;
  discount: number;
  goods_total: number;
  delivery_price: number;
  total: number;
  lines: Array<{
    id: number;
    name: string;
    volume: string;
    url: string;
    quantity: number;
    cena: number;
    price: number;
    sum: number;
    gift: boolean;
  }>;
  delivery: {
    summary: string;
    method: string | null;
    kind: string | null;
    price: number;
    address: string | null;
    pickup_point: string | null;
    comment: string;
    wishes: string;
    call_before: boolean;
    ecopack: boolean;
    consultation: boolean;
    hydrolats: boolean;
  };
  next_statuses: Array<{ status: OrderStatus; name: string }>;
  payment: {
    provider: string;
    /** Absent from an older server: the card. */
    method?: 'bank_card' | 'sbp';
    payment_id: string;
    status: string;
    amount: number;
    created_at: string;
    paid_at: string | null;
  } | null;
  can_refresh_payment: boolean;
  /** Refunds through the payment system; null when the server does not offer them. */
  refunds: {
    paid: number;
    refunded: number;
    left: number;
    items: Array<{
      id: number;
      amount: number;
      status: string;
      status_name: string;
      comment: string | null;
      created_at: string;
    }>;
  } | null;
  /** «Купить в 1 клик»: the buyer waits for the shop's call. */
  call_back: boolean;
  tracking: { carrier: string; carrier_name: string; number: string; url: string | null } | null;
  history: Array<{ at: string; who: string; text: string; comment: string | null }>;
}
