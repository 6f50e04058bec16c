// Calls without a body (POST /v1/cart/{id} adds one item, POST /v1/my-orders/{id} shows the order): a missing body
// is validated as absent, so a schema's `.default()` or `.optional()` applies and an all-optional body is {}.
//
// Why this is needed: Fastify hands a body validator `null` whenever request.body is undefined (lib/validation.js,
// validateParam: `value === undefined ? null : value`), and Zod fills `.default()` only for `undefined`, so every
// bodyless call got 422 «ожидалось object, получено null». An empty JSON body is no body either (the JSON parser
// in error-handler.ts reads it as undefined instead of refusing it with 400), nor is an empty text/plain one.
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';

type ZodSchema = Parameters<typeof z.safeParse>[0];

/** The message of a required field that a bodyless call did not send (a schema's own message wins). */
export const MISSING_FIELD_MESSAGE = 'Обязательное поле';
/** The message when the needed body is not an object, so there are no fields to name. */
export const MISSING_BODY_MESSAGE = 'Не переданы данные запроса';

/** An issue as fastify-type-provider-zod reports it, which the error handler turns into field errors. */
function toValidationError(issue: z.core.$ZodIssue): FastifySchemaValidationError {
  const path = issue.path.join('/');
  return {
    keyword: issue.code,
    instancePath: `/${path}`,
    schemaPath: `#/${path}/${issue.code}`,
    params: {},
    message: issue.message,
  };
}

/**
 * Validates a missing body (null is Fastify's stand-in for undefined; a JSON `null` means the same): first as
 * absent (`.default()`, `.optional()`), then as {} (every field optional). A route that needs fields answers 422
 * naming each missing field in Russian, never with «получено null».
 */
function validateMissingBody(schema: ZodSchema): { value?: unknown; error?: FastifySchemaValidationError[] } {
  const absent = z.safeParse(schema, undefined);
  if (absent.success) return { value: absent.data };
  const empty = z.safeParse(
    schema,
    {},
    {
      // Replaces only Zod's default «ожидалось string, получено undefined»; a message of the schema's own wins.
      error: (issue) =>
        issue.code === 'invalid_type' && issue.input === undefined ? MISSING_FIELD_MESSAGE : undefined,
    },
  );
  if (empty.success) return { value: empty.data };
  let issues = empty.error.issues;
  // A body of several shapes (forgot-password: an e-mail, or a token and a new password): the first shape's fields.
  const [only] = issues;
  if (
    issues.length === 1 &&
    only?.code === 'invalid_union' &&
    only.path.length === 0 &&
    only.errors[0]?.length
  ) {
    issues = only.errors[0];
  }
  if (issues.length === 0 || issues.some((issue) => issue.path.length === 0)) {
    return {
      error: [
        {
          keyword: 'required',
          instancePath: '/',
          schemaPath: '#/required',
          params: {},
          message: MISSING_BODY_MESSAGE,
        },
      ],
    };
  }
  return { error: issues.map(toValidationError) };
}

/** fastify-type-provider-zod's compiler, with a missing body validated as absent (see the file's header). */
export const bodylessAwareValidatorCompiler: FastifySchemaCompiler<ZodSchema> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data: unknown) =>
    data === null || data === undefined ? validateMissingBody(route.schema) : validate(data);
};

/** Validation with bodyless calls allowed, and an empty text/plain body (fetch's `body: ''`) read as none. */
export function acceptBodylessCalls(app: FastifyInstance): void {
  app.setValidatorCompiler(bodylessAwareValidatorCompiler);
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    done(null, text.length === 0 ? undefined : text);
  });
}
