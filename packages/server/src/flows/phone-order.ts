// An order taken by phone (issue 38 point 2, decision 055): the customer found by e-mail or phone (the order joins
// the account and gets its personal discount) or a guest order for a new one; the goods priced by checkout's rules,
// stock taken in the order's transaction, the order's letter through the outbox — with the payment link of the
// order's own page when it is paid online (the checkout's payment creation runs when the customer opens it).
import { randomUUID } from 'node:crypto';
import type { PhoneOrder } from '@efir/domain/order-edit-wire';
import { or, sql } from 'drizzle-orm';
import { writeAudit } from '../back-office/audit.ts';
import type { Database } from '../db/client.ts';
import { users } from '../features/account/account.table.ts';
import { letterButton } from '../features/mail/letter-html.ts';
import type { MailService } from '../features/mail/mail.service.ts';
import { orderPlacedLetter } from '../features/orders/order-letters.ts';
import { findOrderByKey, insertCheckoutOrder, phoneKey } from '../features/orders/orders.repo.ts';
import { CARD_ONLINE, toOrderView } from '../features/orders/orders.service.ts';
import { conflict } from '../lib/app-error.ts';
import { deliveryOf, moveStock, paymentLinkOf, priceLines, resolveLines } from './order-edit-parts.ts';

export interface PhoneOrderDeps {
  db: Database;
  mail: MailService;
  origin: string;
}

/** The account with this e-mail, else the one with this phone (the last 10 digits), else none. */
async function findCustomer(db: Database, email: string, tel: string) {
  const digits = phoneKey(tel);
  const rows = await db
    .select({ id: users.id, email: users.email, tel: users.tel, skidka: users.skidka })
    .from(users)
    .where(
      or(
        email ? sql`lower(${users.email}) = ${email.toLowerCase()}` : sql`false`,
        digits.length === 10
          ? sql`right(regexp_replace(${users.tel}, '[^0-9]', '', 'g'), 10) = ${digits}`
          : sql`false`,
      ),
    )
    .orderBy(users.id);
  return rows.find((row) => email && row.email.toLowerCase() === email.toLowerCase()) ?? rows[0] ?? null;
}

export async function placePhoneOrder(
  deps: PhoneOrderDeps,
  input: PhoneOrder,
  moderatorId: number,
): Promise<{ orderId: number; created: boolean; customerId: number | null; paymentLink: string | null }> {
  const { db } = deps;
  const answer = (
    order: { id: number; userId: number | null; guestKey: string; sposobOplat: number },
    created: boolean,
  ) => ({
    orderId: order.id,
    created,
    customerId: order.userId,
    paymentLink: order.sposobOplat === CARD_ONLINE ? paymentLinkOf(deps.origin, order) : null,
  });
  const existing = await findOrderByKey(db, input.idempotency_key);
  if (existing) return answer(existing, false);
  const customer = await findCustomer(db, input.recipient.email, input.recipient.tel);
  const email = input.recipient.email || customer?.email || '';
  const items = await resolveLines(db, input.lines);
  const priced = await priceLines(db, items, customer?.skidka ?? 0, null);
  const delivery = deliveryOf(input.delivery, input.comment);
  const guestKey = randomUUID();
  const placed = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const order = await insertCheckoutOrder(
      txDb,
      {
        idempotencyKey: input.idempotency_key,
        userId: customer?.id ?? null,
        guestKey,
        paymentState: input.sposob_oplat === CARD_ONLINE ? 'awaiting' : 'not_required',
        name: input.recipient.name,
        fam: input.recipient.fam,
        email,
        tel: input.recipient.tel,
        delivery: delivery.form,
        deliveryName: delivery.name,
        deliveryPrice: delivery.price,
        sposobOplat: input.sposob_oplat,
        promoCode: null,
        skidka: priced.skidka,
        subtotal: priced.subtotal,
        discount: priced.discount,
        goodsTotal: priced.goodsTotal,
        total: priced.goodsTotal + delivery.price,
        hydr: false,
        callBack: false,
      },
      priced.lines,
      null,
    );
    if (!order) return null;
    await moveStock(txDb, [], priced.lines);
    const overrides = items.filter((item) => item.override);
    await writeAudit(txDb, {
      userId: moderatorId,
      action: 'order.phone',
      entity: 'order',
      entityId: order.id,
      after: {
        total: order.total,
        customer_id: order.userId,
        ...(overrides.length > 0
          ? { prices: overrides.map((item) => ({ product_id: item.productId, ...item.override })) }
          : {}),
      },
    });
    if (order.email) {
      const letter = orderPlacedLetter(toOrderView(order, priced.lines), deps.origin);
      if (order.sposobOplat === CARD_ONLINE) {
        const link = paymentLinkOf(deps.origin, order);
        letter.text += `\n\nОплатить заказ картой или через СБП: ${link}`;
        letter.html = `${letter.html ?? ''}${letterButton('Оплатить заказ', link)}`;
      }
      await deps.mail.send(letter, txDb);
    }
    return order;
  });
  if (!placed) {
    const winner = await findOrderByKey(db, input.idempotency_key);
    if (!winner) throw conflict('Заказ уже создаётся, повторите через секунду');
    return answer(winner, false);
  }
  return answer(placed, true);
}
