// type=sale: the shop's orders as CommerceML Документ elements for 1C (mode=query); when 1C says it took them
// (mode=success) the orders' service marks them exported.
import { getPaymentMethodName } from '@efir/domain/delivery-catalogue';
import { CERTIFICATE_CATEGORY_URL, CERTIFICATE_PAYMENT_NAME } from '@efir/domain/gift-certificate-wire';
import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../catalog/catalog.table.ts';
import { ORDER_STATUS_NAMES, orderNumber, PAYMENT_STATE_NAMES } from '../orders/orders.service.ts';
import { type OrderStatus, orderLines, orders } from '../orders/orders.table.ts';
import type { ExchangeFileResult } from './exchange.table.ts';
import {
  child,
  children,
  isTrue,
  PackageError,
  readXmlRecords,
  textOf,
  type XmlNode,
} from './exchange-xml.ts';

/** At most this many orders in one answer; the rest go in the next session. */
const ORDERS_PER_QUERY = 200;
/** 1C's own Ид for the delivery line: a service, not goods from the warehouse. */
const DELIVERY_LINE_ID = 'ORDER_DELIVERY';

function escapeXml(text: string | number): string {
  return (
    String(text)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // XML 1.0 has no place for control characters other than tab and line breaks.
      .replace(/\p{Cc}/gu, (character) => ('\t\n\r'.includes(character) ? character : ''))
  );
}

const el = (name: string, value: string | number) => `<${name}>${escapeXml(value)}</${name}>`;
const requisite = (name: string, value: string | number) =>
  `<ЗначениеРеквизита>${el('Наименование', name)}${el('Значение', value)}</ЗначениеРеквизита>`;

/** Moscow time, as 1C expects a local date and time without a zone. */
function moscow(date: Date): { day: string; time: string; full: string } {
  const shifted = new Date(date.getTime() + 3 * 60 * 60 * 1000).toISOString();
  return { day: shifted.slice(0, 10), time: shifted.slice(11, 19), full: shifted.slice(0, 19) };
}

function line(fields: {
  id: string;
  name: string;
  price: number;
  quantity: number;
  sum: number;
  discount: number;
  kind: 'Товар' | 'Услуга';
}): string {
  const discount =
    fields.discount > 0
      ? `<Скидки><Скидка>${el('Наименование', 'Скидка')}${el('Сумма', fields.discount)}${el('УчтеноВСумме', 'true')}</Скидка></Скидки>`
      : '';
  return [
    '<Товар>',
    el('Ид', fields.id),
    el('Наименование', fields.name),
    '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
    el('ЦенаЗаЕдиницу', fields.price),
    el('Количество', fields.quantity),
    el('Сумма', fields.sum),
    discount,
    '<ЗначенияРеквизитов>',
    requisite('ВидНоменклатуры', fields.kind),
    requisite('ТипНоменклатуры', fields.kind),
    '</ЗначенияРеквизитов>',
    '</Товар>',
  ].join('');
}

/**
 * The orders 1C has not taken yet, as a CommerceML 2.05 document, and their ids (to mark at success). Only orders
 * placed from `since` on: the shop's history before 1C was connected is not 1C's to book (decision 027).
 */
export async function exportOrders(
  db: Database,
  since: Date,
  now = new Date(),
): Promise<{ xml: string; orderIds: number[] }> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(isNull(orders.exportedAt), gte(orders.createdAt, since)))
    .orderBy(asc(orders.id))
    .limit(ORDERS_PER_QUERY);
  const ids = rows.map((row) => row.id);
  const lines =
    ids.length > 0
      ? await db
          .select({ line: orderLines, externalId: products.externalId, categoryUrl: categories.url })
          .from(orderLines)
          .leftJoin(products, eq(products.id, orderLines.productId))
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .where(inArray(orderLines.orderId, ids))
          .orderBy(asc(orderLines.id))
      : [];
  const documents = rows.map((order) => {
    const when = moscow(order.createdAt);
    const goods = lines
      .filter(({ line: item }) => item.orderId === order.id)
      .map(({ line: item, externalId, categoryUrl }) =>
        line({
          // Goods that came from 1C go back under their Ид; the shop's own ones under «efir-<id>».
          id: externalId ?? `efir-${item.productId}`,
          name: item.volume ? `${item.name}, ${item.volume}` : item.name,
          price: item.cena,
          quantity: item.quantity,
          sum: item.sum,
          discount: Math.max(0, item.cena * item.quantity - item.sum),
          // A gift certificate sold is not goods: an advance, booked as a service (decision 045).
          kind: categoryUrl === CERTIFICATE_CATEGORY_URL ? 'Услуга' : 'Товар',
        }),
      );
    if (order.deliveryPrice > 0 || order.deliveryName)
      goods.push(
        line({
          id: DELIVERY_LINE_ID,
          name: `Доставка заказа: ${order.deliveryName}`,
          price: order.deliveryPrice,
          quantity: 1,
          sum: order.deliveryPrice,
          discount: 0,
          kind: 'Услуга',
        }),
      );
    const paid = order.paymentState === 'paid';
    const address = typeof order.delivery.address === 'string' ? order.delivery.address : order.deliveryName;
    return [
      '<Документ>',
      el('Ид', order.id),
      el('Номер', orderNumber(order.id)),
      el('Дата', when.day),
      el('Время', when.time),
      el('ХозОперация', 'Заказ товара'),
      el('Роль', 'Продавец'),
      el('Валюта', 'RUB'),
      el('Курс', 1),
      el('Сумма', order.total),
      '<Контрагенты><Контрагент>',
      el('Ид', order.userId ? `efir-user-${order.userId}` : `efir-guest-${order.email.toLowerCase()}`),
      el('Наименование', `${order.fam} ${order.name}`.trim()),
      el('ПолноеНаименование', `${order.fam} ${order.name}`.trim()),
      el('Фамилия', order.fam),
      el('Имя', order.name),
      el('Роль', 'Покупатель'),
      '<Контакты>',
      `<Контакт>${el('Тип', 'Почта')}${el('Значение', order.email)}</Контакт>`,
      `<Контакт>${el('Тип', 'ТелефонРабочий')}${el('Значение', order.tel)}</Контакт>`,
      '</Контакты>',
      '</Контрагент></Контрагенты>',
      el('Комментарий', order.promoCode ? `Промокод ${order.promoCode}` : ''),
      order.discount > 0
        ? `<Скидки><Скидка>${el('Наименование', 'Скидка на заказ')}${el('Сумма', order.discount)}${el('УчтеноВСумме', 'true')}</Скидка></Скидки>`
        : '',
      `<Товары>${goods.join('')}</Товары>`,
      '<ЗначенияРеквизитов>',
      // Certificates are a payment type of their own: the whole order, or their part beside the order's method.
      requisite(
        'Метод оплаты',
        order.certificateAmount > 0 && order.certificateAmount === order.total
          ? CERTIFICATE_PAYMENT_NAME
          : (getPaymentMethodName(order.sposobOplat) ?? ''),
      ),
      order.certificateAmount > 0 ? requisite('Оплачено сертификатом', order.certificateAmount) : '',
      order.certificateAmount > 0
        ? requisite('К оплате способом заказа', order.total - order.certificateAmount)
        : '',
      requisite('Заказ оплачен', paid ? 'true' : 'false'),
      requisite('Состояние оплаты', PAYMENT_STATE_NAMES[order.paymentState]),
      order.paidAt ? requisite('Дата оплаты', moscow(order.paidAt).full) : '',
      requisite('Отменен', order.status === 'cancelled' ? 'true' : 'false'),
      requisite('Статус заказа', ORDER_STATUS_NAMES[order.status]),
      requisite('Способ доставки', order.deliveryName),
      requisite('Адрес доставки', address),
      requisite('Сайт', 'Эфир'),
      '</ЗначенияРеквизитов>',
      '</Документ>',
    ].join('');
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="${moscow(now).full}">${documents.join('\n')}</КоммерческаяИнформация>\n`;
  return { xml, orderIds: ids };
}

/** A change 1C reports for one of our orders. */
export interface OrderChange {
  orderId: number;
  status: OrderStatus | null;
  paid: boolean;
}

/** At most this many documents in one orders file (1C sends the orders it changed since the last exchange). */
const DOCUMENTS_MAX = 10_000;

/** 1C's «Статус заказа» texts (1С:УТ, УНФ and the Bitrix codes [N]/[P]/[D]/[F]) → the shop's status. */
function statusFrom(document: XmlNode, requisites: Map<string, string>): OrderStatus | null {
  if (
    isTrue(requisites.get('Отменен')) ||
    isTrue(requisites.get('ПометкаУдаления')) ||
    isTrue(textOf(document, 'ПометкаУдаления'))
  )
    return 'cancelled';
  const status = (requisites.get('Статус заказа') ?? requisites.get('Статуса заказа ИД') ?? '').toLowerCase();
  if (/отмен/.test(status)) return 'cancelled';
  if (/\[f\]|выполнен|доставлен|закрыт|получен/.test(status)) return 'delivered';
  if (/\[d\]|отгруж|отправлен|в пути|передан/.test(status)) return 'shipped';
  if (requisites.get('Номер отгрузки по 1С') || requisites.get('Номер отгрузки')) return 'shipped';
  if (/\[n\]|\[p\]|принят|подтвержд|в работе|к отгрузке|собира/.test(status)) return 'confirmed';
  return null;
}

/** Reads 1C's orders file whole (a cut or hostile file is refused before any order changes). */
export async function readOrderChanges(file: string): Promise<{ changes: OrderChange[]; skipped: number }> {
  const changes: OrderChange[] = [];
  let skipped = 0;
  await readXmlRecords(file, {
    isRecord: (at) => at[at.length - 1] === 'Документ',
    onRecord: (_at, document) => {
      if (changes.length + skipped >= DOCUMENTS_MAX)
        throw new PackageError('Слишком много документов в одном файле');
      const requisites = new Map(
        children(child(document, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').map((item) => [
          textOf(item, 'Наименование'),
          textOf(item, 'Значение'),
        ]),
      );
      // Our own Ид is the order id; 1C may keep only our number «ЭФ-000123».
      const byId = textOf(document, 'Ид').match(/^\d{1,9}$/)?.[0];
      const byNumber = textOf(document, 'Номер').match(/^ЭФ-(\d{1,9})$/)?.[1];
      const orderId = Number(byId ?? byNumber ?? 0);
      if (!orderId || textOf(document, 'ХозОперация').replace('Заказ товара', '') !== '') {
        skipped++;
        return;
      }
      const paidOn = requisites.get('Дата оплаты по 1С') ?? requisites.get('Дата оплаты') ?? '';
      const paid =
        isTrue(requisites.get('Оплачен')) ||
        isTrue(requisites.get('Заказ оплачен')) ||
        /^\d{4}-\d\d-\d\d/.test(paidOn);
      changes.push({ orderId, status: statusFrom(document, requisites), paid });
    },
  });
  return { changes, skipped };
}

/** The steps from one status to another along the shop's flow (new → confirmed → shipped → delivered). */
export function statusSteps(from: OrderStatus, to: OrderStatus): OrderStatus[] {
  if (from === to || from === 'cancelled') return [];
  if (to === 'cancelled') return ['cancelled'];
  const flow: OrderStatus[] = ['new', 'confirmed', 'shipped', 'delivered'];
  const start = flow.indexOf(from);
  const end = flow.indexOf(to);
  return end > start ? flow.slice(start + 1, end + 1) : [];
}

/** What a moderator's order actions do (letters, stock, audit), for the changes 1C sends back. */
export interface OrderActions {
  changeStatus(orderId: number, status: OrderStatus): Promise<void>;
  markPaid(orderId: number): Promise<void>;
}

/** 1C's orders file (type=sale, mode=file): statuses and payments applied through the shop's own order actions. */
export async function applySaleFile(
  db: Database,
  actions: OrderActions,
  filename: string,
  file: string,
): Promise<ExchangeFileResult> {
  const started = Date.now();
  const { changes } = await readOrderChanges(file);
  const problems: string[] = [];
  let updated = 0;
  for (const change of changes) {
    const current = async () =>
      (
        await db
          .select({ status: orders.status, paymentState: orders.paymentState })
          .from(orders)
          .where(eq(orders.id, change.orderId))
      )[0];
    let order = await current();
    if (!order) {
      problems.push(`Заказ ${change.orderId} не найден`);
      continue;
    }
    try {
      let changed = false;
      if (change.paid && order.paymentState !== 'paid' && order.status !== 'cancelled') {
        await actions.markPaid(change.orderId);
        order = (await current())!;
        changed = true;
      }
      for (const step of change.status ? statusSteps(order.status, change.status) : []) {
        await actions.changeStatus(change.orderId, step);
        changed = true;
      }
      if (changed) updated++;
    } catch (error) {
      problems.push(`Заказ ${change.orderId}: ${error instanceof Error ? error.message : 'ошибка'}`);
    }
  }
  return {
    filename,
    kind: 'Заказы из 1С',
    created: 0,
    updated,
    hidden: 0,
    restocked: 0,
    ...(problems.length > 0 ? { error: problems.slice(0, 20).join('; ') } : {}),
    ms: Date.now() - started,
  };
}
