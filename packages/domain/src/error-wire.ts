// Error answers of every JSON route (spec §8, its error fields in §3): Laravel-style bodies, one shape for all
// statuses. The server's error handler writes them and declares them on every API route (plugins/wire-contract.ts);
// the web's HTTP client types what it reads from a failed call by them. docs/decisions/031.
import { MESSAGES } from './http-contract.ts';
import { z } from './zod-ru.ts';

/** Russian messages per field: `{"email": ["Введите адрес почты"]}`; nested fields by a dotted path. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/**
 * Any error answer. `message` is Laravel's English phrase for the status ('Not Found', 'Too Many Attempts.') or, for a
 * refusal of the shop's own (409, 503), a Russian sentence shown as it is.
 */
export const errorAnswerSchema = z
  .object({
    message: z.string(),
    /** What was wrong with which field (422; some 409s). */
    errors: fieldErrorsSchema.optional(),
    /** A 401's token state (TOKEN_EXPIRED, TOKEN_INVALID, UNAUTHENTICATED): the client refreshes and retries once. */
    error: z.string().optional(),
    /** A Russian line for the customer where `message` is the English phrase (400, 503). */
    title: z.string().optional(),
    /** A 422 of the order call: hydrolats cannot travel the chosen way (spec §3 error fields). */
    hydr: z.boolean().optional(),
  })
  .meta({
    description:
      '400 Bad Request (+title), 401 Unauthenticated. (+error), 403, 404 Not Found, 405, 409 (a Russian message, ' +
      "sometimes +errors), 413, 415, 419 'CSRF token mismatch.', 429 'Too Many Attempts.', 500 Server Error, " +
      '503 (+title)',
  });
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** 422: `{message: 'The given data was invalid.', errors}`; every field the request got wrong, each with its messages. */
export const validationErrorAnswerSchema = errorAnswerSchema
  .extend({ errors: fieldErrorsSchema })
  .meta({ description: `422 '${MESSAGES.invalidData}' with the messages per field` });
export type ValidationErrorAnswer = z.infer<typeof validationErrorAnswerSchema>;
