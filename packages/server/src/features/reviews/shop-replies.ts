// The shop's answer to a review or a comment (issue 39 point 9): a moderator writes it in the back office, it is
// sanitised by the one policy like every user text, stored on the row it answers, audited in the same transaction,
// and the public pages' caches are dropped so the page shows it at once, under the text, with the shop's name.
import { idField } from '@efir/domain/account-schemas';
import { type ShopReply, shopReplyBodySchema } from '@efir/domain/reviews-schemas';
import { shopReplyAnswerSchema } from '@efir/domain/reviews-wire';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { z } from '@efir/domain/zod-ru';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { invalidData, notFound } from '../../lib/app-error.ts';
import { type CacheInvalidator, toShopReply } from './reviews.service.ts';
import { comments, shopReviews } from './reviews.table.ts';

const TABLES = { review: shopReviews, comment: comments } as const;
type Answered = keyof typeof TABLES;

/** Plain text as typed in the back office's field: paragraphs and line breaks kept, anything else escaped. */
function replyToHtml(text: string): string {
  const escapeText = (part: string) => part.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return text
    .split(/\n{2,}/)
    .map((block) => `<p>${block.split('\n').map(escapeText).join('<br>')}</p>`)
    .join('');
}

export async function replyAsShop(
  deps: { db: Database; content: CacheInvalidator },
  moderator: number,
  kind: Answered,
  id: number,
  text: string,
): Promise<{ id: number; reply: ShopReply | null }> {
  const table = TABLES[kind];
  // Sanitised before storing (and again on every way out), as spec §5 asks of any rich text.
  const html = text === '' ? null : sanitizeHtml(replyToHtml(text));
  if (text !== '' && !html?.replace(/<[^>]*>/g, '').trim()) {
    throw invalidData({ text: ['Напишите ответ'] });
  }
  const saved = await deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [before] = await txDb
      .select({ replyHtml: table.replyHtml })
      .from(table)
      .where(eq(table.id, id))
      .for('update');
    if (!before) throw notFound();
    const [after] = await txDb
      .update(table)
      .set({ replyHtml: html, repliedAt: html ? new Date() : null, repliedBy: html ? moderator : null })
      .where(eq(table.id, id))
      .returning({ replyHtml: table.replyHtml, repliedAt: table.repliedAt });
    await writeAudit(txDb, {
      userId: moderator,
      action: html ? `${kind}.reply` : `${kind}.reply_remove`,
      entity: kind,
      entityId: id,
      before: { reply: before.replyHtml },
      after: { reply: html },
    });
    return after!;
  });
  deps.content.invalidate();
  return { id, reply: toShopReply(saved) };
}

const idParams = z.strictObject({ id: idField });

export function replyAdminRoutes(
  scope: FastifyInstance,
  deps: { db: Database; content: CacheInvalidator },
): void {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  for (const kind of ['review', 'comment'] as const) {
    routes.put(
      `/${kind}s/:id/reply`,
      { schema: { params: idParams, body: shopReplyBodySchema, response: { 200: shopReplyAnswerSchema } } },
      async (request) => replyAsShop(deps, moderatorId(request), kind, request.params.id, request.body.text),
    );
  }
}
