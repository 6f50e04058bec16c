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
  /** A gift certificate (a product of the certificates' category): checkout asks whom it is for (decision 049). */
  certificate: z.literal(true).optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * A line the buyer chose whose product cannot be bought now (sold out, or taken off sale): it stays in the cart,
 * named, outside the totals, until the buyer removes it — it never vanishes on its own, and checkout names it.
 */
export const unavailableLineSchema = z.object({
  id: z.int(),
  quantity: z.int(),
  url: z.string(),
  name: z.string(),
  volume: z.string(),
  image: imageRefSchema.nullable(),
  /** sold_out: no stock left; withdrawn: no longer sold (hidden by the shop). */
  reason: z.enum(['sold_out', 'withdrawn']),
});
export type UnavailableLine = z.infer<typeof unavailableLineSchema>;

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
    /** Lines that cannot be bought now: shown, not counted; an order is refused while they are in the cart. */
    unavailable: z.array(unavailableLineSchema),
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
export type CartPromoAnswer = z.infer<typeof cartPromoAnswerSchema>;

/** GET /v1/cart/gifts: the gifts there are and whether the cart's total unlocks them. */
export const cartGiftsAnswerSchema = z.object({
  message: z.literal('cart/gifts'),
  gifts: z.array(
    z.object({
      id: z.int(),
      threshold: z.int(),
      unlocked: z.boolean(),
      /** ₽ the cart still lacks for this gift. */
      remaining: z.int(),
      product: z.object({
        id: z.int(),
        name: z.string(),
        url: z.string(),
        volume: z.string(),
        image: imageRefSchema.nullable(),
      }),
    }),
  ),
  chosen: z.int().nullable(),
  total: z.int(),
});
export type CartGiftsAnswer = z.infer<typeof cartGiftsAnswerSchema>;

/** PUT /v1/cart/save: saving empties the cart; the saved one is at `link`. */
export const cartSavedAnswerSchema = z.object({ status: z.literal('ok'), link: z.string(), id: z.int() });

/** The page data (com_data) of /saved/{token}: the saved cart's lines at today's prices. */
export const savedCartPageSchema = z.object({
  token: z.string(),
  created_at: z.string(),
  lines: z.array(cartLineSchema),
  total: z.int(),
});
export type SavedCartPage = z.infer<typeof savedCartPageSchema>;

/** A saved cart as /my-baskets shows it: its lines at today's prices. */
export const savedCartSchema = z.object({
  id: z.int(),
  link: z.string(),
  created_at: z.string(),
  lines: z.array(cartLineSchema),
  total: z.int(),
});
export type SavedCart = z.infer<typeof savedCartSchema>;

/** GET /v1/my-baskets. */
export const savedCartsAnswerSchema = z.object({ items: z.array(savedCartSchema) });
export type SavedCartsAnswer = z.infer<typeof savedCartsAnswerSchema>;

/**
 * «В корзину» as a plain HTML form (decision 044), posted urlencoded to CART_FORM_PATH (http-contract.ts) by a browser
 * without the app's scripts and answered with a 303 to the cart page.
 */
export const cartFormSchema = z.strictObject({
  id: z.coerce.number({ error: 'Не указан товар' }).int().positive().max(2_147_483_647),
  // 99: the cart's cap of one line (the server's MAX_LINE_QUANTITY); more is cut to what is in stock.
  quantity: z.coerce.number({ error: 'Укажите количество числом' }).int().min(1).max(99).default(1),
});
