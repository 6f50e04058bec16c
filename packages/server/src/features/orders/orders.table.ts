// Orders and their lines: prices are copied at placement, so later price changes never touch a placed order.
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATES } from '@efir/domain/order-wire';
import { CARRIERS } from '@efir/domain/shipment-tracking';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// The states are part of the wire (domain/order-wire.ts); the columns and the back office take them from here.
export { ORDER_STATUSES, type OrderStatus };

/** The product id of an order line that is a course seat (the school's orders): no stock, a `service` in receipts. */
export const COURSE_LINE_PRODUCT_ID = 0;

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The client's key for this checkout: a retry or a double click finds the same order. */
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    userId: integer('user_id'),
    /** The cart the order was placed from: a second checkout of the same cart is told which order took it. */
    cartId: uuid('cart_id'),
    /** Proves a guest's ownership of the order (payment, detail page); random. */
    guestKey: uuid('guest_key').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('new'),
    paymentState: text('payment_state', { enum: PAYMENT_STATES }).notNull().default('not_required'),
    name: text('name').notNull(),
    fam: text('fam').notNull(),
    email: text('email').notNull(),
    tel: text('tel').notNull(),
    /** The Delivery form as submitted (spec §3), plus the priced choice. */
    delivery: jsonb('delivery').$type<Record<string, unknown>>().notNull(),
    deliveryName: text('delivery_name').notNull(),
    deliveryPrice: integer('delivery_price').notNull().default(0),
    sposobOplat: integer('sposob_oplat').notNull(),
    promoCode: text('promo_code'),
    skidka: integer('skidka').notNull().default(0),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    /** Goods after discounts, ₽. */
    goodsTotal: integer('goods_total').notNull(),
    /** What the customer pays: goods + delivery, ₽. */
    total: integer('total').notNull(),
    /** The part of `total` paid by gift certificates (decision 045), ₽: a means of payment, not a discount. */
    certificateAmount: integer('certificate_amount').notNull().default(0),
    /** What of `certificateAmount` went back to the certificates (a refund of their part, a cancel), ₽. */
    certificateRefunded: integer('certificate_refunded').notNull().default(0),
    hydr: boolean('hydr').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When 1C confirmed it took the order (type=sale success); null while it is still to be sent (issue 22). */
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    /** «Купить в 1 клик» (decision 029): the shop calls the buyer back to agree delivery and payment. */
    callBack: boolean('call_back').notNull().default(false),
    /** Shipment tracking (decision 029): written by the moderator when shipping. */
    carrier: text('carrier', { enum: CARRIERS }),
    trackingNumber: text('tracking_number'),
    /** The carrier's own last status code (CDEK: DELIVERED…), and when the shop last heard it. */
    carrierStatus: text('carrier_status'),
    carrierCheckedAt: timestamp('carrier_checked_at', { withTimezone: true }),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    // «Сводка» and the orders-per-hour gauge read a period's orders by time (migration 0030).
    index('orders_created_at_idx').on(table.createdAt),
    index('orders_cart_idx').on(table.cartId),
    // «First order» promo codes look a buyer up by contact as well as by account (see customerHasOrdered).
    index('orders_email_lower_idx').on(sql`lower(${table.email})`),
    index('orders_tel_digits_idx').on(sql`right(regexp_replace(${table.tel}, '[^0-9]', '', 'g'), 10)`),
    index('orders_tracking_idx')
      .on(table.carrier, table.trackingNumber)
      .where(sql`${table.trackingNumber} is not null`),
    index('orders_call_back_idx')
      .on(table.createdAt)
      .where(sql`${table.callBack} and ${table.status} = 'new'`),
    check('orders_totals_not_negative', sql`${table.total} >= 0 and ${table.goodsTotal} >= 0`),
    check(
      'orders_certificate_amount_range',
      sql`${table.certificateAmount} >= 0 and ${table.certificateAmount} <= ${table.total}`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    volume: text('volume').notNull().default(''),
    url: text('url').notNull().default(''),
    quantity: integer('quantity').notNull(),
    cena: integer('cena').notNull(),
    cenaSt: integer('cena_st').notNull().default(0),
    /** One unit after the discount, ₽. */
    price: integer('price').notNull(),
    sum: integer('sum').notNull(),
    gift: boolean('gift').notNull().default(false),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
