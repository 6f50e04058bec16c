// The back office's «Вернуть деньги» on an order's page: POST /api/v1/admin/orders/{id}/refunds (full or partial),
// inside the admin scope, so only MODERATOR_IDS reach it. The answer is the order's page as it now is.
import { type AdminOrderAnswer, orderRefundAnswerSchema, refundAmountSchema } from '@efir/domain/admin-wire';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../admin/admin.routes.ts';
import type { RefundsService } from './refunds.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const refundBody = z.strictObject({
  amount: refundAmountSchema,
  comment: z.string().trim().max(500, 'Комментарий — не длиннее 500 символов').optional(),
  /** One confirmed refund's key (refunds.service.ts, RefundOrderInput.key). */
  key: z.uuid('Ключ возврата — UUID').optional(),
});

export interface RefundsAdminDeps {
  refunds: RefundsService;
  /** The order's back-office page (404 for an unknown order). */
  showOrder(orderId: number): Promise<AdminOrderAnswer>;
}

export function refundsAdminSection(deps: RefundsAdminDeps) {
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/orders/:id/refunds',
      // A double click cannot refund twice: the same key is the same refund, and the amount left shrinks with the first.
      { schema: { params: idParams, body: refundBody, response: { 200: orderRefundAnswerSchema } } },
      async (request) => {
        await deps.showOrder(request.params.id);
        const refund = await deps.refunds.refundOrder({
          orderId: request.params.id,
          amount: request.body.amount,
          comment: request.body.comment,
          moderatorId: moderatorId(request),
          key: request.body.key,
        });
        return {
          message: 'order/refund' as const,
          refund: { id: refund.id, amount: refund.amount, status: refund.status },
          ...(await deps.showOrder(request.params.id)),
        };
      },
    );
  };
}
