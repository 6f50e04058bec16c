// The audit log in words (issue 38, point 9; decision 057): what happened in Russian («Создан промокод»), to what
// («промокод LETO10», «заказ ЭФ-000123»), and each changed field as «было → стало» with its Russian name and a
// readable value — no raw JSON. An action or field this list does not know yet still reads in Russian.
import { formatRub } from './money.ts';

const ACTIONS: Record<string, string> = {
  'order.status': 'Изменён статус заказа',
  'order.tracking': 'Изменён трек-номер заказа',
  'order.payment': 'Обновлена оплата заказа',
  'order.refund': 'Возврат денег по заказу',
  'order.certificate_refund': 'Возврат на подарочный сертификат',
  'order.edit': 'Изменён заказ',
  'order.create': 'Создан заказ',
  'order.paid': 'Заказ отмечен оплаченным',
  'product.create': 'Создан товар',
  'product.update': 'Изменён товар',
  'product.image': 'Изменены фотографии товара',
  'content.create': 'Создан материал',
  'content.update': 'Изменён материал',
  'content.delete': 'Удалён материал',
  'review.publish': 'Отзыв опубликован',
  'review.reject': 'Отзыв отклонён',
  'comment.publish': 'Комментарий опубликован',
  'comment.reject': 'Комментарий отклонён',
  'question.answer': 'Дан ответ на вопрос',
  'customer.discount': 'Изменена скидка покупателя',
  'promo.create': 'Создан промокод',
  'promo.update': 'Изменён промокод',
  'promo.deactivate': 'Промокод выключен',
  'promo.delete': 'Удалён промокод',
  'diploma.accept': 'Документы об образовании приняты',
  'diploma.return': 'Документы об образовании возвращены',
  'gift_certificate.issue': 'Выпущен подарочный сертификат',
  'gift_certificate.resend': 'Сертификат отправлен повторно',
  'gift_certificate.block': 'Сертификат заблокирован',
  'gift_certificate.unblock': 'Сертификат разблокирован',
  'gift_certificate.extend': 'Срок сертификата продлён',
  'outbox.retry': 'Письмо отправлено повторно',
};

/** The thing an entry is about, in the nominative, lower case. */
const ENTITIES: Record<string, string> = {
  order: 'заказ',
  product: 'товар',
  content: 'материал',
  page: 'страница',
  menu: 'меню',
  slide: 'слайд',
  review: 'отзыв',
  comment: 'комментарий',
  question: 'вопрос',
  customer: 'покупатель',
  promo: 'промокод',
  diploma: 'документы',
  gift_certificate: 'сертификат',
  letter: 'письмо',
};

const FIELDS: Record<string, string> = {
  status: 'Статус',
  state: 'Состояние',
  state_name: 'Состояние',
  payment_state: 'Оплата',
  payment_status: 'Платёж',
  carrier: 'Перевозчик',
  tracking_number: 'Трек-номер',
  refunded: 'Возвращено',
  amount: 'Сумма',
  certificate_refunded: 'Возвращено на сертификаты',
  comment: 'Комментарий',
  name: 'Название',
  latin_name: 'Латинское название',
  url: 'Адрес',
  category_id: 'Категория',
  family_key: 'Семейство',
  volume: 'Объём',
  cena: 'Цена',
  cena_st: 'Старая цена',
  stock: 'Остаток',
  icons: 'Значки',
  visible: 'Показан в каталоге',
  description: 'Описание',
  composition: 'Состав',
  usage: 'Применение',
  safety: 'Меры предосторожности',
  country: 'Страна',
  plant_part: 'Часть растения',
  extraction_method: 'Способ получения',
  html_title: 'Заголовок страницы',
  meta_description: 'Мета-описание',
  brand: 'Бренд',
  gtin: 'Штрихкод',
  special_price_until: 'Спеццена до',
  images: 'Фотографии',
  title: 'Заголовок',
  html: 'Текст',
  answer: 'Ответ',
  skidka: 'Скидка, %',
  skidka_manual: 'Скидка вручную, %',
  code: 'Код',
  condition_type: 'Условие',
  percent: 'Скидка, %',
  min_total: 'Сумма заказа от',
  valid_from: 'Действует с',
  valid_to: 'Действует по',
  usage_limit: 'Сколько раз можно применить',
  used_count: 'Применён раз',
  active: 'Включён',
  excluded_category_ids: 'Кроме категорий',
  value: 'Номинал',
  expires_at: 'Действует до',
  attempts: 'Попыток',
  comments_count: 'Комментариев',
  page: 'Страница',
  total: 'Сумма заказа',
  delivery_price: 'Доставка',
};

/** Fields whose numbers are roubles. */
const MONEY_FIELDS = new Set([
  'refunded',
  'amount',
  'certificate_refunded',
  'cena',
  'cena_st',
  'min_total',
  'value',
  'total',
  'delivery_price',
]);

/** Codes stored as values (statuses, states), in words. */
const VALUES: Record<string, string> = {
  new: 'новый',
  confirmed: 'подтверждён',
  shipped: 'отправлен',
  delivered: 'доставлен',
  cancelled: 'отменён',
  not_required: 'не требуется',
  awaiting: 'ожидает оплаты',
  pending: 'ожидает',
  paid: 'оплачен',
  canceled: 'отменён',
  succeeded: 'проведён',
  waiting_for_capture: 'ждёт подтверждения',
  published: 'опубликован',
  rejected: 'отклонён',
  moderation: 'на проверке',
  active: 'действует',
  blocked: 'заблокирован',
  expired: 'истёк',
  spent: 'израсходован',
  accepted: 'приняты',
  returned: 'возвращены',
  sent: 'отправлено',
  failed: 'не отправлено',
};

/** Keys that name the thing rather than change it. */
const SKIPPED = new Set(['id', 'state_name']);
const MAX_TEXT = 160;

export interface AuditChange {
  field: string;
  /** null: the field had no value (a thing created) or has none now (a thing deleted). */
  before: string | null;
  after: string | null;
}

export function auditActionName(action: string, entity: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const thing = ENTITIES[entity] ?? 'запись';
  return `Изменение: ${thing}`;
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One stored value in words. */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'number')
    return MONEY_FIELDS.has(field) ? formatRub(value) : value.toLocaleString('ru-RU');
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value.map((item) => auditValue(field, item)).join(', ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${FIELDS[key] ?? key}: ${auditValue(key, inner)}`)
      .join('; ');
  }
  const text = String(value);
  const word = VALUES[text];
  if (word) return word;
  const plain = /<[a-z][^>]*>/i.test(text) ? plainText(text) : text;
  return plain.length > MAX_TEXT ? `${plain.slice(0, MAX_TEXT - 1)}…` : plain;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The fields an entry changed, «было → стало»; a field the same before and after is left out. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = asRecord(before);
  const now = asRecord(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((key) => !SKIPPED.has(key));
  const changes: AuditChange[] = [];
  for (const key of keys) {
    if (JSON.stringify(was[key]) === JSON.stringify(now[key])) continue;
    changes.push({
      field: FIELDS[key] ?? key,
      before: key in was ? auditValue(key, was[key]) : null,
      after: key in now ? auditValue(key, now[key]) : null,
    });
  }
  return changes;
}

/** «промокод LETO10», «заказ ЭФ-000123», «товар „Лаванда“»: the thing an entry is about, by what people call it. */
export function auditObjectName(entity: string, entityId: string, before: unknown, after: unknown): string {
  const thing = ENTITIES[entity] ?? 'запись';
  if (entity === 'order' && /^\d+$/.test(entityId)) return `${thing} ЭФ-${entityId.padStart(6, '0')}`;
  const known = { ...asRecord(before), ...asRecord(after) };
  const label = known.code ?? known.name ?? known.title;
  if (typeof label === 'string' && label.trim()) return `${thing} «${label.trim()}»`;
  return `${thing} (код ${entityId})`;
}
