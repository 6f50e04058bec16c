// Answers of the back office's calls under /api/v1/admin (customers, questions, promo codes, letters, orders,
// the dashboard, the audit log): zod schemas the server declares as its routes' `response` and the admin pages
// take their types from. The moderation of reviews is in reviews-wire.ts, the diploma sets in school-schemas.ts.
// docs/decisions/031.
import { questionWireSchema } from './account-wire.ts';
import { paginationSchema } from './catalog-wire.ts';
import { ORDER_STATUSES, orderViewSchema, PAYMENT_VIEW_STATES } from './order-wire.ts';
import { z } from './zod-ru.ts';

/** GET /api/v1/admin/me: the back office asks this first. */
/** ₽ of a refund from the back office (to the card or to gift certificates): whole roubles. */
export const refundAmountSchema = z
  .number({ error: 'Укажите сумму возврата в рублях' })
  .int('Сумма возврата — целое число рублей')
  .min(1, 'Сумма возврата — не меньше 1 ₽')
  .max(100_000_000, 'Слишком большая сумма');

export const adminMeSchema = z.object({
  moderator: z.literal(true),
  id: z.int().optional(),
  name: z.string().optional(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** GET /api/v1/admin/audit. */
export const auditAnswerSchema = z.object({
  entries: z.array(
    z.object({
      id: z.int(),
      user_id: z.int(),
      /** Who did it, by name (decision 057); «Магазин (автоматически)» for the shop's own changes. */
      user_name: z.string(),
      /** What happened, in Russian: «Создан промокод». */
      action_name: z.string(),
      /** What it happened to: «промокод «LETO10»», «заказ ЭФ-000123». */
      object_name: z.string(),
      /** The fields changed, «было → стало», in words; null: no value on that side. */
      changes: z.array(
        z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
      ),
      action: z.string(),
      entity: z.string(),
      entity_id: z.string(),
      /** What the entry's action changed, as it recorded it. */
      before: z.unknown(),
      after: z.unknown(),
      created_at: z.string(),
    }),
  ),
  total: z.int(),
  page: z.int(),
  pages: z.int(),
});
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

// Customers and their personal discount (decision 012).

const customerSchema = z.object({
  id: z.int(),
  name: z.string(),
  fam: z.string(),
  email: z.string(),
  tel: z.string(),
  created_at: z.string(),
  skidka: z.number(),
  /** A moderator's percent; null while the tiers decide. */
  skidka_manual: z.number().nullable(),
  /** What the tiers alone would give: shown beside a hand-set percent. */
  skidka_by_orders: z.number(),
  completed_total: z.number(),
});
export type AdminCustomer = z.infer<typeof customerSchema>;

/** GET /api/v1/admin/customers. */
export const customersAnswerSchema = z.object({
  customers: z.array(customerSchema),
  page: z.int(),
  pages: z.int(),
  total: z.int(),
});
export type CustomersAnswer = z.infer<typeof customersAnswerSchema>;

const customerDetailsSchema = customerSchema.extend({
  orders: z.array(
    z.object({
      id: z.int(),
      status: z.enum(ORDER_STATUSES),
      /** As the customer sees it: a paid order whose money went back is «refunded» (decision 028). */
      payment_state: z.enum(PAYMENT_VIEW_STATES),
      /** ₽ returned through the payment system. */
      refunded: z.int(),
      total: z.int(),
      goods_total: z.int(),
      created_at: z.string(),
    }),
  ),
  discount_history: z.array(
    z.object({
      at: z.string(),
      who: z.string(),
      before: z.number().nullable(),
      after: z.number().nullable(),
      manual: z.number().nullable(),
      comment: z.string().nullable(),
    }),
  ),
});
export type AdminCustomerDetails = z.infer<typeof customerDetailsSchema>;

/** GET /api/v1/admin/customers/{id}. */
export const customerAnswerSchema = z.object({ customer: customerDetailsSchema });

/** PUT /api/v1/admin/customers/{id}/discount. */
export const customerDiscountAnswerSchema = customerAnswerSchema.extend({
  message: z.literal('customer/discount'),
});

// Customers' questions.

export const adminQuestionSchema = z.object({
  id: z.int(),
  /** Plain text, as the customer typed it. */
  text: z.string(),
  user: z.object({ id: z.int(), name: z.string() }),
  product: z.object({ id: z.int(), name: z.string(), url: z.string() }).nullable(),
  /** Sanitised rich text, or null while unanswered. */
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;

/** GET /api/v1/admin/questions. */
export const adminQuestionsAnswerSchema = z.object({
  items: z.array(adminQuestionSchema),
  pagination: paginationSchema,
});

/** PUT /api/v1/admin/questions/{id}/answer: the question as its asker now sees it. */
export const questionAnsweredSchema = z.object({ question: questionWireSchema });

// Promo codes.

export const promoViewSchema = z.object({
  id: z.int(),
  code: z.string(),
  condition_type: z.string(),
  percent: z.int(),
  min_total: z.int(),
  /** Moscow dates, YYYY-MM-DD. */
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  usage_limit: z.int().nullable(),
  used_count: z.int(),
  description: z.string(),
  active: z.boolean(),
  excluded_category_ids: z.array(z.int()),
  state: z.enum(['active', 'off', 'scheduled', 'expired', 'used_up']),
  state_name: z.string(),
});
export type PromoView = z.infer<typeof promoViewSchema>;

/** GET /api/v1/admin/promo. */
export const promoListAnswerSchema = z.object({ promo_codes: z.array(promoViewSchema) });

/** GET /api/v1/admin/promo/{id}. */
export const promoAnswerSchema = z.object({ promo: promoViewSchema });

/** POST and PUT /api/v1/admin/promo. */
export const promoSavedAnswerSchema = promoAnswerSchema.extend({
  message: z.enum(['promo/created', 'promo/updated']),
});

/** DELETE /api/v1/admin/promo/{id}: deleted, or switched off when orders already used it. */
export const promoDeletedAnswerSchema = z.object({
  message: z.enum(['promo/deleted', 'promo/deactivated']),
  deleted: z.boolean(),
  promo: promoViewSchema.nullable(),
});

// Orders.

/** GET /api/v1/admin/orders. */
export const adminOrdersAnswerSchema = z.object({
  orders: z.array(
    z.object({
      id: z.int(),
      number: z.string(),
      created_at: z.string(),
      status: z.enum(ORDER_STATUSES),
      status_name: z.string(),
      payment_state: z.enum(PAYMENT_VIEW_STATES),
      payment_state_name: z.string(),
      /** ₽ returned through the payment system. */
      refunded: z.int(),
      name: z.string(),
      fam: z.string(),
      email: z.string(),
      tel: z.string(),
      delivery_method: z.int().nullable(),
      /** The payment method (sposob_oplat), named plainly by order-papers-wire's plainPaymentMethodName. */
      sposob_oplat: z.int(),
      delivery_name: z.string(),
      /** A one-click order still waiting for the shop's call: the list flags it. */
      call_back: z.boolean(),
      items: z.int(),
      total: z.int(),
    }),
  ),
  /** Over every order the filters match, not just this page. */
  summary: z.object({ count: z.int(), sum: z.number() }),
  page: z.int(),
  pages: z.int(),
});
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswerSchema>;

const adminOrderSchema = orderViewSchema.extend({
  user_id: z.int().nullable(),
  /** The part of the submitted delivery form a moderator needs to send the parcel. */
  delivery: z.object({
    summary: z.string(),
    method: z.string().nullable(),
    kind: z.string().nullable(),
    price: z.int(),
    address: z.string().nullable(),
    pickup_point: z.string().nullable(),
    comment: z.string(),
    wishes: z.string(),
    call_before: z.boolean(),
    ecopack: z.boolean(),
    consultation: z.boolean(),
    hydrolats: z.boolean(),
  }),
  next_statuses: z.array(z.object({ status: z.enum(ORDER_STATUSES), name: z.string() })),
  payment: z
    .object({
      provider: z.string(),
      /** bank_card: YooKassa's card page; sbp: СБП. */
      method: z.enum(['bank_card', 'sbp']),
      payment_id: z.string(),
      status: z.string(),
      amount: z.int(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
    })
    .nullable(),
  can_refresh_payment: z.boolean(),
  refunds: z
    .object({
      paid: z.int(),
      refunded: z.int(),
      /** What the «Вернуть деньги» form may still return. */
      left: z.int(),
      items: z.array(
        z.object({
          id: z.int(),
          amount: z.int(),
          status: z.string(),
          status_name: z.string(),
          comment: z.string().nullable(),
          created_at: z.string(),
        }),
      ),
    })
    .nullable(),
  history: z.array(
    z.object({ at: z.string(), who: z.string(), text: z.string(), comment: z.string().nullable() }),
  ),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /api/v1/admin/orders/{id}. */
export const adminOrderAnswerSchema = z.object({ order: adminOrderSchema });
export type AdminOrderAnswer = z.infer<typeof adminOrderAnswerSchema>;

/** PUT /api/v1/admin/orders/{id}/status: the order's page as it now is. */
export const orderStatusChangedSchema = adminOrderAnswerSchema.extend({ message: z.literal('order/status') });

/** PUT /api/v1/admin/orders/{id}/tracking: the corrected carrier and number, and the order's page. */
export const orderTrackingCorrectedSchema = adminOrderAnswerSchema.extend({
  message: z.literal('order/tracking'),
});

/** POST /api/v1/admin/orders/{id}/payment/refresh: whether the provider had news, and the order's page. */
export const orderPaymentRefreshedSchema = adminOrderAnswerSchema.extend({
  message: z.literal('order/payment'),
  changed: z.boolean(),
});

/** POST /api/v1/admin/orders/{id}/refunds: the refund started, and the order's page. */
export const orderRefundAnswerSchema = adminOrderAnswerSchema.extend({
  message: z.literal('order/refund'),
  refund: z.object({ id: z.int(), amount: z.int(), status: z.string() }),
});

/**
 * GET /api/v1/admin/dashboard: orders and revenue per Moscow day, the average order, top products, conversion.
 * Revenue leaves out gift certificates sold (decision 045).
 */
/**
 * A day's or the period's money, two ways (decision 057). `ordered`: the value of the orders placed (not cancelled),
 * goods and delivery, without certificates sold. `received`: the money that came in, `paid` − `refunded`: orders paid
 * by the day of payment (less what certificates paid of them), refunds by the day they went through.
 */
const dashboardMoney = {
  orders: z.int(),
  ordered: z.int(),
  paid: z.int(),
  refunded: z.int(),
  received: z.int(),
};

export const dashboardSchema = z.object({
  days: z.int(),
  by_day: z.array(z.object({ date: z.string(), ...dashboardMoney })),
  totals: z.object({ ...dashboardMoney, average_order: z.int() }),
  top_products: z.array(
    z.object({ product_id: z.int(), name: z.string(), quantity: z.int(), revenue: z.int() }),
  ),
  conversion: z.object({ carts: z.int(), ordered: z.int(), percent: z.number() }),
  /**
   * Gift certificates (decision 045): sold in the period (₽, not in `ordered` — an advance, a liability, until spent;
   * what they pay of later orders is revenue then), and what all unexpired certificates still hold now.
   */
  certificates: z.object({ sold: z.int(), outstanding: z.int() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// The 1C exchange log (issue 22).

export const exchangeFileResultSchema = z.object({
  filename: z.string(),
  /** What the file was: «Каталог», «Предложения», «Заказы». */
  kind: z.string(),
  created: z.int(),
  updated: z.int(),
  hidden: z.int(),
  /** Goods whose stock came back above zero (the waitlist was told). */
  restocked: z.int(),
  /** Why the file changed nothing, in Russian; absent when it was applied. */
  error: z.string().optional(),
  ms: z.number(),
});
export type ExchangeFileResult = z.infer<typeof exchangeFileResultSchema>;

/** GET /api/v1/admin/exchange: the exchange sessions, newest first. */
export const exchangeLogSchema = z.object({
  /** 1C may log in (EXCHANGE_LOGIN and EXCHANGE_PASSWORD are set). */
  enabled: z.boolean(),
  total: z.int(),
  page: z.int(),
  pages: z.int(),
  sessions: z.array(
    z.object({
      id: z.int(),
      type: z.string(),
      started_at: z.string(),
      last_seen_at: z.string(),
      bytes: z.number(),
      files: z.array(exchangeFileResultSchema),
      /** A manual upload still being imported. */
      running: z.boolean(),
    }),
  ),
});
export type ExchangeLog = z.infer<typeof exchangeLogSchema>;

/** POST /api/v1/admin/exchange/upload (202): the package is taken; its outcome shows in the log. */
export const exchangeUploadAnswerSchema = z.object({
  status: z.literal('ok'),
  message: z.string(),
  session: z.int(),
});
