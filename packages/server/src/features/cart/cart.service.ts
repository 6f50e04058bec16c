// Long on purpose: one service (createCartService) whose every call answers the same cart view from the same reads.
// The cart: lines capped by stock, totals by the one cart math of `domain`, promo codes, gifts, saved carts,
// recommendations, and the merge of a guest's cart into the user's at login.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { computeCartTotals, emptyCart } from '@efir/domain/cart-math';
import type {
  CartAnswer,
  CartGiftsAnswer,
  CartLine,
  SavedCart,
  SavedCartPage,
  UnavailableLine,
} from '@efir/domain/cart-wire';
import { CERTIFICATE_CATEGORY_URL } from '@efir/domain/gift-certificate-wire';
import type { Database } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { UserRow } from '../account/account.service.ts';
import {
  addToCartLine,
  type CartRow,
  decrementCartLine,
  deleteCart,
  deleteCartLine,
  deleteCartLines,
  deleteSavedCart,
  findActiveGifts,
  findCartById,
  findCartByUser,
  findCartLines,
  findCartRecommendations,
  findCertificateProducts,
  findGuestCartsOlderThan,
  findProductForCart,
  findProductsUnderCategories,
  findPromoByCode,
  findSavedCart,
  findSavedCartsOfUser,
  insertCart,
  insertSavedCart,
  type PromoRow,
  setCartLineQuantity,
  updateCart,
  upsertCartLine,
} from './cart.repo.ts';

// The cart's door for other features (decision 033): the cart row orders lock, a product as the cart sees it, and
// the promo code's uses an order takes and a cancel gives back go through here, never through cart.repo.ts.
export { type CartRow, findProductForCart, returnPromoUse, usePromoCode } from './cart.repo.ts';

/** Guest carts nobody can reach any more (their cookie lived `days`) are removed; how many, for the log. */
export async function deleteStaleGuestCarts(db: Database, days: number): Promise<number> {
  const stale = await findGuestCartsOlderThan(db, days);
  for (const cart of stale) await deleteCart(db, cart.id);
  return stale.length;
}

export const HYDROLAT_KAT_GLOBAL = 12;
/** A promo code for a buyer's first order only (its percent replaces the personal discount, spec §6). */
export const FIRST_ORDER_CONDITION = 'first_order';
const NOTHING_REACHED = 'Промокод не действует на товары в корзине (например, на подарочные сертификаты)';
const FIRST_ORDER_ONLY = 'Этот промокод действует только на первый заказ, а у вас заказы уже есть';
/** Decision 040: a guest order with the account's e-mail or phone is not in the account until the e-mail is confirmed. */
const FIRST_ORDER_AS_GUEST =
  'Этот промокод действует только на первый заказ, а на ваш e-mail или телефон уже оформлен заказ без входа в кабинет. Он появится в «Мои заказы», когда вы подтвердите e-mail по ссылке из письма';
export const MAX_LINE_QUANTITY = 99;

/** The cart with its version: a digest of its lines (product, quantity, unit price), gifts, code and discount. */
function withVersion(cart: Omit<CartAnswer['cart'], 'version'>): CartAnswer['cart'] {
  const content = JSON.stringify([
    cart.lines.map((line) => [line.id, line.quantity, line.price]),
    cart.gifts.map((line) => line.id),
    cart.unavailable.map((line) => [line.id, line.quantity]),
    cart.promo?.code ?? null,
    cart.skidka,
  ]);
  return { ...cart, version: createHash('sha256').update(content).digest('base64url').slice(0, 16) };
}

export type PromoProblem = { error: true; text: string } | { error: false; promo: PromoRow };

/** Checks a promo code against its dates, limit, activity and the cart's subtotal. */
export function checkPromo(promo: PromoRow | undefined, subtotal: number, now = new Date()): PromoProblem {
  if (!promo?.active) return { error: true, text: 'Такого промокода нет. Проверьте, нет ли опечатки' };
  if (promo.validFrom && promo.validFrom > now)
    return { error: true, text: 'Этот промокод ещё не начал действовать' };
  if (promo.validTo && promo.validTo < now) return { error: true, text: 'Срок действия промокода истёк' };
  if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) {
    return { error: true, text: 'Промокод уже использован максимальное число раз' };
  }
  if (subtotal < promo.minTotal) {
    return {
      error: true,
      text: `Промокод действует при заказе от ${promo.minTotal.toLocaleString('ru-RU')} ₽`,
    };
  }
  return { error: false, promo };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export interface CartService {
  findCart(user: UserRow | null, guestCartId: string | undefined): Promise<CartRow | null>;
  /** The caller's cart, created when missing; `created` tells the route to set the guest cookie. */
  ensureCart(
    user: UserRow | null,
    guestCartId: string | undefined,
  ): Promise<{ cart: CartRow; created: boolean }>;
  /** `recommendations: false` leaves `reco` empty (placing an order needs only the lines and totals). */
  view(
    cart: CartRow | null,
    user: UserRow | null,
    options?: { recommendations?: boolean },
  ): Promise<CartAnswer>;
  add(cart: CartRow, productId: number, quantity: number): Promise<string[]>;
  removeOne(cart: CartRow, productId: number): Promise<void>;
  removeLine(cart: CartRow, productId: number): Promise<void>;
  clean(cart: CartRow): Promise<void>;
  applyPromo(
    cart: CartRow,
    user: UserRow | null,
    code: string,
  ): Promise<{ error: boolean; text: string; code: string | null }>;
  clearPromo(cart: CartRow): Promise<void>;
  listGifts(cart: CartRow | null, user: UserRow | null): Promise<Omit<CartGiftsAnswer, 'message'>>;
  chooseGift(cart: CartRow, user: UserRow | null, giftId: number | null): Promise<void>;
  save(cart: CartRow, user: UserRow | null): Promise<{ link: string; id: number }>;
  addSaved(cart: CartRow, user: UserRow | null, key: string, replace: boolean): Promise<void>;
  deleteSaved(user: UserRow | null, key: string): Promise<void>;
  listSaved(user: UserRow): Promise<SavedCart[]>;
  getSavedPage(token: string): Promise<SavedCartPage | null>;
  mergeGuestCart(guestCartId: string | undefined, userId: number): Promise<void>;
}

/**
 * Whether a buyer has ordered before: the orders' read (orders.service.ts), handed in by the composition root since
 * the orders' service imports this one.
 */
type BuyerHasOrdered = (
  db: Database,
  buyer: { userId: number | null; email: string; tel: string },
) => Promise<boolean>;

/** The gift certificates among `productIds` (decision 050): sold at face value, for checkout and one-click alike. */
export function certificateProductsOf(db: Database, productIds: number[]): Promise<Set<number>> {
  return findCertificateProducts(db, productIds);
}

/** Σ cena × quantity of the goods, the certificates bought left out (decision 050): what promo minimums see. */
function goodsSum(
  lines: Array<{ productId: number; cena: number; quantity: number }>,
  certificates: Set<number>,
) {
  return lines.reduce(
    (sum, line) => (certificates.has(line.productId) ? sum : sum + line.cena * line.quantity),
    0,
  );
}

export function createCartService(db: Database, deps: { buyerHasOrdered: BuyerHasOrdered }): CartService {
  async function loadLines(cart: CartRow) {
    const rows = await findCartLines(db, cart.id);
    const notices: string[] = [];
    const lines = [];
    const unavailable: UnavailableLine[] = [];
    for (const row of rows) {
      // A product gone or sold out since it was added stays in the cart, named and outside the totals, until the
      // buyer removes it: what a buyer chose never vanishes on its own. A smaller stock shrinks the line.
      if (!row.visible || row.stock <= 0) {
        unavailable.push({
          id: row.productId,
          quantity: row.quantity,
          url: row.url,
          name: row.name,
          volume: row.volume,
          image: row.images[0] ?? null,
          reason: row.visible ? 'sold_out' : 'withdrawn',
        });
        continue;
      }
      let quantity = row.quantity;
      if (quantity > row.stock) {
        quantity = row.stock;
        await setCartLineQuantity(db, cart.id, row.productId, quantity);
        notices.push(`«${row.name}»: осталось ${row.stock} шт., количество уменьшено`);
      }
      lines.push({ ...row, quantity });
    }
    return { lines, unavailable, notices };
  }

  /**
   * A logged-in buyer who has ordered before cannot hold a first-order code. A guest's contact is known only at
   * checkout, where the order is refused instead (orders.service).
   */
  async function checkPromoFor(user: UserRow | null, promo: PromoRow | undefined, subtotal: number) {
    const checked = checkPromo(promo, subtotal);
    if (checked.error || !user || checked.promo.conditionType !== FIRST_ORDER_CONDITION) return checked;
    // The account's own orders (with the guest orders its confirmed e-mail brought in, decision 040) first, so the
    // refusal names the orders the customer can see in «Мои заказы»; then the contact's orders placed as a guest.
    if (await deps.buyerHasOrdered(db, { userId: user.id, email: '', tel: '' })) {
      return { error: true, text: FIRST_ORDER_ONLY } as const;
    }
    if (await deps.buyerHasOrdered(db, { userId: null, email: user.email, tel: user.tel })) {
      return { error: true, text: FIRST_ORDER_AS_GUEST } as const;
    }
    return checked;
  }

  /** The lines a code does not reach (its excluded categories, e.g. gift certificates). */
  function promoExcludedProducts(promo: PromoRow | null, lines: Array<{ productId: number }>) {
    if (!promo || promo.excludedCategoryIds.length === 0) return Promise.resolve(new Set<number>());
    return findProductsUnderCategories(
      db,
      lines.map((line) => line.productId),
      promo.excludedCategoryIds,
    );
  }

  /** The cart's code if it still works; one that stopped working leaves the cart, with a notice saying why. */
  async function loadPromo(cart: CartRow, user: UserRow | null, subtotal: number, notices: string[]) {
    if (!cart.promoCode) return null;
    const checked = await checkPromoFor(user, await findPromoByCode(db, cart.promoCode), subtotal);
    if (checked.error) {
      await updateCart(db, cart.id, { promoCode: null });
      notices.push(`Промокод ${cart.promoCode} убран из корзины: ${lowerFirst(checked.text)}`);
      return null;
    }
    return checked.promo;
  }

  async function resolveOwnedSaved(user: UserRow | null, key: string) {
    // A numeric id is a saved cart of the user's own; the long random token is the shared link.
    const saved =
      /^\d+$/.test(key) && Number(key) <= 2_147_483_647
        ? await findSavedCart(db, { id: Number(key) })
        : await findSavedCart(db, { token: key });
    if (!saved) throw notFound();
    if (/^\d+$/.test(key) && (saved.userId === null || saved.userId !== user?.id)) throw notFound();
    return saved;
  }

  const service: CartService = {
    async findCart(user, guestCartId) {
      if (user) return (await findCartByUser(db, user.id)) ?? null;
      if (!guestCartId) return null;
      const cart = await findCartById(db, guestCartId);
      return cart && cart.userId === null ? cart : null;
    },

    async ensureCart(user, guestCartId) {
      const existing = await service.findCart(user, guestCartId);
      if (existing) return { cart: existing, created: false };
      return { cart: await insertCart(db, randomUUID(), user?.id ?? null), created: user === null };
    },

    async view(cart, user, options = {}) {
      const skidka = user?.skidka ?? 0;
      if (!cart) {
        return {
          message: 'cart',
          cart: withVersion(emptyCart(skidka)),
          code: null,
          hydr: false,
          reco: [],
          notices: [],
        };
      }
      // Recommendations are worked out from the cart's lines in SQL, so both reads go at once.
      const [{ lines, unavailable, notices }, recoRows] = await Promise.all([
        loadLines(cart),
        options.recommendations === false ? [] : findCartRecommendations(db, cart.id, 8),
      ]);
      // Gift certificates are sold at face value and count toward no promo minimum or gift (decision 050).
      const certificates = await findCertificateProducts(
        db,
        lines.map((line) => line.productId),
      );
      const subtotal = goodsSum(lines, certificates);
      const promo = await loadPromo(cart, user, subtotal, notices);
      const condition = promo ? { type: promo.conditionType, percent: promo.percent } : null;
      const excluded = await promoExcludedProducts(promo, lines);
      const totals = computeCartTotals(
        lines.map((line) => ({
          id: line.productId,
          quantity: line.quantity,
          cena: line.cena,
          cena_st: line.cenaSt,
          promoExcluded: excluded.has(line.productId),
          noDiscount: certificates.has(line.productId),
        })),
        skidka,
        condition,
      );
      const certificatesSum = lines.reduce(
        (sum, line) => (certificates.has(line.productId) ? sum + line.cena * line.quantity : sum),
        0,
      );
      const lineViews: CartLine[] = lines.map((line, index) => ({
        id: line.productId,
        quantity: line.quantity,
        cena: line.cena,
        cena_st: line.cenaSt,
        katGlobal: line.katGlobal,
        url: line.url,
        name: line.name,
        volume: line.volume,
        image: line.images[0] ?? null,
        stock: line.stock,
        price: totals.lines[index]!.unitPrice,
        sum: totals.lines[index]!.sum,
        ...(line.categoryUrl === CERTIFICATE_CATEGORY_URL ? { certificate: true as const } : {}),
      }));
      const giftLines: CartLine[] = [];
      if (cart.giftId !== null && lines.length > 0) {
        const gift = (await findActiveGifts(db)).find((item) => item.id === cart.giftId);
        if (gift && totals.total - certificatesSum >= gift.threshold && gift.stock > 0) {
          giftLines.push({
            id: gift.productId,
            quantity: 1,
            cena: 0,
            cena_st: 0,
            katGlobal: gift.katGlobal,
            url: gift.url,
            name: gift.name,
            volume: gift.volume,
            image: gift.images[0] ?? null,
            stock: gift.stock,
            price: 0,
            sum: 0,
            gift: true,
          });
        }
      }
      return {
        message: 'cart',
        cart: withVersion({
          lines: lineViews,
          gifts: giftLines,
          unavailable,
          promo: promo && condition ? { code: promo.code, condition } : null,
          subtotal: totals.subtotal,
          discount: totals.discount,
          total: totals.total,
          count: totals.count,
          skidka: totals.applied.percent,
        }),
        code: promo?.code ?? null,
        hydr: lines.some((line) => line.katGlobal === HYDROLAT_KAT_GLOBAL),
        reco: recoRows.map((row) => ({
          id: row.id,
          name: row.name,
          url: row.url,
          volume: row.volume,
          cena: row.cena,
          cena_st: row.cenaSt,
          stock: row.stock,
          katGlobal: row.katGlobal,
          icons: row.icons,
          image: row.images[0] ?? null,
          avg_rating: Math.round(row.avgRating * 10) / 10,
          votes_count: row.votesCount,
        })),
        notices,
      };
    },

    async add(cart, productId, quantity) {
      // One statement: the product check, the line and the cart's timestamp (nothing changes on a refusal).
      const product = await addToCartLine(db, cart.id, productId, quantity, MAX_LINE_QUANTITY);
      if (!product?.visible) throw notFound('Товар не найден');
      if (product.stock <= 0 || product.quantity === null) {
        throw new AppError(409, 'Товара нет в наличии', {
          errors: { quantity: ['Товара нет в наличии — можно подписаться на уведомление о поступлении'] },
          error: 'out_of_stock',
        });
      }
      return product.quantity < quantity ? [`Больше нет: в наличии ${product.stock} шт.`] : [];
    },

    async removeOne(cart, productId) {
      await decrementCartLine(db, cart.id, productId);
    },

    async removeLine(cart, productId) {
      await deleteCartLine(db, cart.id, productId);
    },

    async clean(cart) {
      await deleteCartLines(db, cart.id);
      await updateCart(db, cart.id, { promoCode: null, giftId: null });
    },

    async applyPromo(cart, user, code) {
      const { lines } = await loadLines(cart);
      const certificates = await findCertificateProducts(
        db,
        lines.map((line) => line.productId),
      );
      const subtotal = goodsSum(lines, certificates);
      const checked = await checkPromoFor(user, await findPromoByCode(db, code), subtotal);
      if (checked.error) return { error: true, text: checked.text, code: cart.promoCode };
      const excluded = new Set([...(await promoExcludedProducts(checked.promo, lines)), ...certificates]);
      const reached = lines.filter((line) => !excluded.has(line.productId));
      if (reached.length === 0) {
        return { error: true, text: NOTHING_REACHED, code: cart.promoCode };
      }
      // The same code again changes nothing: the discount is recomputed from the cart, never stacked.
      await updateCart(db, cart.id, { promoCode: checked.promo.code });
      const view = await service.view({ ...cart, promoCode: checked.promo.code }, user);
      return {
        error: false,
        code: checked.promo.code,
        text: `Промокод применён: скидка ${view.cart.skidka}\u00a0%${checked.promo.description ? ` — ${checked.promo.description}` : ''}${
          excluded.size > 0
            ? `. Не действует на: ${lines
                .filter((line) => excluded.has(line.productId))
                .map((line) => `«${line.name}»`)
                .join(', ')}`
            : ''
        }`,
      };
    },

    async clearPromo(cart) {
      await updateCart(db, cart.id, { promoCode: null });
    },

    async listGifts(cart, user) {
      const view = await service.view(cart, user);
      const all = await findActiveGifts(db);
      const certificates = await findCertificateProducts(
        db,
        view.cart.lines.map((line) => line.id),
      );
      // What counts toward a gift: the goods, not the certificates bought (decision 050).
      const total = view.cart.lines.reduce(
        (sum, line) => (certificates.has(line.id) ? sum - line.sum : sum),
        view.cart.total,
      );
      return {
        total,
        chosen: cart?.giftId ?? null,
        gifts: all.map((gift) => ({
          id: gift.id,
          threshold: gift.threshold,
          unlocked: total >= gift.threshold && gift.stock > 0,
          remaining: Math.max(0, gift.threshold - total),
          product: {
            id: gift.productId,
            name: gift.name,
            url: gift.url,
            volume: gift.volume,
            image: gift.images[0] ?? null,
          },
        })),
      };
    },

    async chooseGift(cart, user, giftId) {
      if (giftId === null) {
        await updateCart(db, cart.id, { giftId: null });
        return;
      }
      const { gifts } = await service.listGifts(cart, user);
      const gift = gifts.find((item) => item.id === giftId);
      if (!gift) throw notFound('Подарок не найден');
      if (!gift.unlocked) {
        throw new AppError(409, 'Подарок пока недоступен', {
          errors: { id: [`Добавьте товаров ещё на ${gift.remaining.toLocaleString('ru-RU')} ₽`] },
        });
      }
      await updateCart(db, cart.id, { giftId });
    },

    async save(cart, user) {
      const { lines, unavailable } = await loadLines(cart);
      if (lines.length + unavailable.length === 0)
        throw new AppError(409, 'Корзина пуста', { errors: { cart: ['Сохранять нечего: корзина пуста'] } });
      const saved = await db.transaction(async (tx) => {
        const row = await insertSavedCart(tx as unknown as Database, {
          token: randomBytes(18).toString('base64url'),
          userId: user?.id ?? null,
          // The lines out of stock go too: the cart is emptied, and nothing the buyer chose is lost.
          lines: [
            ...lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
            ...unavailable.map((line) => ({ productId: line.id, quantity: line.quantity })),
          ],
        });
        await deleteCartLines(tx as unknown as Database, cart.id);
        return row;
      });
      return { link: `/saved/${saved.token}`, id: saved.id };
    },

    async addSaved(cart, user, key, replace) {
      const saved = await resolveOwnedSaved(user, key);
      if (replace) await deleteCartLines(db, cart.id);
      for (const line of saved.lines) {
        const product = await findProductForCart(db, line.productId);
        if (!product?.visible || product.stock <= 0) continue;
        await upsertCartLine(
          db,
          cart.id,
          line.productId,
          line.quantity,
          Math.min(product.stock, MAX_LINE_QUANTITY),
        );
      }
    },

    async deleteSaved(user, key) {
      if (!user) throw forbidden();
      const saved = await resolveOwnedSaved(user, key);
      if (saved.userId !== user.id) throw notFound();
      await deleteSavedCart(db, saved.id);
    },

    async listSaved(user) {
      const rows = await findSavedCartsOfUser(db, user.id);
      return Promise.all(
        rows.map(async (row) => {
          const page = await service.getSavedPage(row.token);
          return {
            id: row.id,
            link: `/saved/${row.token}`,
            created_at: row.createdAt.toISOString(),
            lines: page?.lines ?? [],
            total: page?.total ?? 0,
          };
        }),
      );
    },

    async getSavedPage(token) {
      if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
      const saved = await findSavedCart(db, { token });
      if (!saved) return null;
      const lines: CartLine[] = [];
      for (const line of saved.lines) {
        const rows = await db.query.products.findFirst({
          where: (table, { eq }) => eq(table.id, line.productId),
        });
        if (!rows) continue;
        lines.push({
          id: rows.id,
          quantity: line.quantity,
          cena: rows.cena,
          cena_st: rows.cenaSt,
          katGlobal: rows.katGlobal,
          url: rows.url,
          name: rows.name,
          volume: rows.volume,
          image: rows.images[0] ?? null,
          stock: rows.stock,
          price: rows.cena,
          sum: rows.cena * line.quantity,
        });
      }
      return {
        token,
        created_at: saved.createdAt.toISOString(),
        lines,
        total: lines.reduce((sum, line) => sum + line.sum, 0),
      };
    },

    async mergeGuestCart(guestCartId, userId) {
      if (!guestCartId) return;
      const guest = await findCartById(db, guestCartId);
      if (!guest || guest.userId !== null) return;
      const { cart } = await service.ensureCart({ id: userId } as UserRow, undefined);
      for (const line of await findCartLines(db, guest.id)) {
        // A line out of stock comes along as it is (the cart shows it as such), as every other line does.
        const available = line.visible && line.stock > 0;
        await upsertCartLine(
          db,
          cart.id,
          line.productId,
          line.quantity,
          available ? Math.min(line.stock, MAX_LINE_QUANTITY) : MAX_LINE_QUANTITY,
        );
      }
      if (!cart.promoCode && guest.promoCode) await updateCart(db, cart.id, { promoCode: guest.promoCode });
      await deleteCart(db, guest.id);
    },
  };
  return service;
}
