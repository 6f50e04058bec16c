// Back office «Письма»: the outbox — what waits, what went (through the mail server, or only into the log when there
// is none: decision 057), what failed and why — any letter opened as it was written, and «Повторить» for a letter
// that failed or waits for its next attempt (sent again at the worker's next pass, with a fresh count of attempts).
import {
  outboxAnswerSchema,
  outboxLetterSchema,
  outboxRetryAnswerSchema,
} from '@efir/domain/admin-office-wire';
import { z } from '@efir/domain/zod-ru';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { OUTBOX_STATUSES, outbox } from './mail.table.ts';

const PAGE_SIZE = 50;

const listQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(OUTBOX_STATUSES).optional(),
});
const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

async function listOutbox(db: Database, page: number, status: (typeof OUTBOX_STATUSES)[number] | undefined) {
  const where = status ? eq(outbox.status, status) : undefined;
  const [rows, [counted], byStatus] = await Promise.all([
    db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        to: outbox.to,
        subject: outbox.subject,
        status: outbox.status,
        attempts: outbox.attempts,
        nextAttemptAt: outbox.nextAttemptAt,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
        deliveredVia: outbox.deliveredVia,
        error: outbox.error,
      })
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(outbox).where(where),
    db
      .select({ status: outbox.status, via: outbox.deliveredVia, total: count() })
      .from(outbox)
      .groupBy(outbox.status, outbox.deliveredVia),
  ]);
  const total = counted?.total ?? 0;
  const counts = { pending: 0, sent: 0, logged: 0, failed: 0 };
  for (const row of byStatus) {
    if (row.status === 'sent' && row.via === 'log') counts.logged += row.total;
    else counts[row.status] += row.total;
  }
  return {
    letters: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      // A Telegram chat id says nothing to a moderator.
      to: row.channel === 'telegram' ? 'Telegram' : row.to,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      delivered_via: row.deliveredVia ?? null,
      error: row.error,
    })),
    counts,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

export function outboxAdminSection(deps: { db: Database; smtp: boolean; wake(): void }) {
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/outbox',
      { schema: { querystring: listQuery, response: { 200: outboxAnswerSchema } } },
      async (request) => ({
        ...(await listOutbox(deps.db, request.query.page, request.query.status)),
        smtp: deps.smtp,
      }),
    );

    routes.get(
      '/outbox/:id',
      { schema: { params: idParams, response: { 200: outboxLetterSchema } } },
      async (request) => {
        const [row] = await deps.db.select().from(outbox).where(eq(outbox.id, request.params.id));
        if (!row) throw notFound('Письмо не найдено');
        return {
          id: row.id,
          channel: row.channel,
          to: row.channel === 'telegram' ? 'Telegram' : row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          attachments: row.attachments.map((file) => ({
            filename: file.filename,
            content_type: file.contentType,
          })),
          status: row.status,
          delivered_via: row.deliveredVia ?? null,
          created_at: row.createdAt.toISOString(),
          sent_at: row.sentAt?.toISOString() ?? null,
          error: row.error,
        };
      },
    );

    routes.post(
      '/outbox/:id/retry',
      { schema: { params: idParams, response: { 200: outboxRetryAnswerSchema } } },
      async (request) => {
        const id = request.params.id;
        const letter = await deps.db.transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          const [row] = await txDb.select().from(outbox).where(eq(outbox.id, id)).for('update');
          if (!row) throw notFound('Письмо не найдено');
          if (row.status === 'sent') throw conflict('Письмо уже отправлено');
          // A worker holds it right now: its outcome comes in a moment.
          if (row.lockedUntil && row.lockedUntil > new Date()) throw conflict('Письмо сейчас отправляется');
          const [updated] = await txDb
            .update(outbox)
            .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
            .where(eq(outbox.id, id))
            .returning({ id: outbox.id, status: outbox.status });
          await writeAudit(txDb, {
            userId: moderatorId(request),
            action: 'outbox.retry',
            entity: 'letter',
            entityId: id,
            before: { status: row.status, attempts: row.attempts },
            after: { status: 'pending' },
          });
          return updated!;
        });
        deps.wake();
        return { letter, message: 'Письмо поставлено в очередь на отправку' };
      },
    );
  };
}
