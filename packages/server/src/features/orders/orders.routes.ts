// HTTP routes of orders (spec §7 Order, my-orders): placing, paying by card, the order's detail for its owner.
import { checkoutContactSchema, deliveryFormSchema } from '@efir/domain/delivery-rules';
import { certificateRecipientSchema } from '@efir/domain/gift-certificate-wire';
import {
  orderAnswerSchema,
  orderPaymentAnswerSchema,
  placeOrderAnswerSchema,
  startPaymentAnswerSchema,
} from '@efir/domain/order-wire';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import { CART_COOKIE } from '../cart/cart.routes.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { renderQrSvg } from '../payments/qr-svg.ts';
import { PaymentProviderError } from '../payments/yookassa.client.ts';
import { CARD_ONLINE, type OrdersService, orderNumber } from './orders.service.ts';
import { COURSE_LINE_PRODUCT_ID } from './orders.table.ts';

const orderParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const guestKeyField = z.uuid('Неверный ключ заказа').optional();

/**
 * СБП on a desktop: the QR code as inline SVG; the test gateway's QR leads to its own confirmation page, which the
 * tester may also open by the link (there is no phone to scan with).
 */
function sbpQr(data: string, test: boolean) {
  return { qr_svg: renderQrSvg(data), ...(test ? { test_confirmation_url: data } : {}) };
}

export function registerOrderRoutes(
  app: FastifyInstance,
  deps: {
    orders: OrdersService;
    cart: CartService;
    payments: PaymentsService;
    authenticator: Authenticator;
    config: Config;
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { orders, authenticator } = deps;
  const origin = deps.config.PUBLIC_URL.replace(/\/$/, '');

  async function callerCart(request: FastifyRequest) {
    const user = await authenticator.findUser(request);
    return { user, cart: await deps.cart.findCart(user, request.cookies[CART_COOKIE]) };
  }

  routes.post(
    '/v1/order',
    {
      schema: {
        body: z.strictObject({
          idempotency_key: z.uuid('Неверный ключ заказа'),
          contact: checkoutContactSchema,
          delivery: deliveryFormSchema,
          /** The recipients of the certificates bought, one per certificate in line order (decision 045). */
          /** Pay at most this much by the cart's gift certificates, ₽ (the rest by the payment method). */
          certificate_limit: z.int('Сумма — целое число рублей').min(0).max(100_000_000).optional(),
          gift_certificates: z
            .array(certificateRecipientSchema)
            .max(50, 'Не больше 50 сертификатов')
            .optional(),
          /** What the buyer was shown at /check; when the server's figures differ, nothing is placed. */
          expected: z
            .strictObject({
              goods_total: z.int().min(0).max(100_000_000),
              delivery_price: z.int().min(0).max(100_000_000),
              /** The cart's `version` as GET /v1/cart gave it. */
              cart_version: z.string().max(64).optional(),
            })
            .optional(),
        }),
        response: { 200: placeOrderAnswerSchema },
      },
    },
    async (request) => {
      const { user, cart } = await callerCart(request);
      const placed = await orders.place(request.body, user, cart);
      return {
        status: 'ok' as const,
        message: placed.created ? ('order/created' as const) : ('order/existing' as const),
        order: placed.order,
        // A guest keeps this key to pay for and look at the order; a user needs nothing more than the login.
        key: placed.guestKey,
        pay: placed.order.sposob_oplat === CARD_ONLINE && placed.order.payment_state !== 'paid',
      };
    },
  );

  routes.put(
    '/v1/order/yookassa',
    {
      schema: {
        body: z.strictObject({
          order_id: z.int().positive().max(2_147_483_647),
          key: guestKeyField,
          /** Card (YooKassa's page) or СБП; without it, the card. */
          method: z.enum(['bank_card', 'sbp'], { error: 'Выберите способ оплаты' }).optional(),
          /** СБП on a phone opens the bank's app; on a desktop it shows a QR code to scan. */
          device: z.enum(['desktop', 'phone'], { error: 'Неизвестное устройство' }).optional(),
        }),
        response: { 200: startPaymentAnswerSchema },
      },
    },
    async (request) => {
      const user = await authenticator.findUser(request);
      const order = await orders.getOwned(request.body.order_id, user, request.body.key);
      if (order.sposobOplat !== CARD_ONLINE) {
        throw new AppError(409, 'Этот заказ оплачивается не картой', {
          errors: { order_id: ['Способ оплаты заказа — не картой онлайн'] },
        });
      }
      if (order.paymentState === 'paid')
        return { status: 'paid', order_id: order.id, confirmation_url: null };
      if (order.status === 'cancelled') throw new AppError(409, 'Заказ отменён');
      const [view, certificateProducts] = await Promise.all([
        orders.view(order),
        orders.certificateProducts(order.id),
      ]);
      // Certificates paid part of the total (decision 045): the card pays the rest, delivery first; the
      // certificates' part has its own receipt (the advance offset).
      const amount = order.total - order.certificateAmount;
      const sbp = request.body.method === 'sbp';
      const payment = await deps.payments
        .startPayment({
          method: sbp ? 'sbp' : null,
          confirmation: sbp && request.body.device !== 'phone' ? 'qr' : 'redirect',
          orderId: order.id,
          amount,
          description: `Заказ ${orderNumber(order.id)} в магазине «Эфир»`,
          receipt: {
            email: order.email,
            phone: order.tel,
            lines: view.lines
              .filter((line) => line.sum > 0)
              .map((line) => ({
                name: `${line.name}${line.volume ? `, ${line.volume}` : ''}`,
                quantity: line.quantity,
                price: line.price,
                // A course seat paid again from /my-orders is still a service in the receipt.
                service: line.id === COURSE_LINE_PRODUCT_ID,
                // A gift certificate sold is an advance (decision 045).
                advance: certificateProducts.has(line.id),
              })),
            delivery:
              order.deliveryPrice > 0
                ? { name: 'Доставка', price: Math.min(order.deliveryPrice, amount) }
                : null,
            total: amount,
          },
          returnUrl: `${origin}/yookassa?order=${order.id}${order.userId === null ? `&key=${order.guestKey}` : ''}`,
        })
        .catch((error: unknown) => {
          // The payment service being down is not our crash: the buyer can try again in a minute.
          if (error instanceof PaymentProviderError) {
            request.log.warn({ code: error.code, status: error.status }, 'payment provider refused');
            throw new AppError(503, 'Платёжный сервис временно недоступен', {
              title: 'Попробуйте оплатить через минуту',
            });
          }
          throw error;
        });
      return {
        status: payment.status,
        order_id: order.id,
        payment_id: payment.providerPaymentId,
        method: payment.method ?? 'bank_card',
        confirmation_type: payment.confirmationType,
        // A QR code is shown by the shop's own /yookassa page, which asks for it (GET /v1/order/{id}/payment).
        confirmation_url: payment.confirmationType === 'qr' ? null : payment.confirmationUrl,
      };
    },
  );

  // The /yookassa page asks how the payment ended; the status is checked at the provider while still pending.
  routes.get(
    '/v1/order/:id/payment',
    {
      schema: {
        params: orderParams,
        querystring: z.strictObject({ key: guestKeyField }),
        response: { 200: orderPaymentAnswerSchema },
      },
    },
    async (request) => {
      const user = await authenticator.findUser(request);
      const order = await orders.getOwned(request.params.id, user, request.query.key);
      const payment = await deps.payments.getOrderPayment(order.id, { refresh: true });
      const fresh = await orders.getOwned(request.params.id, user, request.query.key);
      return {
        order: await orders.view(fresh),
        payment: payment
          ? {
              status: payment.status,
              paid_at: payment.paidAt?.toISOString() ?? null,
              method: payment.method ?? 'bank_card',
              confirmation_type: payment.confirmationType,
              ...(payment.status === 'pending' && payment.confirmationType === 'qr' && payment.confirmationUrl
                ? sbpQr(payment.confirmationUrl, payment.provider === 'test')
                : {}),
            }
          : null,
      };
    },
  );

  routes.post(
    '/v1/my-orders/:id',
    {
      schema: {
        params: orderParams,
        body: z.strictObject({ key: guestKeyField }).default({}),
        response: { 200: orderAnswerSchema },
      },
    },
    async (request) => {
      const user = await authenticator.findUser(request);
      const order = await orders.getOwned(request.params.id, user, request.body.key);
      return { message: 'order' as const, order: await orders.view(order) };
    },
  );
}
