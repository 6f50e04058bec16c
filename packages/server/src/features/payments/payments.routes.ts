// HTTP side of payments: YooKassa's notification webhook and, offline, the test gateway's confirmation page.
import { okAnswerSchema } from '@efir/domain/api-wire';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest } from '../../lib/app-error.ts';
import type { PaymentsService } from './payments.service.ts';
import type { RefundsService } from './refunds.service.ts';
import { buildTestGatewayCsp, renderConfirmationPage, renderMessagePage } from './test-gateway.page.ts';
import { isTestGateway, TEST_GATEWAY_PATH, type TestGateway } from './test-gateway.ts';
import type { YooKassaClient } from './yookassa.client.ts';

/** The URL to give YooKassa (account → Интеграция → HTTP-уведомления): `${PUBLIC_URL}${YOOKASSA_WEBHOOK_PATH}`. */
export const YOOKASSA_WEBHOOK_PATH = '/api/v1/payments/yookassa/notify';

export interface PaymentRoutesDeps {
  payments: PaymentsService;
  refunds: RefundsService;
  /** The client the service uses; when it is the test gateway, its pages are served too. */
  client: YooKassaClient;
}

export function registerPaymentRoutes(app: FastifyInstance, deps: PaymentRoutesDeps): void {
  const { payments } = deps;

  app.post(
    YOOKASSA_WEBHOOK_PATH,
    // YooKassa calls it, not a browser; nothing in the body is trusted (the payment is fetched from the API).
    { config: { csrf: false }, schema: { response: { 200: okAnswerSchema } } },
    async (request, reply) => {
      const refundId = refundNotificationId(request.body);
      if (refundId) {
        await deps.refunds.handleNotification(refundId);
        return reply.status(200).send({ status: 'ok' });
      }
      const result = await payments.handleNotification(request.body);
      if (result.outcome === 'malformed') throw badRequest('Это не уведомление ЮKassa');
      // Any 200 stops YooKassa's retries; failures above end in 500 so that it repeats later.
      return reply.status(200).send({ status: 'ok' });
    },
  );

  if (isTestGateway(deps.client)) registerTestGatewayRoutes(app, deps.client);
}

/** `refund.succeeded` / `refund.canceled`: the refund's id (its status is then asked at the provider). */
function refundNotificationId(body: unknown): string | null {
  const value = body as { type?: unknown; event?: unknown; object?: { id?: unknown } } | null;
  if (value?.type !== 'notification' || typeof value.event !== 'string') return null;
  if (value.event !== 'refund.succeeded' && value.event !== 'refund.canceled') return null;
  const id = value.object?.id;
  return typeof id === 'string' && /^[\w-]{1,100}$/.test(id) ? id : null;
}

function sendHtml(reply: FastifyReply, status: number, html: string, returnUrl?: string): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', buildTestGatewayCsp(returnUrl))
    .send(html);
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

function registerTestGatewayRoutes(app: FastifyInstance, gateway: TestGateway): void {
  // Encapsulated: the HTML form parser exists for these two routes only.
  void app.register(async (scope) => {
    if (!scope.hasContentTypeParser(FORM_CONTENT_TYPE)) {
      scope.addContentTypeParser(
        FORM_CONTENT_TYPE,
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }

    scope.get<{ Params: { id: string }; Querystring: { bank?: unknown } }>(
      `${TEST_GATEWAY_PATH}/:id`,
      async (request, reply) => {
        const row = ID_PATTERN.test(request.params.id) ? await gateway.findPayment(request.params.id) : null;
        if (!row) {
          return sendHtml(reply, 404, renderMessagePage('Платёж не найден', 'Такого тестового платежа нет.'));
        }
        // СБП on a phone: the bank chosen from the list (a string from our own list, or the list again).
        const bank = typeof request.query.bank === 'string' ? request.query.bank : undefined;
        return sendHtml(reply, 200, renderConfirmationPage(row, bank), row.returnUrl);
      },
    );

    scope.post<{ Params: { id: string }; Body: unknown }>(
      `${TEST_GATEWAY_PATH}/:id`,
      // A form post from the gateway's own page: the per-payment form token replaces the CSRF cookie.
      { config: { csrf: false } },
      async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const token = typeof body.token === 'string' ? body.token : '';
        const decision = body.decision === 'pay' || body.decision === 'cancel' ? body.decision : null;
        if (!ID_PATTERN.test(request.params.id) || !decision) {
          return sendHtml(
            reply,
            400,
            renderMessagePage('Запрос не понят', 'Выберите «Оплатить» или «Отказаться».'),
          );
        }
        const result = await gateway.decide(request.params.id, token, decision);
        if (result.outcome === 'not_found') {
          return sendHtml(reply, 404, renderMessagePage('Платёж не найден', 'Такого тестового платежа нет.'));
        }
        if (result.outcome === 'bad_token') {
          return sendHtml(
            reply,
            403,
            renderMessagePage('Форма устарела', 'Откройте страницу оплаты заново из магазина.'),
          );
        }
        if (result.outcome === 'decided') {
          // What YooKassa does next: tell the shop, in-process here, with its notification body.
          const payment = gateway.toPayment(result.row);
          const notification = await app.inject({
            method: 'POST',
            url: YOOKASSA_WEBHOOK_PATH,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({
              type: 'notification',
              event: `payment.${payment.status}`,
              object: payment,
            }),
          });
          if (notification.statusCode !== 200) {
            request.log.error(
              { paymentId: payment.id, status: notification.statusCode },
              'test gateway notification not accepted',
            );
          }
        }
        return reply.redirect(result.row.returnUrl, 302);
      },
    );
  });
}
