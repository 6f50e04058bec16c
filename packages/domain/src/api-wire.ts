// Small answers many routes share (docs/decisions/031): the bare «ok» and the «ok» with a Russian message.
import { z } from './zod-ru.ts';

/** `{status: 'ok'}`: done, nothing more to say. */
export const okAnswerSchema = z.object({ status: z.literal('ok') });

/** `{status: 'ok', message}`: done, with the text the client shows. */
export const okMessageAnswerSchema = okAnswerSchema.extend({ message: z.string() });

/** GET /api/ready: whether this instance can serve (200) or not (503), and why. */
export const readinessAnswerSchema = z.object({
  status: z.enum(['ready', 'unavailable', 'stopping']),
  database: z.enum(['ok', 'unreachable', 'skipped']),
  /** degraded: Redis does not answer; this instance serves alone meanwhile (limits in memory, nothing shared). */
  redis: z.enum(['ok', 'degraded', 'not configured', 'skipped']),
});
