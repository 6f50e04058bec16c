// The back office's orders as the server sends them (/api/v1/admin/orders…), and their Russian names and tones.
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

export interface OrderListItem {
  id: number;
  number: string;
  created_at: string;
  status: OrderStatus;
  payment_state: PaymentState;
  name: string;
  fam: string;
  email: string;
  tel: string;
  delivery_method: number | null;
  delivery_name: string;
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
  payment_state: PaymentState;
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
    payment_id: string;
    status: string;
    amount: number;
    created_at: string;
    paid_at: string | null;
  } | null;
  can_refresh_payment: boolean;
  history: Array<{ at: string; who: string; text: string; comment: string | null }>;
}
