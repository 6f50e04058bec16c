// The cart's answer (spec §3 Cart, every /v1/cart call): declared once, as the server's `response` schema and the
// web's CartData type. docs/decisions/031.
import { imageRefSchema, productCardSchema } from './catalog-wire.ts';
import { z } from './zod-ru.ts';

export const cartLineSchema = z.object({
  id: z.int(),
  quantity: z.int(),
  /** Price of one unit, whole ₽. */
  cena: z.int(),
  /** Regular price; above 0 the line is a special price. */
  cena_st: z.int(),
  katGlobal: z.int(),
  url: z.string(),
  name: z.string(),
  volume: z.string(),
  image: imageRefSchema.nullable(),
  stock: z.int(),
  /** Price of one unit after the discount. */
  price: z.int(),
  sum: z.int(),
  /** A chosen gift: a 0 ₽ line. */
  gift: z.literal(true).optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartPromoSchema = z.object({
  code: z.string(),
  condition: z.object({ type: z.string(), percent: z.number() }),
});

export const cartAnswerSchema = z.object({
  // 'cart', or what the call did ('cart/promo/clear').
  message: z.string(),
  cart: z.object({
    lines: z.array(cartLineSchema),
    /** Chosen gifts: 0 ₽ lines. */
    gifts: z.array(cartLineSchema),
    promo: cartPromoSchema.nullable(),
    subtotal: z.int(),
    discount: z.int(),
    /** Total in whole roubles as the server computed it. */
    total: z.int(),
    /** Units of goods, gifts not counted. */
    count: z.int(),
    /** The discount percent applied to regular lines. */
    skidka: z.number(),
    /**
     * What the cart holds, as a short digest: the shop's client sends the version it showed with the order, so a
     * cart changed in another tab or on another device is told apart even when the totals came out the same.
     */
    version: z.string(),
  }),
  code: z.string().nullable(),
  /** The cart holds hydrolats (katGlobal 12). */
  hydr: z.boolean(),
  reco: z.array(productCardSchema),
  /** Lines changed because stock ran low since they were added (shown once to the buyer). */
  notices: z.array(z.string()),
});
export type CartAnswer = z.infer<typeof cartAnswerSchema>;

/** PUT /v1/cart/promo/code: the code's verdict with the cart it leaves (no recommendations: they do not change). */
export const cartPromoAnswerSchema = z.object({
  message: z.literal('cart/promo'),
  code: z.string().nullable(),
  error: z.boolean(),
  text: z.string(),
  cart: cartAnswerSchema.shape.cart,
  hydr: z.boolean(),
});
