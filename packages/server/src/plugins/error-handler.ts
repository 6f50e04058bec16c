// Maps every failure to the Laravel-style bodies of the wire contract (ErrorAnswer, declared on every API route by
// plugins/wire-contract.ts); 5xx bodies never reveal internals.
import type { ErrorAnswer, ValidationErrorAnswer } from '@efir/domain/error-wire';
import { MESSAGES } from '@efir/domain/http-contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseConnectionLost } from '../db/connection-errors.ts';
import { AppError, type FieldErrors } from '../lib/app-error.ts';

/** A validation issue as fastify-type-provider-zod reports it (keyword = zod issue code). */
interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
}

function collectFieldErrors(issues: readonly ValidationIssue[], context: string): FieldErrors {
  // No prototype: a field named toString, constructor or __proto__ is just a field (found by the fuzzer).
  const fields: FieldErrors = Object.create(null);
  const add = (name: string, message: string) => {
    fields[name] = [...(fields[name] ?? []), message];
  };
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean);
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      for (const key of issue.params.keys) add([...path, key].join('.'), 'Неизвестное поле');
      continue;
    }
    add(path.length > 0 ? path.join('.') : context, issue.message ?? 'Неверное значение');
  }
  return fields;
}

/** Fastify's own client errors (bad JSON, body too large, wrong content type…) keep their 4xx status. */
function describeClientError(error: FastifyError): { status: number; body: ErrorAnswer } {
  const status = error.statusCode ?? 400;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { message: MESSAGES.payloadTooLarge } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { message: MESSAGES.unsupportedMediaType } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        body: { message: MESSAGES.badRequest, title: 'Тело запроса не является корректным JSON' },
      };
    default:
      if (status === 429) return { status, body: { message: MESSAGES.tooManyAttempts } };
      if (status === 404) return { status, body: { message: MESSAGES.notFound } };
      if (status === 405) return { status, body: { message: MESSAGES.methodNotAllowed } };
      return { status, body: { message: MESSAGES.badRequest, title: 'Некорректный запрос' } };
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(error.toBody());
    }
    if (error.validation) {
      const body: ValidationErrorAnswer = {
        message: MESSAGES.invalidData,
        errors: collectFieldErrors(error.validation as ValidationIssue[], error.validationContext ?? 'body'),
      };
      return reply.status(422).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const { status: clientStatus, body } = describeClientError(error);
      return reply.status(clientStatus).send(body);
    }
    if (isDatabaseConnectionLost(error)) {
      request.log.warn({ err: error }, 'database connection lost during the request');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({
          message: 'Service Unavailable',
          title: 'Магазин на секунду потерял связь с базой данных — повторите',
        } satisfies ErrorAnswer);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: MESSAGES.serverError } satisfies ErrorAnswer);
  });
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Decoded UTF-8 never holds a surrogate, so one can only come from a `\uD800`–`\uDFFF` escape in the JSON:
 * bodies without such an escape (nearly all) need no walk over the parsed value.
 */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** True when some string inside holds a lone UTF-16 surrogate, which PostgreSQL refuses to store. */
function holdsIllFormedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (LONE_SURROGATE.test(next)) return true;
    } else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (LONE_SURROGATE.test(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store the NUL character or a lone UTF-16 surrogate, so text carrying them would fail deep
 * inside a query: it is refused at the door, in the address and in JSON bodies, with a 400 instead.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  const refused = () =>
    Object.assign(new Error('text PostgreSQL cannot store'), {
      statusCode: 400,
      code: 'EFIR_UNSTORABLE_TEXT',
    });
  // A callback hook with a plain substring test: it runs on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('%00') ? refused() : undefined);
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // An empty body is no body (not broken JSON): the route's schema then decides (plugins/bodyless.ts).
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (text.includes('\\u0000')) {
      done(refused(), undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (!error && SURROGATE_ESCAPE.test(text) && holdsIllFormedText(value)) done(refused(), undefined);
      else done(error, value);
    });
  });
}
