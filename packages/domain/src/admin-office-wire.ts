// The back office's letters (the outbox, «Письма») and the start page's counts (decision 057): wire shapes shared by
// the server's routes and the web's pages.
import { z } from './zod-ru.ts';

const outboxStatusSchema = z.enum(['pending', 'sent', 'failed']);
/**
 * How a sent letter left (decision 057): `smtp` through the mail server, `telegram` through the bot, `log` only into
 * the server's log (no SMTP_URL or no bot token); null for letters sent before the shop kept it.
 */
const outboxDeliveredViaSchema = z.enum(['smtp', 'telegram', 'log']).nullable();

/** GET /api/v1/admin/outbox. */
export const outboxAnswerSchema = z.object({
  letters: z.array(
    z.object({
      id: z.int(),
      channel: z.enum(['email', 'telegram']),
      to: z.string(),
      subject: z.string(),
      status: outboxStatusSchema,
      attempts: z.int(),
      next_attempt_at: z.string().nullable(),
      created_at: z.string(),
      sent_at: z.string().nullable(),
      delivered_via: outboxDeliveredViaSchema,
      error: z.string().nullable(),
    }),
  ),
  /** `sent`: really sent; `logged`: «sent» into the server's log only. */
  counts: z.object({ pending: z.int(), sent: z.int(), logged: z.int(), failed: z.int() }),
  total: z.int(),
  page: z.int(),
  pages: z.int(),
  /** An SMTP server is configured (otherwise letters only go to the log). */
  smtp: z.boolean(),
});
export type OutboxAnswer = z.infer<typeof outboxAnswerSchema>;

/** GET /api/v1/admin/outbox/{id}: one letter as it was written, to read (its HTML shown in a sandboxed frame). */
export const outboxLetterSchema = z.object({
  id: z.int(),
  channel: z.enum(['email', 'telegram']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string() })),
  status: outboxStatusSchema,
  delivered_via: outboxDeliveredViaSchema,
  created_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type OutboxLetter = z.infer<typeof outboxLetterSchema>;

/** POST /api/v1/admin/outbox/{id}/retry. */
export const outboxRetryAnswerSchema = z.object({
  letter: z.object({ id: z.int(), status: outboxStatusSchema }),
  message: z.string(),
});

/** GET /api/v1/admin/overview: what waits for the shop, counted for the start page's tiles (decision 057). */
export const adminOverviewSchema = z.object({
  /** Orders placed and not yet confirmed (one-click orders waiting for a call apart). */
  new_orders: z.int(),
  /** One-click orders waiting for the shop's call. */
  waiting_calls: z.int(),
  /** Shop reviews waiting for a moderator. */
  reviews: z.int(),
  /** Customers' questions not yet answered. */
  questions: z.int(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
