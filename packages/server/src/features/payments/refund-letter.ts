// The customer's letter (and Telegram message, when linked) about money returned; written to the outbox in the
// transaction that records the refund as succeeded.
import { formatRub } from '@efir/domain/money';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../account/account.table.ts';
import type { MailService } from '../mail/mail.service.ts';
import { orderNumber } from '../orders/orders.service.ts';
import { orders } from '../orders/orders.table.ts';
import type { OrderRefund } from './refunds.service.ts';

export async function tellAboutRefund(
  deps: { mail: MailService; origin: string },
  txDb: Database,
  refund: OrderRefund,
  summary: { paid: number; refunded: number },
): Promise<void> {
  const [order] = await txDb
    .select({ id: orders.id, email: orders.email, name: orders.name, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, Number(refund.orderId)));
  if (!order) return;
  const number = orderNumber(order.id);
  const whole = summary.refunded >= summary.paid;
  const text =
    `Мы вернули ${formatRub(refund.amount)} за заказ ${number}` +
    (whole
      ? ' — оплата возвращена полностью.'
      : ` (всего возвращено ${formatRub(summary.refunded)} из ${formatRub(summary.paid)}).`) +
    ' Деньги придут тем же способом, которым вы платили: на карту — обычно за 1–3 рабочих дня, через СБП — на счёт в банке. ' +
    'Чек возврата придёт отдельным письмом от оператора фискальных данных.';
  const link = `${deps.origin}/my-orders`;
  const subject = `Заказ ${number}: возврат ${formatRub(refund.amount)}`;
  await deps.mail.send(
    { to: order.email, subject, text: `Здравствуйте, ${order.name}!\n\n${text}\n\nВаши заказы: ${link}` },
    txDb,
  );
  if (order.userId === null) return;
  const [user] = await txDb
    .select({ chatId: users.telegramChatId })
    .from(users)
    .where(eq(users.id, order.userId));
  if (user?.chatId) await deps.mail.sendTelegram(user.chatId, `${subject}\n\n${text}\n\n${link}`, txDb);
}
