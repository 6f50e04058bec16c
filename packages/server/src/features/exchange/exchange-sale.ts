// type=sale: the shop's orders as CommerceML Документ elements for 1C (mode=query), marked exported when 1C says
// it took them (mode=success).
import { getPaymentMethodName } from '@efir/domain/delivery-catalogue';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../catalog/catalog.table.ts';
import { ORDER_STATUS_NAMES, orderNumber, PAYMENT_STATE_NAMES } from '../orders/orders.service.ts';
import { orderLines, orders } from '../orders/orders.table.ts';

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

/** The orders 1C has not taken yet, as a CommerceML 2.05 document, and their ids (to mark at success). */
export async function exportOrders(
  db: Database,
  now = new Date(),
): Promise<{ xml: string; orderIds: number[] }> {
  const rows = await db
    .select()
    .from(orders)
    .where(isNull(orders.exportedAt))
    .orderBy(asc(orders.id))
    .limit(ORDERS_PER_QUERY);
  const ids = rows.map((row) => row.id);
  const lines =
    ids.length > 0
      ? await db
          .select({ line: orderLines, externalId: products.externalId })
          .from(orderLines)
          .leftJoin(products, eq(products.id, orderLines.productId))
          .where(inArray(orderLines.orderId, ids))
          .orderBy(asc(orderLines.id))
      : [];
  const documents = rows.map((order) => {
    const when = moscow(order.createdAt);
    const goods = lines
      .filter(({ line: item }) => item.orderId === order.id)
      .map(({ line: item, externalId }) =>
        line({
          // Goods that came from 1C go back under their Ид; the shop's own ones under «efir-<id>».
          id: externalId ?? `efir-${item.productId}`,
          name: item.volume ? `${item.name}, ${item.volume}` : item.name,
          price: item.cena,
          quantity: item.quantity,
          sum: item.sum,
          discount: Math.max(0, item.cena * item.quantity - item.sum),
          kind: 'Товар',
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
      requisite('Метод оплаты', getPaymentMethodName(order.sposobOplat) ?? ''),
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

/** mode=success: the orders of the last query are in 1C now. */
export async function markExported(db: Database, orderIds: number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const marked = await db
    .update(orders)
    .set({ exportedAt: sql`now()` })
    .where(and(inArray(orders.id, orderIds), isNull(orders.exportedAt)))
    .returning({ id: orders.id });
  return marked.length;
}
