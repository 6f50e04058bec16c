// The owner hears of each new order (issue 38, point 6; decision 057): a letter and/or a Telegram message, written to
// the outbox in the transaction that places the order — so there is a notice exactly when there is an order. A
// one-click order says «перезвонить» and the phone first: the owner's next step is a call.
import { formatRub } from '@efir/domain/money';
import type { OrderView } from '@efir/domain/order-wire';
import { formatRussianPhone } from '@efir/domain/phone';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { MailService } from '../mail/mail.service.ts';

/** Where the owner wants to hear of new orders; a missing address turns that channel off. */
export interface OwnerNoticeSettings {
  email: string | null;
  telegramChatId: string | null;
}

/**
 * The one place the settings are read. Today they are the environment's (OWNER_NOTIFY_EMAIL,
 * OWNER_TELEGRAM_CHAT_ID); when the shop's settings move into the back office, this function reads them there.
 */
export function ownerNoticeSettings(
  config: Pick<Config, 'OWNER_NOTIFY_EMAIL' | 'OWNER_TELEGRAM_CHAT_ID'>,
): (db: Database) => Promise<OwnerNoticeSettings> {
  return async () => ({
    email: config.OWNER_NOTIFY_EMAIL ?? null,
    telegramChatId: config.OWNER_TELEGRAM_CHAT_ID ?? null,
  });
}

/** Queues the owner's notices of a just placed order in the order's transaction. */
export type OwnerNotice = (tx: Database, order: OrderView) => Promise<void>;

function describe(order: OrderView, origin: string): { subject: string; lines: string[] } {
  const phone = formatRussianPhone(order.tel);
  const who = [order.name, order.fam].filter(Boolean).join(' ');
  const subject = order.call_back
    ? `Заказ в 1 клик ${order.number} — перезвонить ${phone}`
    : `Новый заказ ${order.number} на ${formatRub(order.total)}`;
  const lines = [
    order.call_back ? `Перезвонить: ${phone}, ${who}` : `Покупатель: ${who}, ${phone}`,
    ...(order.email ? [`E-mail: ${order.email}`] : []),
    '',
    ...order.lines.map(
      (line) =>
        `• ${line.volume ? `${line.name}, ${line.volume}` : line.name} × ${line.quantity} — ${formatRub(line.sum)}`,
    ),
    '',
    order.call_back
      ? 'Доставку и оплату нужно согласовать по телефону.'
      : `Доставка: ${order.delivery_name}${order.delivery_price > 0 ? `, ${formatRub(order.delivery_price)}` : ''}`,
    ...(order.call_back ? [] : [`Оплата: ${order.sposob_oplat_name}`]),
    `Итого: ${formatRub(order.total)}`,
    '',
    `Открыть заказ: ${origin}/admin/orders/${order.id}`,
  ];
  return { subject, lines };
}

export function createOwnerNotice(deps: {
  mail: MailService;
  origin: string;
  settings: (db: Database) => Promise<OwnerNoticeSettings>;
}): OwnerNotice {
  return async (tx, order) => {
    const settings = await deps.settings(tx);
    if (!settings.email && !settings.telegramChatId) return;
    const { subject, lines } = describe(order, deps.origin);
    if (settings.email) await deps.mail.send({ to: settings.email, subject, text: lines.join('\n') }, tx);
    if (settings.telegramChatId)
      await deps.mail.sendTelegram(settings.telegramChatId, [subject, '', ...lines].join('\n'), tx);
  };
}
