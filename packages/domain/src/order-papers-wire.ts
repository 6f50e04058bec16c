// The back office's order papers and money outside the payment system (issue 38, points 3–5; decision 056): the
// payment method named plainly, transfers and cash marked paid, printed papers and the exported list.
import { adminOrderAnswerSchema } from './admin-wire.ts';
import { z } from './zod-ru.ts';

/** sposob_oplat, as the owner says it (the checkout's own names stay as 1C knows them). */
const PLAIN_METHOD_NAMES: Record<number, string> = {
  1: 'Наличными при получении',
  3: 'Банковский перевод по счёту',
  4: 'Наложенный платёж',
  5: 'Картой онлайн',
};

/** «Наличными при получении», «Картой онлайн», «СБП» (a card-online order paid through СБП)… */
export function plainPaymentMethodName(sposobOplat: number, online?: 'bank_card' | 'sbp' | null): string {
  if (sposobOplat === 5 && online === 'sbp') return 'СБП';
  return PLAIN_METHOD_NAMES[sposobOplat] ?? 'Способ не указан';
}

/** The methods whose money the shop receives itself and marks: cash, a bank transfer, cash on delivery. */
export const OFFLINE_PAYMENT_METHODS = [1, 3, 4] as const;

export function isOfflinePaymentMethod(sposobOplat: number): boolean {
  return (OFFLINE_PAYMENT_METHODS as readonly number[]).includes(sposobOplat);
}

/** POST /api/v1/admin/orders/{id}/received-payments: money received on `received_on`, all of it or a part. */
export const receivedPaymentBodySchema = z.strictObject({
  amount: z
    .number({ error: 'Введите сумму в рублях' })
    .int('Сумма — целое число рублей')
    .positive('Сумма должна быть больше нуля')
    .max(100_000_000, 'Слишком большая сумма'),
  received_on: z.iso.date('Дата в формате дд.мм.гггг'),
  comment: z.string().trim().max(500, 'Комментарий — не длиннее 500 символов').optional(),
  /** One confirmed mark's key (a UUID made when the form opens): a double click records it once. */
  key: z.uuid('Ключ оплаты — UUID'),
});

export const receivedPaymentsSchema = z.object({
  method_name: z.string(),
  /** Whether the shop marks this order's money itself (cash, transfer, COD) and the order is not cancelled. */
  can_mark: z.boolean(),
  /** What the payment method must bring: the total less gift certificates, ₽. */
  to_pay: z.int(),
  received: z.int(),
  left: z.int(),
  items: z.array(
    z.object({
      id: z.int(),
      amount: z.int(),
      received_on: z.string(),
      comment: z.string().nullable(),
      moderator_id: z.int(),
      created_at: z.string(),
    }),
  ),
});
export type ReceivedPayments = z.infer<typeof receivedPaymentsSchema>;

export const receivedPaymentsAnswerSchema = z.object({ payments: receivedPaymentsSchema });

export const paymentReceivedAnswerSchema = adminOrderAnswerSchema.extend({
  message: z.literal('order/payment_received'),
  payments: receivedPaymentsSchema,
});

/** The papers printed from orders. */
export const ORDER_PAPERS = ['receipt', 'invoice', 'packing', 'label'] as const;
export type OrderPaper = (typeof ORDER_PAPERS)[number];
export const ORDER_PAPER_NAMES: Record<OrderPaper, string> = {
  receipt: 'Товарный чек',
  invoice: 'Счёт на оплату',
  packing: 'Лист сборки',
  label: 'Адресная наклейка',
};

/** At most this many orders in one PDF or one «selected» export. */
export const ORDER_PAPERS_MAX = 200;

/** «12,15,40»: the selected orders. */
export const orderIdsSchema = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9}){0,199}$/, 'Номера заказов через запятую, не больше 200')
  .transform((text) => [...new Set(text.split(',').map(Number))]);

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
