// HTTP routes of the cart (spec §7 Cart): every change answers with the whole cart, which the client shows as is.
import { okAnswerSchema } from '@efir/domain/api-wire';
import {
  cartAnswerSchema,
  cartFormSchema,
  cartGiftsAnswerSchema,
  cartPromoAnswerSchema,
  cartSavedAnswerSchema,
} from '@efir/domain/cart-wire';
import {
  APP_HEADER,
  CART_FORM_PATH,
  CART_FORM_SOLD_OUT,
  CART_PAGE_PATH,
  MESSAGES,
} from '@efir/domain/http-contract';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import type { UserRow } from '../account/account.service.ts';
import type { CartRow } from './cart.repo.ts';
import { type CartService, MAX_LINE_QUANTITY, toCartAnswer } from './cart.service.ts';

export const CART_COOKIE = 'efir_cart';
/** How long a guest's cart cookie lives; housekeeping removes guest carts untouched for longer. */
export const CART_COOKIE_DAYS = 60;

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
/** Presses of the plain «В корзину» a visitor's address may make in a window: far above a shopper's, far below a flood. */
const FORM_LIMIT = 30;
const FORM_WINDOW_MS = 60_000;

const productParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const savedParams = z.strictObject({
  id: z.string().regex(/^(\d{1,10}|[A-Za-z0-9_-]{10,64})$/, 'Неверная ссылка на корзину'),
});

export function registerCartRoutes(
  app: FastifyInstance,
  deps: {
    cart: CartService;
    authenticator: Authenticator;
    config: Config;
    limiter: RateLimiter;
    /** The signed-in user of a page request (the session cookie), for the plain form, which has no token. */
    findPageUser?: (request: FastifyRequest) => Promise<UserRow | null>;
    /**
     * The field «Подарочный сертификат или промокод» takes gift certificate codes too (decision 045): this answers
     * for a certificate code, and null for anything else, which is then a promo code.
     */
    enterCertificate?: (
      cartId: string,
      typed: string,
      ip: string,
    ) => Promise<{ error: boolean; text: string } | null>;
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { cart: carts, authenticator } = deps;
  const secure = deps.config.PUBLIC_URL.startsWith('https:');

  async function findCurrentCart(request: FastifyRequest) {
    const user = await authenticator.findUser(request);
    return { user, cart: await carts.findCart(user, request.cookies[CART_COOKIE]) };
  }

  async function ensureCurrentCart(request: FastifyRequest, reply: FastifyReply) {
    return ensureCartOf(await authenticator.findUser(request), request, reply);
  }

  async function ensureCartOf(user: UserRow | null, request: FastifyRequest, reply: FastifyReply) {
    const { cart, created } = await carts.ensureCart(user, request.cookies[CART_COOKIE]);
    if (created) {
      reply.setCookie(CART_COOKIE, cart.id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: CART_COOKIE_DAYS * 86_400,
      });
    }
    return { user, cart };
  }

  async function answer(found: { user: UserRow | null; cart: CartRow | null }, notices: string[] = []) {
    return toCartAnswer(await carts.view(found.cart, found.user), notices);
  }

  /** The cart row again after a change of its own columns (promo code, gift). */
  async function refetch(found: { user: UserRow | null; cart: CartRow | null }) {
    return { user: found.user, cart: found.cart ? await carts.findCart(found.user, found.cart.id) : null };
  }

  const cartResponse = { response: { 200: cartAnswerSchema } };
  routes.get('/v1/cart', { schema: cartResponse }, async (request) => answer(await findCurrentCart(request)));

  routes.post(
    '/v1/cart/:id',
    {
      schema: {
        params: productParams,
        body: z
          .strictObject({ quantity: z.int().min(1).max(MAX_LINE_QUANTITY).default(1) })
          .default({ quantity: 1 }),
        ...cartResponse,
      },
    },
    async (request, reply) => {
      const found = await ensureCurrentCart(request, reply);
      const notices = await carts.add(found.cart, request.params.id, request.body.quantity);
      return answer(found, notices);
    },
  );

  // «В корзину» without the app's scripts (decision 044): a plain form, urlencoded, from one of our pages (the csrf
  // plugin checks the browser's Sec-Fetch-Site/Origin, as a plain form cannot send the token header); the same cart
  // as the JSON call's (the cookie), then 303 to the cart page, which the browser opens with a GET.
  void app.register(async (scope) => {
    // Encapsulated: the form parser exists for this route only; the JSON API keeps refusing urlencoded bodies.
    scope.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string', bodyLimit: 1024 }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        CART_FORM_PATH,
        { schema: { body: cartFormSchema }, config: { csrf: 'same-origin' } },
        async (request, reply) => {
          if (!(await deps.limiter.hit(`cart-form:${request.ip}`, FORM_LIMIT, FORM_WINDOW_MS)))
            throw new AppError(429, MESSAGES.tooManyAttempts);
          // A plain form carries no Bearer token: a signed-in visitor is known by the session cookie the page
          // render reads too, so the press lands in the cart her pages show.
          const user =
            (await authenticator.findUser(request)) ?? (await deps.findPageUser?.(request)) ?? null;
          const found = await ensureCartOf(user, request, reply);
          reply.header('cache-control', 'no-store');
          try {
            await carts.add(found.cart, request.body.id, request.body.quantity);
          } catch (error) {
            // Sold out (or withdrawn) since the page was shown: the cart page says so in Russian, not a JSON 409.
            if (error instanceof AppError && (error.status === 409 || error.status === 404))
              return reply.redirect(`${CART_PAGE_PATH}?${CART_FORM_SOLD_OUT}`, 303);
            throw error;
          }
          return reply.redirect(CART_PAGE_PATH, 303);
        },
      );
  });

  routes.delete('/v1/cart/:id', { schema: { params: productParams, ...cartResponse } }, async (request) => {
    const found = await findCurrentCart(request);
    if (found.cart) await carts.removeOne(found.cart, request.params.id);
    return answer(found);
  });

  routes.delete(
    '/v1/cart/line/:id',
    { schema: { params: productParams, ...cartResponse } },
    async (request) => {
      const found = await findCurrentCart(request);
      if (found.cart) await carts.removeLine(found.cart, request.params.id);
      return answer(found);
    },
  );

  // Spec §7 makes emptying a GET; the custom header (which a cross-site page cannot add) keeps it ours.
  routes.get('/v1/cart/clean', { schema: cartResponse }, async (request) => {
    if (request.headers[APP_HEADER] === undefined)
      throw new AppError(400, 'Bad Request', { title: 'Нет заголовка приложения' });
    const found = await findCurrentCart(request);
    if (found.cart) await carts.clean(found.cart);
    return answer(found);
  });

  routes.get('/v1/cart/gifts', { schema: { response: { 200: cartGiftsAnswerSchema } } }, async (request) => {
    const { user, cart } = await findCurrentCart(request);
    return { message: 'cart/gifts' as const, ...(await carts.listGifts(cart, user)) };
  });

  routes.put(
    '/v1/cart/gift',
    { schema: { body: z.strictObject({ id: z.int().positive().nullable() }), ...cartResponse } },
    async (request, reply) => {
      const found = await ensureCurrentCart(request, reply);
      await carts.chooseGift(found.cart, found.user, request.body.id);
      return answer(await refetch(found));
    },
  );

  routes.put(
    '/v1/cart/promo/code',
    {
      schema: {
        body: z.strictObject({
          code: z
            .string()
            .trim()
            .min(1, 'Введите код сертификата или промокод')
            .max(40, 'Слишком длинный код'),
        }),
        response: { 200: cartPromoAnswerSchema },
      },
    },
    async (request, reply) => {
      const found = await ensureCurrentCart(request, reply);
      const result =
        (await deps
          .enterCertificate?.(found.cart.id, request.body.code, request.ip)
          .then((entered) => entered && { ...entered, code: found.cart.promoCode })) ??
        (await carts.applyPromo(found.cart, found.user, request.body.code));
      const view = await answer(await refetch(found));
      return {
        message: 'cart/promo' as const,
        code: result.code,
        error: result.error,
        text: result.text,
        cart: view.cart,
        hydr: view.hydr,
      };
    },
  );

  routes.delete('/v1/cart/promo/code', { schema: cartResponse }, async (request) => {
    const found = await findCurrentCart(request);
    if (found.cart) await carts.clearPromo(found.cart);
    const view = await answer(await refetch(found));
    return { ...view, message: 'cart/promo/clear' };
  });

  routes.put(
    '/v1/cart/save',
    { schema: { response: { 200: cartSavedAnswerSchema } } },
    async (request, reply) => {
      const { user, cart } = await ensureCurrentCart(request, reply);
      const saved = await carts.save(cart, user);
      return { status: 'ok' as const, link: saved.link, id: saved.id };
    },
  );

  routes.post(
    '/v1/cart/save/add/:id',
    { schema: { params: savedParams, ...cartResponse } },
    async (request, reply) => {
      const found = await ensureCurrentCart(request, reply);
      await carts.addSaved(found.cart, found.user, request.params.id, false);
      return answer(found);
    },
  );

  routes.post(
    '/v1/cart/save/change/:id',
    { schema: { params: savedParams, ...cartResponse } },
    async (request, reply) => {
      const found = await ensureCurrentCart(request, reply);
      await carts.addSaved(found.cart, found.user, request.params.id, true);
      return answer(found);
    },
  );

  routes.delete(
    '/v1/cart/save/:id',
    { schema: { params: savedParams, response: { 200: okAnswerSchema } } },
    async (request) => {
      const user = await authenticator.requireUser(request);
      await carts.deleteSaved(user, request.params.id);
      return { status: 'ok' as const };
    },
  );
}
