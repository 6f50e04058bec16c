// The back office's order editing and phone orders (decision 055), inside the guarded /api/v1/admin scope:
// PUT /orders/{id} changes an order that is not shipped yet, POST /orders takes one by phone.
import type { AdminOrderAnswer } from '@efir/domain/admin-wire';
import {
  orderEditedSchema,
  orderEditSchema,
  phoneOrderCreatedSchema,
  phoneOrderSchema,
} from '@efir/domain/order-edit-wire';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../back-office/admin.routes.ts';
import { editOrder, type OrderEditDeps } from './order-edit.ts';
import { placePhoneOrder } from './phone-order.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function orderEditAdminSection(
  deps: OrderEditDeps & { showOrder: (orderId: number) => Promise<AdminOrderAnswer> },
) {
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.put(
      '/orders/:id',
      { schema: { params: idParams, body: orderEditSchema, response: { 200: orderEditedSchema } } },
      async (request) => {
        const result = await editOrder(deps, {
          orderId: request.params.id,
          edit: request.body,
          moderatorId: moderatorId(request),
        });
        return {
          message: 'order/edited' as const,
          changes: result.changes,
          settlement: result.settlement,
          ...(await deps.showOrder(request.params.id)),
        };
      },
    );

    routes.post(
      '/orders',
      { schema: { body: phoneOrderSchema, response: { 200: phoneOrderCreatedSchema } } },
      async (request) => {
        const placed = await placePhoneOrder(deps, request.body, moderatorId(request));
        return {
          message: placed.created ? ('order/created' as const) : ('order/existing' as const),
          customer_id: placed.customerId,
          payment_link: placed.paymentLink,
          ...(await deps.showOrder(placed.orderId)),
        };
      },
    );
  };
}
