// The orders list for the accountant and the warehouse (issue 38 point 5, decision 056): CSV as Excel with a Russian
// locale opens it (UTF-8 with BOM, «;» between fields, dates дд.мм.гггг, a decimal comma) and XLSX with real
// numbers and dates — one row per order, and in the XLSX a second sheet with one row per line.

import { paymentViewState } from '@efir/domain/order-wire';
import { CARRIER_NAMES } from '@efir/domain/shipment-tracking';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { PaperOrder } from './order-papers.data.ts';
import { ORDER_STATUS_NAMES, orderNumber, PAYMENT_STATE_NAMES } from './orders.service.ts';

/** The export's columns: Russian header, the kind of value, and how it is read off an order. */
type Cell = string | number | Date | null;
interface ExportColumn {
  header: string;
  kind: 'text' | 'money' | 'count' | 'date' | 'time';
  width: number;
  value(paper: PaperOrder): Cell;
}

const MOSCOW_MS = 3 * 3_600_000;

/** The Moscow wall clock of a moment as a UTC date, which is how spreadsheets keep dates without zones. */
function moscowWall(at: Date): Date {
  return new Date(at.getTime() + MOSCOW_MS);
}

function linesText(paper: PaperOrder): string {
  return paper.lines
    .map((line) => `${line.name}${line.volume ? ` ${line.volume}` : ''} × ${line.quantity} = ${line.sum}`)
    .join('; ');
}

export const EXPORT_COLUMNS: ExportColumn[] = [
  { header: 'Номер', kind: 'text', width: 12, value: ({ order }) => orderNumber(order.id) },
  { header: 'Дата', kind: 'date', width: 11, value: ({ order }) => order.createdAt },
  { header: 'Время', kind: 'time', width: 7, value: ({ order }) => order.createdAt },
  { header: 'Статус', kind: 'text', width: 12, value: ({ order }) => ORDER_STATUS_NAMES[order.status] },
  { header: 'Способ оплаты', kind: 'text', width: 26, value: (paper) => paper.methodName },
  {
    header: 'Оплата',
    kind: 'text',
    width: 18,
    value: ({ order, refunded }) =>
      PAYMENT_STATE_NAMES[paymentViewState(order.paymentState, order.total, refunded)],
  },
  {
    header: 'Покупатель',
    kind: 'text',
    width: 24,
    value: ({ order }) => `${order.fam} ${order.name}`.trim(),
  },
  { header: 'Телефон', kind: 'text', width: 16, value: ({ order }) => order.tel },
  { header: 'E-mail', kind: 'text', width: 24, value: ({ order }) => order.email },
  { header: 'Доставка', kind: 'text', width: 30, value: ({ order }) => order.deliveryName },
  {
    header: 'Адрес или пункт выдачи',
    kind: 'text',
    width: 36,
    value: ({ delivery }) => delivery.address ?? delivery.pickup_point ?? '',
  },
  { header: 'Состав заказа', kind: 'text', width: 50, value: linesText },
  {
    header: 'Товаров, шт.',
    kind: 'count',
    width: 8,
    value: ({ lines }) => lines.reduce((sum, line) => sum + line.quantity, 0),
  },
  { header: 'Товары без скидки, ₽', kind: 'money', width: 12, value: ({ order }) => order.subtotal },
  { header: 'Скидка, ₽', kind: 'money', width: 10, value: ({ order }) => order.discount },
  { header: 'Промокод', kind: 'text', width: 12, value: ({ order }) => order.promoCode ?? '' },
  { header: 'Доставка, ₽', kind: 'money', width: 10, value: ({ order }) => order.deliveryPrice },
  { header: 'Итого, ₽', kind: 'money', width: 12, value: ({ order }) => order.total },
  { header: 'Сертификатом, ₽', kind: 'money', width: 12, value: ({ order }) => order.certificateAmount },
  { header: 'Получено, ₽', kind: 'money', width: 12, value: ({ paid }) => paid },
  { header: 'Дата оплаты', kind: 'date', width: 11, value: ({ order }) => order.paidAt },
  { header: 'Возвращено, ₽', kind: 'money', width: 12, value: ({ refunded }) => refunded },
  {
    header: 'Трек-номер',
    kind: 'text',
    width: 20,
    value: ({ order }) =>
      order.carrier && order.trackingNumber ? `${CARRIER_NAMES[order.carrier]} ${order.trackingNumber}` : '',
  },
];

const two = (value: number) => String(value).padStart(2, '0');

/** A value as the CSV writes it: dates дд.мм.гггг, times чч:мм, numbers with a decimal comma. */
function csvValue(column: ExportColumn, value: Cell): string {
  if (value === null || value === '') return '';
  if (value instanceof Date) {
    const wall = moscowWall(value);
    return column.kind === 'time'
      ? `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`
      : `${two(wall.getUTCDate())}.${two(wall.getUTCMonth() + 1)}.${wall.getUTCFullYear()}`;
  }
  if (typeof value === 'number') return String(value).replace('.', ',');
  // A name like «=HYPERLINK(…)» stays text in Excel; phones («+7 …») and negative figures are left as they are.
  return /^(?:[=@]|[+-](?![\d\s(]))/.test(value) ? `'${value}` : value;
}

export function ordersCsv(papers: PaperOrder[]): Buffer {
  const rows = [
    EXPORT_COLUMNS.map((column) => column.header),
    ...papers.map((paper) => EXPORT_COLUMNS.map((column) => csvValue(column, column.value(paper)))),
  ];
  const text = stringify(rows, { delimiter: ';', record_delimiter: 'windows' });
  return Buffer.from(`\ufeff${text}`, 'utf8');
}

const MONEY_FORMAT = '#,##0';
const DATE_FORMAT = 'dd.mm.yyyy';

/** A cell's value in the sheet: a text starting with «=» is kept a text, never a formula. */
function sheetValue(column: ExportColumn, value: Cell): ExcelJS.CellValue {
  if (value === null) return null;
  if (value instanceof Date) {
    const wall = moscowWall(value);
    return column.kind === 'time'
      ? `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`
      : new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
  }
  return value;
}

export async function ordersXlsx(papers: PaperOrder[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Эфир';
  book.created = new Date();
  const sheet = book.addWorksheet('Заказы', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column) => ({
    header: column.header,
    width: column.width,
    style:
      column.kind === 'money'
        ? { numFmt: MONEY_FORMAT }
        : column.kind === 'date'
          ? { numFmt: DATE_FORMAT }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const paper of papers) {
    sheet.addRow(EXPORT_COLUMNS.map((column) => sheetValue(column, column.value(paper))));
  }
  const lines = book.addWorksheet('Строки заказов', { views: [{ state: 'frozen', ySplit: 1 }] });
  lines.columns = [
    { header: 'Номер заказа', width: 14 },
    { header: 'Дата', width: 11, style: { numFmt: DATE_FORMAT } },
    { header: 'Товар', width: 40 },
    { header: 'Объём', width: 10 },
    { header: 'Кол-во', width: 8 },
    { header: 'Цена, ₽', width: 10, style: { numFmt: MONEY_FORMAT } },
    { header: 'Сумма, ₽', width: 12, style: { numFmt: MONEY_FORMAT } },
  ];
  lines.getRow(1).font = { bold: true };
  const dateColumn = EXPORT_COLUMNS[1]!;
  for (const paper of papers) {
    for (const line of paper.lines) {
      lines.addRow([
        orderNumber(paper.order.id),
        sheetValue(dateColumn, paper.order.createdAt),
        line.gift ? `${line.name} (подарок)` : line.name,
        line.volume,
        line.quantity,
        line.price,
        line.sum,
      ]);
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
