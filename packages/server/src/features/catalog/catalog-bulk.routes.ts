// The catalogue in bulk (inside the guarded /api/v1/admin scope, issue 39, decision 058): one change to many
// products with its preview and undo, the export to XLSX/CSV, and the import's upload, dry run, apply and log.
// Rules: catalog-bulk.service.ts, catalog-sheet-import.ts.
import { idField } from '@efir/domain/account-schemas';
import {
  bulkAppliedSchema,
  bulkLastSchema,
  bulkPreviewSchema,
  bulkRequestSchema,
  exportQuerySchema,
  importLogSchema,
  importReportSchema,
  importRunSchema,
  sheetUploadedSchema,
} from '@efir/domain/catalog-bulk-schemas';
import { z } from '@efir/domain/zod-ru';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { invalidData } from '../../lib/app-error.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { describeUploadError } from '../../lib/upload-errors.ts';
import {
  applyBulk,
  type CatalogBulkDeps,
  getLastBulk,
  previewBulk,
  undoLastBulk,
} from './catalog-bulk.service.ts';
import { exportCatalog, exportFilename } from './catalog-sheet-export.ts';
import { getImportLog, getImportReport, runImport, uploadSheet } from './catalog-sheet-import.ts';

/** A spreadsheet of 100 000 goods is about 10 MB as CSV and less as XLSX. */
const SHEET_MAX_BYTES = 50 * 1024 * 1024;

const SHEET_UPLOAD_MESSAGES = {
  tooLarge: `Файл больше ${SHEET_MAX_BYTES / 1024 / 1024} МБ — разделите его на части`,
  wrongKind: 'Прикрепите один файл XLSX или CSV',
  notAFile: 'Прикрепите файл как файл формы',
};

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** The bulk and spreadsheet routes, for `sections` of registerAdminRoutes. */
export function catalogBulkSection(deps: CatalogBulkDeps) {
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/catalog/bulk/preview',
      { schema: { body: bulkRequestSchema, response: { 200: bulkPreviewSchema } } },
      async (request) => previewBulk(deps.db, request.body),
    );

    routes.post(
      '/catalog/bulk',
      { schema: { body: bulkRequestSchema, response: { 200: bulkAppliedSchema } } },
      async (request) => applyBulk(deps, moderatorId(request), request.body),
    );

    routes.get('/catalog/bulk/last', { schema: { response: { 200: bulkLastSchema } } }, async () => ({
      change: await getLastBulk(deps.db),
    }));

    routes.post('/catalog/bulk/undo', { schema: { response: { 200: bulkAppliedSchema } } }, async (request) =>
      undoLastBulk(deps, moderatorId(request)),
    );

    routes.get('/catalog/export', { schema: { querystring: exportQuerySchema } }, async (request, reply) => {
      const { format } = request.query;
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', contentDisposition(exportFilename(format)))
        .header('cache-control', 'private, no-store')
        .send(exportCatalog(deps, format));
    });

    routes.post(
      '/catalog/import/dry-run',
      { schema: { body: importRunSchema, response: { 200: importReportSchema } } },
      async (request) => runImport(deps, moderatorId(request), request.body, false),
    );

    routes.post(
      '/catalog/import/apply',
      { schema: { body: importRunSchema, response: { 200: importReportSchema } } },
      async (request) => runImport(deps, moderatorId(request), request.body, true),
    );

    routes.get('/catalog/imports', { schema: { response: { 200: importLogSchema } } }, async () =>
      getImportLog(deps.db),
    );

    routes.get(
      '/catalog/imports/:id',
      { schema: { params: z.strictObject({ id: idField }), response: { 200: importReportSchema } } },
      async (request) => getImportReport(deps.db, request.params.id),
    );

    // Only the upload reads multipart, in a scope of its own (the guard above still runs first).
    scope.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: { fileSize: SHEET_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
      });
      uploads
        .withTypeProvider<ZodTypeProvider>()
        .post('/catalog/import', { schema: { response: { 200: sheetUploadedSchema } } }, async (request) => {
          let upload: { filename: string; content: Buffer };
          try {
            const file = await request.file();
            if (!file) throw invalidData({ file: ['Выберите файл XLSX или CSV'] });
            upload = { filename: file.filename.slice(0, 200), content: await file.toBuffer() };
          } catch (error) {
            const message = describeUploadError(error, SHEET_UPLOAD_MESSAGES);
            if (message) throw invalidData({ file: [message] });
            throw error;
          }
          return uploadSheet(deps.db, moderatorId(request), upload);
        });
    });
  };
}
