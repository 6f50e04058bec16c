// The exchange endpoint 1C calls (`/1c_exchange`, and `/bitrix/admin/1c_exchange.php` that 1C's settings often
// default to), and the back office's log of exchange sessions.
import { exchangeLogSchema, exchangeUploadAnswerSchema } from '@efir/domain/admin-wire';
import { z } from '@efir/domain/zod-ru';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { invalidData } from '../../lib/app-error.ts';
import { describeUploadError } from '../../lib/upload-errors.ts';
import { listSessions } from './exchange.repo.ts';
import { EXCHANGE_COOKIE, type ExchangeService } from './exchange.service.ts';
import { PackageError } from './exchange-xml.ts';

export const EXCHANGE_PATHS = ['/1c_exchange', '/bitrix/admin/1c_exchange.php'] as const;

const protocolQuery = z.object({
  type: z.enum(['catalog', 'sale'], 'Неизвестный тип обмена'),
  mode: z.enum(['checkauth', 'init', 'file', 'import', 'query', 'success', 'deactivate', 'complete']),
  filename: z.string().max(300).optional(),
  // 1C sends sessid and version on some calls; they are not needed here.
  sessid: z.string().max(200).optional(),
  version: z.string().max(20).optional(),
});

export function registerExchangeRoutes(app: FastifyInstance, exchange: ExchangeService): void {
  app.register(async (scope) => {
    // 1C sends file chunks with whatever content type (or none): every body is a raw stream here, read by mode=file.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    const handler = async (
      request: FastifyRequest<{ Querystring: z.infer<typeof protocolQuery> }>,
      reply: FastifyReply,
    ) => {
      reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store');
      const { type, mode, filename } = request.query;
      const drain = () => (request.body as NodeJS.ReadableStream | undefined)?.resume?.();
      if (mode === 'checkauth') {
        drain();
        const result = await exchange.checkauth(request.headers.authorization, request.ip, type);
        if (result.status) reply.status(result.status);
        if (result.status === 401)
          reply.header('www-authenticate', 'Basic realm="1C exchange", charset="UTF-8"');
        return result.body;
      }
      const session = await exchange.findSession(request.cookies[EXCHANGE_COOKIE]);
      if (!session) {
        drain();
        reply.status(401);
        return 'failure\nНет сеанса обмена: начните с mode=checkauth';
      }
      switch (mode) {
        case 'init':
          drain();
          return exchange.init(session);
        case 'file': {
          if (!filename) return 'failure\nНе указано имя файла';
          const body = request.body as import('node:stream').Readable | undefined;
          if (!body) return 'failure\nПустой файл';
          return exchange.receiveFile(session, filename, body);
        }
        case 'import':
          drain();
          if (!filename) return 'failure\nНе указано имя файла';
          return exchange.importFile(session, filename);
        case 'query':
          drain();
          if (type !== 'sale') return 'failure\nmode=query бывает только у type=sale';
          reply.type('application/xml; charset=utf-8');
          return exchange.saleQuery(session);
        case 'success':
          drain();
          return type === 'sale' ? exchange.saleSuccess(session) : 'success\n';
        default:
          drain();
          return 'success\n';
      }
    };
    for (const url of EXCHANGE_PATHS) {
      for (const method of ['GET', 'POST'] as const) {
        routes.route({
          method,
          url,
          schema: { querystring: protocolQuery },
          // 1C is not a browser: its calls carry the exchange cookie from checkauth, never the CSRF token.
          config: { csrf: false },
          bodyLimit: 1024 * 1024 * 1024,
          handler,
        });
      }
    }
  });
}

const logQuery = z.strictObject({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** The manual upload: a package is import.xml and offers.xml, or a zip with them and the pictures. */
const MANUAL_UPLOAD_BYTES = 1024 * 1024 * 1024;
const UPLOAD_MESSAGES = {
  tooLarge: `Файл больше ${MANUAL_UPLOAD_BYTES / 1024 / 1024 / 1024} ГБ`,
  wrongKind: 'Прикрепите до трёх файлов: import.xml, offers.xml или zip-архив',
  notAFile: 'Прикрепите файл пакета как файл формы',
};

/** GET /api/v1/admin/exchange: the exchange log, newest session first; POST …/upload: a package by hand. */
export function exchangeAdminSection(deps: { db: Database; exchange: ExchangeService }) {
  return (scope: FastifyInstance) => {
    scope
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/exchange',
        { schema: { querystring: logQuery, response: { 200: exchangeLogSchema } } },
        async (request) => {
          const perPage = 20;
          const { rows, total } = await listSessions(deps.db, request.query.page, perPage);
          return {
            enabled: deps.exchange.enabled,
            total,
            page: request.query.page,
            pages: Math.max(1, Math.ceil(total / perPage)),
            sessions: rows.map((row) => ({
              id: row.id,
              type: row.type,
              started_at: row.startedAt.toISOString(),
              last_seen_at: row.lastSeenAt.toISOString(),
              bytes: row.bytes,
              files: row.files,
              running: deps.exchange.isRunning(row.id),
            })),
          };
        },
      );

    // Only the upload reads multipart, in a scope of its own (the admin guard still runs first).
    scope.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: { fileSize: MANUAL_UPLOAD_BYTES, files: 3, fields: 0, parts: 3 },
      });
      uploads
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/exchange/upload',
          { schema: { response: { 202: exchangeUploadAnswerSchema } } },
          async (request, reply) => {
            async function* files() {
              for await (const part of request.files()) yield { filename: part.filename, file: part.file };
            }
            let session: number;
            try {
              session = await deps.exchange.manualUpload(files());
            } catch (error) {
              if (error instanceof PackageError) throw invalidData({ package: [error.message] });
              const message = describeUploadError(error, UPLOAD_MESSAGES);
              if (message) throw invalidData({ package: [message] });
              throw error;
            }
            reply.status(202);
            return {
              status: 'ok' as const,
              message: 'Пакет принят: загрузка идёт, итог появится в журнале',
              session,
            };
          },
        );
    });
  };
}
