// The wire contract (docs/decisions/031): answers serialised by their zod `response` schemas, the OpenAPI 3.1
// document made from the routes' schemas (GET /api/openapi.json) and its reference page (GET /api/docs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { errorAnswerSchema, validationErrorAnswerSchema } from '@efir/domain/error-wire';
import { z } from '@efir/domain/zod-ru';
import swagger from '@fastify/swagger';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type ZodSchema = z.ZodType;

/** What the document describes: the JSON API. Pages, images, feeds and sitemaps are not part of it. */
const API_PATH = /^\/(api|v1)\/|^\/refresh$|^\/registration$/;
export const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PATH = '/api/docs';

/** One compiled serializer per schema: the error answers (and shared answers) are the same schema on many routes. */
const compiledSerializers = new WeakMap<ZodSchema, (data: unknown) => string>();

/**
 * A route's answer as its zod schema says, written by fast-json-stringify: the schema is turned into JSON Schema
 * once, at start, so an answer costs no zod parse (the hot paths' answers are ready bytes anyway). Fields the schema
 * does not name are left out, and a missing required field throws (a 500, which the integration tests catch).
 */
export const zodResponseSerializer: FastifySerializerCompiler<ZodSchema> = ({ schema }) => {
  let stringify = compiledSerializers.get(schema);
  if (!stringify) {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    compiledSerializers.set(schema, stringify);
  }
  return stringify;
};

/**
 * The error answers every API route may give, declared centrally rather than in each route: a route's own schema
 * for a status (the assistant's 502, the readiness 503) comes first, then the exact status, then the range.
 */
const ERROR_ANSWERS = {
  422: validationErrorAnswerSchema,
  '4xx': errorAnswerSchema,
  '5xx': errorAnswerSchema,
} as const;

function declareErrorAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!API_PATH.test(route.url)) return;
    route.schema ??= {};
    route.schema.response = { ...ERROR_ANSWERS, ...(route.schema.response as object | undefined) };
  });
}

/** Registered before the routes: @fastify/swagger collects them as they are added. */
export async function registerWireContract(app: FastifyInstance): Promise<void> {
  app.setSerializerCompiler(zodResponseSerializer);
  declareErrorAnswers(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      components: { schemas: errorComponents() },
      info: {
        title: 'Эфир — API магазина',
        version: '1',
        description:
          'JSON API of the shop: the same calls its own web client makes. Errors follow one catalogue, declared on ' +
          'every route: 422 {message, errors: {field: [text]}}; any other 4XX and 5XX {message, errors?, error?, ' +
          'title?, hydr?} (401 adds error: TOKEN_EXPIRED, TOKEN_INVALID or UNAUTHENTICATED; 400 and 503 a title).',
      },
    },
    transform: (input) => {
      if (!API_PATH.test(input.url)) return { schema: { hide: true }, url: input.url };
      return referToErrorAnswers(input);
    },
  });
}

/** The error answers are written once, under components, and each route refers to them. */
const ERROR_COMPONENTS = new Map<ZodSchema, { name: string; description: string }>([
  [
    validationErrorAnswerSchema,
    { name: 'ValidationErrorAnswer', description: 'Неверные данные: сообщения по полям' },
  ],
  [errorAnswerSchema, { name: 'ErrorAnswer', description: 'Ошибка: тело по каталогу ошибок магазина' }],
]);

function errorComponents(): Record<string, object> {
  return Object.fromEntries(
    [...ERROR_COMPONENTS].map(([schema, { name }]) => {
      const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io: 'output' });
      return [name, jsonSchema];
    }),
  );
}

/**
 * jsonSchemaTransform for the route's own schemas; its error answers become references to the components (written
 * out on each of ~160 routes they would double the document).
 */
function referToErrorAnswers(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const response = (input.schema?.response ?? {}) as Record<string, ZodSchema>;
  const own = Object.entries(response).filter(([, schema]) => !ERROR_COMPONENTS.has(schema));
  const shared = Object.entries(response).flatMap(([status, schema]) => {
    const component = ERROR_COMPONENTS.get(schema);
    return component
      ? [[status, { $ref: `#/components/schemas/${component.name}`, description: component.description }]]
      : [];
  });
  const transformed = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response: Object.fromEntries(own) },
  });
  const schema = transformed.schema as { response?: Record<string, unknown> };
  schema.response = { ...schema.response, ...Object.fromEntries(shared) };
  return transformed;
}

const require = createRequire(import.meta.url);
const swaggerUiDir = dirname(require.resolve('swagger-ui-dist/package.json'));

/** The reference page: swagger-ui from its npm package, served from here (no CDN), loaded by this page only. */
const DOCS_FILES = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
]);
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#api', deepLinking: true });\n`;
const DOCS_HTML = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Эфир — справочник API</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="api"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;
/** swagger-ui sets style attributes and draws its icons as data: images; scripts only from here. */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** GET /api/openapi.json and the reference page; the document is made once, when first asked for. */
export function registerApiDocs(app: FastifyInstance): void {
  let document: string | undefined;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(document);
  });
  app.get(DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_CSP).send(DOCS_HTML),
  );
  app.get(`${DOCS_PATH}/init.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(DOCS_INIT),
  );
  const files = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>(
    `${DOCS_PATH}/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      const type = DOCS_FILES.get(file);
      if (!type) return reply.callNotFound();
      let body = files.get(file);
      if (!body) {
        body = readFileSync(join(swaggerUiDir, file));
        files.set(file, body);
      }
      return reply.type(type).header('cache-control', 'public, max-age=86400').send(body);
    },
  );
}
