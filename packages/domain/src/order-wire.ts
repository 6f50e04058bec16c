// An order as its owner sees it (spec §7 Order, my-orders, the payment page): declared once, as the server's
// `response` schema and the web's OrderView type. docs/decisions/031.
import { CARRIERS } from './shipment-tracking.ts';
import { z } from './zod-ru.ts';

export const ORDER_STATUSES = ['new', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The order's payment as stored: how the money came, or did not. */
export const PAYMENT_STATES = ['not_required', 'awaiting', 'pending', 'paid', 'canceled'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/**
 * The payment as the customer and the back office see it: the stored state, except that a paid order whose money
 * went back through the payment system (refunds, decision 028) is returned in part or in full. The stored state
 * stays «paid», as YooKassa's payment stays `succeeded` beside its refunds.
 */
export const PAYMENT_VIEW_STATES = [...PAYMENT_STATES, 'partially_refunded', 'refunded'] as const;
export type PaymentViewState = (typeof PAYMENT_VIEW_STATES)[number];

/**
 * `refunded`: ₽ returned by succeeded refunds and to gift certificates (decision 045); `total`: what the order cost
 * (what was paid, by any means).
 */
export function paymentViewState(state: PaymentState, total: number, refunded: number): PaymentViewState {
  if (state !== 'paid' || refunded <= 0) return state;
  return refunded >= total ? 'refunded' : 'partially_refunded';
}
/** How the customer gets an order: delivered, collected at our office, or nothing to hand over (a course). */
export const ORDER_HANDOVERS = ['delivery', 'pickup', 'course'] as const;
export type OrderHandover = (typeof ORDER_HANDOVERS)[number];

export const orderLineSchema = z.object({
  id: z.int(),
  name: z.string(),
  volume: z.string(),
  url: z.string(),
  quantity: z.int(),
  cena: z.int(),
  cena_st: z.int(),
  price: z.int(),
  sum: z.int(),
  gift: z.boolean(),
});

/** Bank details to pay by transfer (spec §3 payment 3). */
export const invoiceSchema = z.object({
  number: z.string(),
  date: z.string(),
  amount: z.int(),
  purpose: z.string(),
  recipient: z.object({
    company: z.string(),
    inn: z.string(),
    kpp: z.string(),
    ogrn: z.string(),
    address: z.string(),
    bank: z.string(),
    account: z.string(),
    correspondentAccount: z.string(),
    bik: z.string(),
  }),
});

/** The parcel's carrier and tracking number once shipped, with the carrier's tracking page (decision 029). */
export const shipmentTrackingSchema = z.object({
  carrier: z.enum(CARRIERS),
  carrier_name: z.string(),
  number: z.string(),
  url: z.string().nullable(),
});
export type ShipmentTracking = z.infer<typeof shipmentTrackingSchema>;

export const orderViewSchema = z.object({
  id: z.int(),
  /** «ЭФ-000012». */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  status_name: z.string(),
  payment_state: z.enum(PAYMENT_VIEW_STATES),
  /** «Оплачен», «Частично возвращён: 300 ₽», «Возвращён»… */
  payment_state_name: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  name: z.string(),
  fam: z.string(),
  email: z.string(),
  tel: z.string(),
  delivery_name: z.string(),
  delivery_price: z.int(),
  handover: z.enum(ORDER_HANDOVERS),
  sposob_oplat: z.int(),
  sposob_oplat_name: z.string(),
  promo_code: z.string().nullable(),
  subtotal: z.int(),
  discount: z.int(),
  goods_total: z.int(),
  total: z.int(),
  /** «Оплачено сертификатом», ₽: the part of `total` gift certificates pay (decision 045). */
  certificate_amount: z.int(),
  /** What is left to pay by the order's payment method: `total` less the certificates, ₽. */
  to_pay: z.int(),
  /** Returned to the customer through the payment system, ₽ (0 when nothing was; decision 028). */
  refunded: z.int(),
  /** Only for sposob_oplat 3. */
  invoice: invoiceSchema.nullable(),
  /** «Купить в 1 клик»: the shop calls back to agree delivery and payment (decision 029). */
  call_back: z.boolean(),
  tracking: shipmentTrackingSchema.nullable(),
  lines: z.array(orderLineSchema),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** POST /v1/my-orders/{id}. */
export const orderAnswerSchema = z.object({ message: z.literal('order'), order: orderViewSchema });

/** GET /v1/order/{id}/payment: the order and how its card payment ended. */
export const orderPaymentAnswerSchema = z.object({
  order: orderViewSchema,
  payment: z
    .object({
      status: z.string(),
      paid_at: z.string().nullable(),
      /** Card or СБП (decision 028). */
      method: z.enum(['bank_card', 'sbp']),
      confirmation_type: z.enum(['redirect', 'qr']),
      /** СБП on a desktop, while pending: the QR code as inline SVG. */
      qr_svg: z.string().optional(),
      /** The offline test gateway's confirmation page (no phone to scan with). */
      test_confirmation_url: z.string().optional(),
    })
    .nullable(),
});
export type OrderPaymentAnswer = z.infer<typeof orderPaymentAnswerSchema>;

/** POST /v1/order: the order placed (or the one this idempotency key placed before). */
export const placeOrderAnswerSchema = z.object({
  status: z.literal('ok'),
  message: z.enum(['order/created', 'order/existing']),
  order: orderViewSchema,
  /** A guest keeps this key to pay for and look at the order. */
  key: z.string(),
  /** The buyer goes on to pay by card. */
  pay: z.boolean(),
});
export type PlacedOrder = z.infer<typeof placeOrderAnswerSchema>;

/** GET /v1/my-orders: the user's orders, newest first. */
export const myOrdersAnswerSchema = z.object({
  items: z.array(orderViewSchema),
  /** Guest orders placed with the account's e-mail, waiting for it to be confirmed (decision 040). */
  guest_orders: z.int(),
});
export type MyOrdersAnswer = z.infer<typeof myOrdersAnswerSchema>;

/**
 * PUT /v1/order/yookassa: the payment started (go to `confirmation_url`, or show the QR code of GET
 * /v1/order/{id}/payment), or `paid` when the order needs nothing more.
 */
export const startPaymentAnswerSchema = z.object({
  status: z.string(),
  order_id: z.int(),
  payment_id: z.string().optional(),
  method: z.enum(['bank_card', 'sbp']).optional(),
  confirmation_type: z.enum(['redirect', 'qr']).optional(),
  confirmation_url: z.string().nullable(),
});

/** POST /v1/order/one-click: the order placed; the shop calls back to agree delivery and payment. */
export const oneClickAnswerSchema = placeOrderAnswerSchema.omit({ pay: true });
export type OneClickAnswer = z.infer<typeof oneClickAnswerSchema>;
