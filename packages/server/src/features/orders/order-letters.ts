// The letter an order writes when it is placed: its lines, totals, payment (and the invoice for a bank transfer).
import { formatRub } from '@efir/domain/money';
import type { OrderView } from '@efir/domain/order-wire';
import { escapeLetterHtml, letterButton, letterParagraph, letterTable } from '../mail/letter-html.ts';
import type { Letter } from '../mail/mail.service.ts';

function describeInvoice(order: OrderView): string[] {
  const invoice = order.invoice;
  if (!invoice) return [];
  const r = invoice.recipient;
  return [
    `Счёт на оплату ${invoice.number} — ${formatRub(invoice.amount)}`,
    `Получатель: ${r.company}, ИНН ${r.inn}, КПП ${r.kpp}`,
    `Банк: ${r.bank}, БИК ${r.bik}`,
    `Р/с ${r.account}, к/с ${r.correspondentAccount}`,
    `Назначение платежа: ${invoice.purpose}`,
    'Мы отправим заказ, как только деньги поступят на счёт (обычно 1–2 рабочих дня).',
  ];
}

export function orderPlacedLetter(order: OrderView, origin: string): Letter {
  const lineName = (line: OrderView['lines'][number]) =>
    line.volume ? `${line.name}, ${line.volume}` : line.name;
  const delivery = order.delivery_price > 0 ? formatRub(order.delivery_price) : 'бесплатно';
  const invoice = describeInvoice(order);
  const link = `${origin}/my-orders`;
  return {
    to: order.email,
    subject: `Заказ ${order.number} принят`,
    text: [
      `Здравствуйте, ${order.name}!`,
      '',
      `Спасибо за заказ ${order.number}. Состав:`,
      ...order.lines.map((line) => `• ${lineName(line)} × ${line.quantity} — ${formatRub(line.sum)}`),
      '',
      `Товары: ${formatRub(order.goods_total)}`,
      `Доставка (${order.delivery_name}): ${delivery}`,
      `Итого: ${formatRub(order.total)}`,
      ...(order.certificate_amount > 0
        ? [
            `Оплачено сертификатом: ${formatRub(order.certificate_amount)}`,
            order.to_pay > 0 ? `Осталось оплатить: ${formatRub(order.to_pay)}` : 'Заказ оплачен полностью',
          ]
        : []),
      `Оплата: ${order.sposob_oplat_name}`,
      ...(invoice.length > 0 ? ['', ...invoice] : []),
      '',
      `Статус заказа: ${link}`,
    ].join('\n'),
    html:
      letterParagraph(`Здравствуйте, ${order.name}! Спасибо за заказ ${order.number}.`) +
      letterTable(
        [
          ...order.lines.map((line) => ({
            name: lineName(line),
            detail: `${line.quantity} × ${formatRub(line.price)}`,
            sum: formatRub(line.sum),
          })),
          { name: `Доставка: ${order.delivery_name}`, detail: '', sum: delivery },
        ],
        { label: 'Итого', sum: formatRub(order.total) },
      ) +
      (order.certificate_amount > 0
        ? letterParagraph(
            `Оплачено сертификатом: ${formatRub(order.certificate_amount)}. ${order.to_pay > 0 ? `Осталось оплатить: ${formatRub(order.to_pay)}` : 'Заказ оплачен полностью'}`,
          )
        : '') +
      letterParagraph(`Оплата: ${order.sposob_oplat_name}`) +
      (invoice.length > 0
        ? `<p style="margin:0 0 14px;padding:12px;background:#faf7f0;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:21px;color:#262a27">${invoice.map(escapeLetterHtml).join('<br>')}</p>`
        : '') +
      letterButton('Мои заказы', link),
  };
}

/** «Купить в 1 клик» (decision 029): the lines at today's price; delivery and payment are agreed on the call. */
/** `guestKey`: a guest's key to the order, for the payment link of an order paid online (a gift certificate). */
export function oneClickLetter(order: OrderView, origin: string, guestKey: string | null = null): Letter {
  const lineName = (line: OrderView['lines'][number]) =>
    line.volume ? `${line.name}, ${line.volume}` : line.name;
  // The order's own page (/checkout/done), which offers «Оплатить» while a card order is unpaid.
  const payUrl = `${origin}/checkout/done?order=${order.id}${guestKey ? `&key=${guestKey}` : ''}`;
  // A gift certificate is paid online first (decision 050); its letter with the code leaves after the payment.
  const next =
    order.payment_state === 'awaiting'
      ? `Оплатите заказ картой или через СБП: ${payUrl} — сертификат с кодом придёт на e-mail после оплаты.`
      : 'Мы перезвоним вам в рабочее время, чтобы договориться о доставке и оплате.';
  return {
    to: order.email,
    subject: `Заказ ${order.number} принят — ${order.payment_state === 'awaiting' ? 'ждёт оплаты' : 'мы перезвоним'}`,
    text: [
      `Здравствуйте, ${order.name}!`,
      '',
      `Спасибо за заказ ${order.number} в один клик. Состав:`,
      ...order.lines.map((line) => `• ${lineName(line)} × ${line.quantity} — ${formatRub(line.sum)}`),
      '',
      `Товары: ${formatRub(order.goods_total)}`,
      next,
      '',
      `Ваши заказы: ${origin}/my-orders`,
    ].join('\n'),
    html:
      letterParagraph(`Здравствуйте, ${order.name}! Спасибо за заказ ${order.number} в один клик.`) +
      letterTable(
        order.lines.map((line) => ({
          name: lineName(line),
          detail: `${line.quantity} × ${formatRub(line.price)}`,
          sum: formatRub(line.sum),
        })),
        { label: 'Товары', sum: formatRub(order.goods_total) },
      ) +
      letterParagraph(next) +
      letterButton('Мои заказы', `${origin}/my-orders`),
  };
}
