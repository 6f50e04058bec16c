// The back office's gift certificates (decision 045): the list (codes masked), each one's history, and the actions —
// resend the letter, block, unblock, extend, issue by hand — each audited in the transaction that makes it.

import { formatDateLong, formatDateTimeLong } from '@efir/domain/dates';
import { maskCertificateCode } from '@efir/domain/gift-certificate-code';
import {
  adminCertificateAnswerSchema,
  adminCertificatesAnswerSchema,
  certificateStateBodySchema,
  issueCertificateBodySchema,
} from '@efir/domain/gift-certificate-wire';
import { formatRub } from '@efir/domain/money';
import { z } from '@efir/domain/zod-ru';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { moderatorId } from '../admin/admin.routes.ts';
import { writeAudit } from '../admin/audit.ts';
import type { MailService } from '../mail/mail.service.ts';
import { sendCertificateLetter } from './certificate-orders.ts';
import { findOrderReceipts, toReceiptView } from './certificate-receipts.ts';
import { certificateRefundsAdminSection } from './certificate-refunds-admin.ts';
import {
  findCertificateById,
  findMovements,
  listCertificates,
  type MovementRow,
} from './gift-certificates.repo.ts';
import { CERTIFICATE_VIEW_NAMES, certificateView } from './gift-certificates.routes.ts';
import { type CertificateRow, issueCertificate, setCertificateState } from './gift-certificates.service.ts';
import { giftCertificates } from './gift-certificates.table.ts';

const PAGE_SIZE = 50;
const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function toAdminView(row: CertificateRow) {
  const state = certificateView(row);
  return {
    id: row.id,
    code: maskCertificateCode(row.code),
    value: row.value,
    balance: row.balance,
    expires_at: row.expiresAt.toISOString(),
    state,
    state_name: CERTIFICATE_VIEW_NAMES[state],
    order_id: row.orderId,
    buyer_email: row.buyerEmail,
    buyer_name: row.buyerName,
    recipient_name: row.recipientName,
    recipient_email: row.recipientEmail,
    send_at: row.sendAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function describeMovement(movement: MovementRow): string {
  const order = movement.orderId ? ` заказ ЭФ-${String(movement.orderId).padStart(6, '0')}` : '';
  switch (movement.kind) {
    case 'issued':
      return `Выпущен на ${formatRub(movement.amount)}${order ? `, оплачен в${order}` : ''}${movement.note ? ` — ${movement.note}` : ''}`;
    case 'sent':
      // The note keeps the moment as ISO text; the moderator reads it in Moscow time.
      return movement.note
        ? `Письмо поставлено в очередь (${movement.note.replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/, (iso) => `${formatDateTimeLong(iso)} мск`)})`
        : 'Письмо отправлено';
    case 'reserved':
      return `Зарезервировано ${formatRub(-movement.amount)} на${order}`;
    case 'spent':
      return `Потрачено на${order}`;
    case 'returned':
      return `Возвращено ${formatRub(movement.amount)} с${order}`;
    case 'blocked':
      return 'Заблокирован';
    case 'unblocked':
      return 'Разблокирован';
    case 'extended':
      return `Срок продлён ${movement.note ?? ''}`.trim();
  }
}

async function certificateAnswer(db: Database, id: number) {
  const row = await findCertificateById(db, id);
  if (!row) throw notFound('Сертификат не найден');
  const movements = await findMovements(db, id);
  const paidOrders = [
    ...new Set(movements.filter((m) => m.kind !== 'issued' && m.orderId !== null).map((m) => m.orderId!)),
  ];
  return {
    certificate: toAdminView(row),
    receipts: (await findOrderReceipts(db, paidOrders)).map(toReceiptView),
    history: movements.map((movement) => ({
      at: movement.createdAt.toISOString(),
      kind: movement.kind,
      text: describeMovement(movement),
      amount: movement.amount,
      order_id: movement.orderId,
      moderator_id: movement.moderatorId,
    })),
  };
}

export function giftCertificatesAdminSection(deps: { db: Database; mail: MailService; origin: string }) {
  const { db } = deps;
  return (scope: FastifyInstance) => {
    // The money of certificate-paid orders: refunds to certificates and the receipts (decision 045).
    certificateRefundsAdminSection(deps)(scope);
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/gift-certificates',
      {
        schema: {
          querystring: z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
          response: { 200: adminCertificatesAnswerSchema },
        },
      },
      async (request) => {
        const { rows, total } = await listCertificates(db, request.query.page, PAGE_SIZE);
        const [owed] = await db
          .select({
            outstanding:
              sql<number>`coalesce(sum(${giftCertificates.balance}) filter (where ${giftCertificates.expiresAt} > now()), 0)`.mapWith(
                Number,
              ),
          })
          .from(giftCertificates);
        return {
          certificates: rows.map(toAdminView),
          total,
          page: request.query.page,
          outstanding: owed?.outstanding ?? 0,
        };
      },
    );

    routes.get(
      '/gift-certificates/:id',
      { schema: { params: idParams, response: { 200: adminCertificateAnswerSchema } } },
      async (request) => certificateAnswer(db, request.params.id),
    );

    routes.post(
      '/gift-certificates',
      { schema: { body: issueCertificateBodySchema, response: { 200: adminCertificateAnswerSchema } } },
      async (request) => {
        const moderator = moderatorId(request);
        const body = request.body;
        const id = await db.transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          const row = (await issueCertificate(txDb, {
            value: body.value,
            buyerEmail: body.buyer_email,
            recipient: { name: body.recipient_name, message: body.message },
            moderatorId: moderator,
            note: body.comment,
          }))!;
          await sendCertificateLetter(deps, txDb, row, moderator);
          await writeAudit(txDb, {
            userId: moderator,
            action: 'gift_certificate.issue',
            entity: 'gift_certificate',
            entityId: row.id,
            after: { value: row.value, comment: body.comment },
          });
          return row.id;
        });
        return certificateAnswer(db, id);
      },
    );

    routes.post(
      '/gift-certificates/:id/resend',
      {
        schema: {
          params: idParams,
          body: z.strictObject({}).nullish(),
          response: { 200: adminCertificateAnswerSchema },
        },
      },
      async (request) => {
        const moderator = moderatorId(request);
        await db.transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          const row = await findCertificateById(txDb, request.params.id);
          if (!row) throw notFound('Сертификат не найден');
          // A resend leaves now, whatever date the buyer chose.
          await sendCertificateLetter(deps, txDb, { ...row, sendAt: null }, moderator);
          await writeAudit(txDb, {
            userId: moderator,
            action: 'gift_certificate.resend',
            entity: 'gift_certificate',
            entityId: row.id,
          });
        });
        return certificateAnswer(db, request.params.id);
      },
    );

    routes.put(
      '/gift-certificates/:id/state',
      {
        schema: {
          params: idParams,
          body: certificateStateBodySchema,
          response: { 200: adminCertificateAnswerSchema },
        },
      },
      async (request) => {
        const moderator = moderatorId(request);
        const body = request.body;
        await db.transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          const { before, after } = await setCertificateState(
            txDb,
            request.params.id,
            body.action,
            moderator,
            body.action === 'extend' ? new Date(body.expires_at) : undefined,
          );
          await writeAudit(txDb, {
            userId: moderator,
            action: `gift_certificate.${body.action}`,
            entity: 'gift_certificate',
            entityId: before.id,
            before: { state: before.state, expires_at: formatDateLong(before.expiresAt) },
            after: {
              state: after.state,
              expires_at: formatDateLong(after.expiresAt),
              ...(body.comment ? { comment: body.comment } : {}),
            },
          });
        });
        return certificateAnswer(db, request.params.id);
      },
    );
  };
}
