// The papers of orders as one PDF (issue 38 point 4, decision 056): товарный чек, счёт на оплату with the shop's
// requisites, the packing list for the warehouse and the address label. Several orders make one file, each order's
// document starting on a page of its own, so one «Печать» prints the day's parcels. pdfkit with DejaVu Sans (as the
// school's contract), which has the Cyrillic letters and «₽».
import { createRequire } from 'node:module';
import { formatDateShort } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import { ORDER_PAPER_NAMES, type OrderPaper } from '@efir/domain/order-papers-wire';
import { formatRussianPhone } from '@efir/domain/phone';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { rublesInWords } from '@efir/domain/sum-in-words';
import PDFDocument from 'pdfkit';
import type { PaperOrder } from './order-papers.data.ts';
import { orderNumber } from './orders.service.ts';
import type { ShopRequisites } from './shop-requisites.ts';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 42;
const LABEL_MARGIN = 22;
/** A6 across: the address label sticks on a parcel. */
const LABEL_SIZE: [number, number] = [419.53, 297.64];

type Doc = InstanceType<typeof PDFDocument>;

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A bordered table that goes on to the next page when the page is full. */
function table(doc: Doc, columns: Column[], rows: string[][]) {
  const left = doc.page.margins.left;
  const draw = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(9);
    const heights = cells.map((cell, index) =>
      doc.heightOfString(cell, { width: columns[index]!.width - 8 }),
    );
    const height = Math.max(...heights) + 8;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    let x = left;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.rect(x, top, column.width, height).lineWidth(0.5).strokeColor('#444444').stroke();
      doc
        .fillColor('#000000')
        .text(cell, x + 4, top + 4, { width: column.width - 8, align: column.align ?? 'left' });
      x += column.width;
    });
    doc.x = left;
    doc.y = top + height;
  };
  draw(
    columns.map((column) => column.title),
    true,
  );
  for (const row of rows) draw(row, false);
  doc.font('regular').fontSize(10).moveDown(0.5);
}

function title(doc: Doc, text: string) {
  doc.font('bold').fontSize(14).text(text, { align: 'left' });
  doc.moveDown(0.4).font('regular').fontSize(10);
}

function field(doc: Doc, label: string, value: string) {
  if (!value) return;
  doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
}

function customerOf({ order }: PaperOrder): string {
  return [`${order.fam} ${order.name}`.trim(), order.tel ? formatRussianPhone(order.tel) : '', order.email]
    .filter(Boolean)
    .join(', ');
}

function whereTo({ delivery, order }: PaperOrder): string {
  return delivery.address ?? delivery.pickup_point ?? order.deliveryName;
}

/** «Курьер по Москве в пределах МКАД» without the address the order's delivery name ends with. */
function deliveryTitle({ order }: PaperOrder): string {
  return order.deliveryName.split(' — ')[0] ?? order.deliveryName;
}

/** The goods table of a receipt or an invoice: lines, the delivery as a line of its own, totals under it. */
function goodsTable(doc: Doc, paper: PaperOrder, usable: number) {
  const { order, lines } = paper;
  const widths = [24, usable - 24 - 50 - 80 - 90, 50, 80, 90];
  const columns: Column[] = [
    { title: '№', width: widths[0]!, align: 'center' },
    { title: 'Наименование', width: widths[1]! },
    { title: 'Кол-во', width: widths[2]!, align: 'right' },
    { title: 'Цена', width: widths[3]!, align: 'right' },
    { title: 'Сумма', width: widths[4]!, align: 'right' },
  ];
  const rows = lines.map((line, index) => [
    String(index + 1),
    `${line.name}${line.volume ? `, ${line.volume}` : ''}${line.gift ? ' (подарок)' : ''}`,
    `${line.quantity} шт.`,
    formatRub(line.price),
    formatRub(line.sum),
  ]);
  if (order.deliveryPrice > 0) {
    rows.push([
      String(rows.length + 1),
      `Доставка: ${deliveryTitle(paper)}`,
      '1',
      formatRub(order.deliveryPrice),
      formatRub(order.deliveryPrice),
    ]);
  }
  table(doc, columns, rows);
  const toPay = order.total - order.certificateAmount;
  const totals: Array<[string, string]> = [['Итого', formatRub(order.total)]];
  if (order.discount > 0) totals.unshift(['Скидка (учтена в ценах)', formatRub(order.discount)]);
  totals.push(['Без налога (НДС)', '—']);
  if (order.certificateAmount > 0)
    totals.push(['Оплачено подарочным сертификатом', formatRub(order.certificateAmount)]);
  totals.push(['Всего к оплате', formatRub(toPay)]);
  for (const [label, value] of totals) {
    doc.font(label === 'Всего к оплате' ? 'bold' : 'regular').text(`${label}: ${value}`, { align: 'right' });
  }
  doc.font('regular').moveDown(0.4);
  doc.text(
    `Всего наименований ${lines.length + (order.deliveryPrice > 0 ? 1 : 0)}, на сумму ${formatRub(toPay)}`,
  );
  doc.font('bold').text(rublesInWords(toPay)).font('regular');
}

function receipt(doc: Doc, paper: PaperOrder, shop: ShopRequisites) {
  const { order } = paper;
  const usable = doc.page.width - MARGIN * 2;
  title(doc, `Товарный чек № ${orderNumber(order.id)} от ${formatDateShort(order.createdAt)}`);
  field(doc, 'Продавец', `${shop.company}, ИНН ${shop.inn}, ОГРН ${shop.ogrn}`);
  field(doc, 'Адрес', shop.address);
  field(doc, 'Покупатель', customerOf(paper));
  field(doc, 'Способ оплаты', paper.methodName);
  doc.moveDown(0.6);
  goodsTable(doc, paper, usable);
  doc.moveDown(1.5);
  doc.text('Продавец ____________________ / ____________________ /        М. П.');
}

function invoice(doc: Doc, paper: PaperOrder, shop: ShopRequisites) {
  const { order } = paper;
  const usable = doc.page.width - MARGIN * 2;
  const half = usable * 0.55;
  table(
    doc,
    [
      { title: 'Банк получателя', width: half },
      { title: 'БИК / Сч. №', width: usable - half },
    ],
    [
      [shop.bank, `БИК ${shop.bik}\nСч. № ${shop.correspondentAccount}`],
      [`ИНН ${shop.inn}   КПП ${shop.kpp}\nПолучатель: ${shop.company}`, `Сч. № ${shop.account}`],
    ],
  );
  doc.moveDown(0.4);
  title(doc, `Счёт на оплату № ${orderNumber(order.id)} от ${formatDateShort(order.createdAt)}`);
  field(
    doc,
    'Поставщик',
    `${shop.company}, ИНН ${shop.inn}, КПП ${shop.kpp}, ${shop.address}, тел. ${shop.phone}`,
  );
  field(doc, 'Покупатель', customerOf(paper));
  field(doc, 'Основание', `Заказ ${orderNumber(order.id)}`);
  doc.moveDown(0.6);
  goodsTable(doc, paper, usable);
  doc.moveDown(0.6);
  doc.text(
    `Назначение платежа: «Оплата по счёту ${orderNumber(order.id)} за товары, без НДС». Счёт действителен 5 банковских дней; товар резервируется до оплаты.`,
  );
  doc.moveDown(1.5);
  doc.text('Руководитель ____________________        Бухгалтер ____________________');
}

function packing(doc: Doc, paper: PaperOrder) {
  const { order, lines, delivery } = paper;
  const usable = doc.page.width - MARGIN * 2;
  title(doc, `Лист сборки — заказ ${orderNumber(order.id)} от ${formatDateShort(order.createdAt)}`);
  field(doc, 'Получатель', customerOf(paper));
  field(doc, 'Доставка', deliveryTitle(paper));
  field(doc, 'Адрес', whereTo(paper));
  field(doc, 'Оплата', paper.methodName);
  const marks = [
    delivery.ecopack ? 'эко-упаковка' : '',
    delivery.hydrolats ? 'есть гидролаты — беречь от холода' : '',
    delivery.call_before ? 'позвонить перед доставкой' : '',
    delivery.consultation ? 'нужна консультация' : '',
  ].filter(Boolean);
  field(doc, 'Отметки', marks.join('; '));
  field(doc, 'Комментарий покупателя', delivery.comment);
  doc.moveDown(0.6);
  table(
    doc,
    [
      { title: '✓', width: 26, align: 'center' },
      { title: 'Товар', width: usable - 26 - 90 - 60 },
      { title: 'Объём', width: 90 },
      { title: 'Кол-во', width: 60, align: 'right' },
    ],
    lines.map((line) => [
      '☐',
      `${line.name}${line.gift ? ' (подарок)' : ''}`,
      line.volume,
      `${line.quantity} шт.`,
    ]),
  );
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  doc.text(`Всего: ${formatCount(count, GOODS_FORMS)}, сумма заказа ${formatRub(order.total)}`);
  doc.moveDown(1.5);
  doc.text('Собрал ____________________        Проверил ____________________');
}

function label(doc: Doc, paper: PaperOrder, shop: ShopRequisites) {
  const { order } = paper;
  doc
    .font('bold')
    .fontSize(11)
    .text(`Заказ ${orderNumber(order.id)}`, { continued: true });
  doc.font('regular').text(`   ${deliveryTitle(paper)}`);
  doc.moveDown(0.5);
  doc.font('regular').fontSize(9).text('Кому:');
  doc.font('bold').fontSize(15).text(`${order.fam} ${order.name}`.trim());
  doc.font('regular').fontSize(12).text(formatRussianPhone(order.tel));
  doc.moveDown(0.3);
  doc.font('regular').fontSize(9).text('Куда:');
  doc.font('bold').fontSize(13).text(whereTo(paper));
  doc.moveDown(0.5);
  doc.font('regular').fontSize(8).text(`От: ${shop.company}, ${shop.address}, тел. ${shop.phone}`);
  if (order.paymentState !== 'paid' && order.sposobOplat === 4) {
    doc
      .moveDown(0.3)
      .font('bold')
      .fontSize(11)
      .text(`Наложенный платёж: ${formatRub(order.total - order.certificateAmount)}`);
  }
}

/** One PDF of `paper` for each order, in the order given. */
export function renderOrderPapers(
  paper: OrderPaper,
  orders: PaperOrder[],
  shop: ShopRequisites,
): Promise<Buffer> {
  const isLabel = paper === 'label';
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: ORDER_PAPER_NAMES[paper], Author: shop.company, Creator: shop.company },
    lang: 'ru-RU',
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const order of orders) {
    doc.addPage(isLabel ? { size: LABEL_SIZE, margin: LABEL_MARGIN } : { size: 'A4', margin: MARGIN });
    doc.font('regular').fontSize(10);
    if (paper === 'receipt') receipt(doc, order, shop);
    else if (paper === 'invoice') invoice(doc, order, shop);
    else if (paper === 'packing') packing(doc, order);
    else label(doc, order, shop);
  }
  doc.end();
  return done;
}
