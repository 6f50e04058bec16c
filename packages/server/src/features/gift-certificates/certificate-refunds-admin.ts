// The back office's money of certificate-paid orders (decision 045): a refund of the certificates' part of an order
// back to the certificates (the card's part goes through «Вернуть деньги», refunds.routes.ts), and the 54-FZ receipts
// of certificate payments with their sending state.
import {
  certificateReceiptsAnswerSchema,
  certificateRefundAnswerSchema,
  certificateRefundBodySchema,
} from '@efir/domain/gift-certificate-wire';
import { formatRub } from '@efir/domain/money';
import { z } from '@efir/domain/zod-ru';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { invalidData, notFound } from '../../lib/app-error.ts';
import { moderatorId } from '../admin/admin.routes.ts';
import { writeAudit } from '../admin/audit.ts';
import type { MailService } from '../mail/mail.service.ts';
import { orderNumber } from '../orders/orders.service.ts';
import { orders } from '../orders/orders.table.ts';
import { returnToCertificates } from './certificate-orders.ts';
import { findOrderReceipts, toReceiptView } from './certificate-receipts.ts';
import { CERTIFICATE_RECEIPT_STATES, giftCertificateReceipts } from './gift-certificates.table.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** What of the certificates' part of `order` may still go back to them, or why nothing may. */
function refusal(order: typeof orders.$inferSelect, amount: number): string | null {
  if (order.certificateAmount === 0) return 'Этот заказ не оплачивали сертификатом';
  if (order.status === 'cancelled') return 'Заказ отменён — оплата сертификатом уже вернулась на него';
  if (order.paymentState !== 'paid')
    return 'Заказ ещё не оплачен — отмените его, и сертификат получит деньги назад';
  const left = order.certificateAmount - order.certificateRefunded;
  if (left <= 0) return 'Оплата сертификатом уже возвращена полностью';
  if (amount > left) return `Вернуть на сертификат можно не больше ${formatRub(left)}`;
  return null;
}

export function certificateRefundsAdminSection(deps: { db: Database; mail: MailService; origin: string }) {
  const { db } = deps;
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/gift-certificates/receipts',
      {
        schema: {
          querystring: z.strictObject({
            state: z.enum(CERTIFICATE_RECEIPT_STATES).optional(),
            order_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
          }),
          response: { 200: certificateReceiptsAnswerSchema },
        },
      },
      async (request) => {
        const { state, order_id: orderId } = request.query;
        const rows = await db
          .select()
          .from(giftCertificateReceipts)
          .where(
            and(
              state ? eq(giftCertificateReceipts.state, state) : undefined,
              orderId ? eq(giftCertificateReceipts.orderId, orderId) : undefined,
            ),
          )
          .orderBy(desc(giftCertificateReceipts.id))
          .limit(100);
        return { receipts: rows.map(toReceiptView) };
      },
    );

    routes.post(
      '/orders/:id/certificate-refunds',
      {
        schema: {
          params: idParams,
          body: certificateRefundBodySchema,
          response: { 200: certificateRefundAnswerSchema },
        },
      },
      async (request) => {
        const moderator = moderatorId(request);
        const { amount, comment } = request.body;
        const order = await db.transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          // The order's row lock: two moderators refunding at once see each other's part.
          const [locked] = await txDb
            .select()
            .from(orders)
            .where(eq(orders.id, request.params.id))
            .for('update');
          if (!locked) throw notFound('Заказ не найден');
          const refused = refusal(locked, amount);
          if (refused) throw invalidData({ amount: [refused] });
          const returned = await returnToCertificates(txDb, locked.id, moderator, amount);
          const refunded = locked.certificateRefunded + returned;
          await writeAudit(txDb, {
            userId: moderator,
            action: 'order.certificate_refund',
            entity: 'order',
            entityId: locked.id,
            before: { certificate_refunded: locked.certificateRefunded },
            after: { amount: returned, certificate_refunded: refunded, ...(comment ? { comment } : {}) },
          });
          if (locked.email) {
            await deps.mail.send(
              {
                to: locked.email,
                subject: `Заказ ${orderNumber(locked.id)}: возврат на подарочный сертификат`,
                text: `Здравствуйте, ${locked.name}!\n\nПо заказу ${orderNumber(locked.id)} ${formatRub(returned)} вернулись на подарочный сертификат, которым вы его оплатили, — ими можно оплатить другой заказ.\n\nВаши заказы: ${deps.origin}/my-orders`,
              },
              txDb,
            );
          }
          return { ...locked, certificateRefunded: refunded, returned };
        });
        return {
          message: 'order/certificate_refund' as const,
          order_id: order.id,
          returned: order.returned,
          certificate_amount: order.certificateAmount,
          certificate_refunded: order.certificateRefunded,
          receipts: (await findOrderReceipts(db, [order.id])).map(toReceiptView),
        };
      },
    );
  };
}
