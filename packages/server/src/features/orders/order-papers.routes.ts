// GET /api/v1/admin/orders/papers (one PDF of the chosen paper for the selected orders or the filtered list) and
// GET /api/v1/admin/orders/export (the filtered or selected list as CSV or XLSX): issue 38 points 4–5, decision 056.
// Both are GETs of the guarded admin scope, so a link opens them in a new tab on a phone as on a desktop.
import {
  EXPORT_FORMATS,
  ORDER_PAPER_NAMES,
  ORDER_PAPERS,
  ORDER_PAPERS_MAX,
  orderIdsSchema,
} from '@efir/domain/order-papers-wire';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { invalidData } from '../../lib/app-error.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { EXPORT_MAX, loadPaperOrders, type OrderPick } from './order-papers.data.ts';
import { renderOrderPapers } from './order-papers.pdf.ts';
import { type AdminOrdersQuery, listQuery } from './orders-admin.ts';
import { ordersCsv, ordersXlsx } from './orders-export.ts';
import { readShopRequisites } from './shop-requisites.ts';

const { page: _page, ...filterFields } = listQuery.shape;

const datesInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const DATES_MESSAGE = { path: ['to'], message: 'Дата «по» раньше даты «с»' };

const papersQuery = z
  .strictObject({
    ...filterFields,
    doc: z.enum(ORDER_PAPERS, { error: 'Выберите документ для печати' }),
    /** The selected orders; without it, the filtered list. */
    ids: orderIdsSchema.optional(),
  })
  .refine(datesInOrder, DATES_MESSAGE);

const exportQuery = z
  .strictObject({
    ...filterFields,
    format: z.enum(EXPORT_FORMATS, { error: 'Выберите формат: CSV или XLSX' }),
    ids: orderIdsSchema.optional(),
  })
  .refine(datesInOrder, DATES_MESSAGE);

function pickOf(
  query: { ids?: number[] | undefined } & Omit<AdminOrdersQuery, 'page'>,
  limit: number,
): OrderPick {
  const { ids, ...filters } = query as { ids?: number[] } & AdminOrdersQuery;
  if (ids) return { ids };
  return { filters: { ...filters, page: 1 }, limit };
}

/** «2026-12-08» in Moscow, for file names. */
function today(): string {
  return new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
}

function sendFile(reply: FastifyReply, type: string, fileName: string, body: Buffer) {
  return reply
    .type(type)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .send(body);
}

export function orderPapersAdminSection(deps: { db: Database }) {
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get('/orders/papers', { schema: { querystring: papersQuery } }, async (request, reply) => {
      const { doc, ...rest } = request.query;
      const papers = await loadPaperOrders(deps.db, pickOf(rest, ORDER_PAPERS_MAX));
      if (papers.length === 0) throw invalidData({ ids: ['Нет заказов для печати — выберите заказы'] });
      const pdf = await renderOrderPapers(doc, papers, await readShopRequisites(deps.db));
      const name =
        papers.length === 1
          ? `${ORDER_PAPER_NAMES[doc]} ${papers[0]!.order.id}.pdf`
          : `${ORDER_PAPER_NAMES[doc]} (${papers.length}) ${today()}.pdf`;
      return sendFile(reply, 'application/pdf', name, pdf);
    });

    routes.get('/orders/export', { schema: { querystring: exportQuery } }, async (request, reply) => {
      const { format, ...rest } = request.query;
      const papers = await loadPaperOrders(deps.db, pickOf(rest, EXPORT_MAX));
      const name = `Заказы ${today()}.${format}`;
      if (format === 'csv') return sendFile(reply, 'text/csv; charset=utf-8', name, ordersCsv(papers));
      return sendFile(
        reply,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        name,
        await ordersXlsx(papers),
      );
    });
  };
}
