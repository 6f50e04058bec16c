// Abandoned-cart reminders: a logged-in customer with mailings on whose cart has not changed for
// ABANDONED_CART_HOURS gets one letter with the lines (as the cart prices them now) and a link back. Never for
// goods bought since they were put in the cart, and once per cart state: the lines reminded of are written on the
// cart in the letter's own transaction, by a conditional update, so two instances cannot both send it.
import type { CartLine } from '@efir/domain/cart-wire';
import { formatRub } from '@efir/domain/money';
import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { findUserById } from '../account/account.service.ts';
import { users } from '../account/account.table.ts';
import { letterButton, letterParagraph, letterTable } from '../mail/letter-html.ts';
import type { MailService } from '../mail/mail.service.ts';
import { orderLines, orders } from '../orders/orders.table.ts';
import { findCartById } from './cart.repo.ts';
import type { CartService } from './cart.service.ts';
import { cartLines, carts } from './cart.table.ts';

export interface AbandonedCartDeps {
  db: Database;
  cart: CartService;
  mail: MailService;
  origin: string;
  hours: number;
  unsubscribeUrl(userId: number): string;
}

/** Carts of customers with mailings on, untouched since `before`, with lines, not reminded of in this state. */
async function findQuietCarts(db: Database, before: Date) {
  const lastTouch = sql`greatest(${carts.updatedAt}, (select max(${cartLines.addedAt}) from ${cartLines} where ${cartLines.cartId} = ${carts.id}))`;
  return db
    .select({ id: carts.id, userId: carts.userId })
    .from(carts)
    .innerJoin(users, eq(users.id, carts.userId))
    .where(
      and(
        isNotNull(carts.userId),
        eq(users.mailings, true),
        sql`exists (select 1 from ${cartLines} where ${cartLines.cartId} = ${carts.id})`,
        sql`${lastTouch} < ${before.toISOString()}::timestamptz`,
      ),
    );
}

/** Products of the cart the customer has ordered since putting them there. */
async function findBoughtSince(db: Database, cartId: string, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ productId: cartLines.productId })
    .from(cartLines)
    .innerJoin(orderLines, eq(orderLines.productId, cartLines.productId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(cartLines.cartId, cartId),
        eq(orders.userId, userId),
        sql`${orders.createdAt} >= ${cartLines.addedAt}`,
      ),
    );
  return new Set(rows.map((row) => row.productId));
}

/** The cart's state as reminded of: its lines, in product order. */
export function cartState(lines: readonly Pick<CartLine, 'id' | 'quantity'>[]): string {
  return [...lines]
    .sort((a, b) => a.id - b.id)
    .map((line) => `${line.id}:${line.quantity}`)
    .join(',');
}

function describeLine(line: CartLine): { name: string; detail: string; sum: string } {
  return {
    name: line.volume ? `${line.name}, ${line.volume}` : line.name,
    detail: `${line.quantity} × ${formatRub(line.price)}`,
    sum: formatRub(line.sum),
  };
}

/** One pass: writes the due reminders to the outbox; returns how many. */
export async function remindAbandonedCarts(deps: AbandonedCartDeps, now: Date): Promise<number> {
  if (deps.hours <= 0) return 0;
  const before = new Date(now.getTime() - deps.hours * 60 * 60 * 1000);
  let written = 0;
  for (const quiet of await findQuietCarts(deps.db, before)) {
    const [cart, user] = await Promise.all([
      findCartById(deps.db, quiet.id),
      findUserById(deps.db, quiet.userId!),
    ]);
    if (!cart || !user?.mailings) continue;
    const [view, bought] = await Promise.all([
      deps.cart.view(cart, user, { recommendations: false }),
      findBoughtSince(deps.db, cart.id, user.id),
    ]);
    const lines = view.cart.lines.filter((line) => !line.gift && !bought.has(line.id));
    if (lines.length === 0) continue;
    const state = cartState(lines);
    const total = lines.reduce((sum, line) => sum + line.sum, 0);
    const link = `${deps.origin}/cart`;
    const rows = lines.map(describeLine);
    const sent = await deps.db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const claimed = await txDb
        .update(carts)
        .set({ remindedState: state })
        .where(and(eq(carts.id, cart.id), or(isNull(carts.remindedState), ne(carts.remindedState, state))))
        .returning({ id: carts.id });
      if (claimed.length === 0) return false;
      await deps.mail.send(
        {
          to: user.email,
          subject: 'Вы оставили товары в корзине',
          text: [
            `Здравствуйте, ${user.name}!`,
            '',
            'В вашей корзине остались товары:',
            ...rows.map((row) => `• ${row.name} — ${row.detail} = ${row.sum}`),
            '',
            `Итого: ${formatRub(total)}`,
            '',
            `Вернуться к корзине: ${link}`,
          ].join('\n'),
          html:
            letterParagraph(`Здравствуйте, ${user.name}! В вашей корзине остались товары:`) +
            letterTable(rows, { label: 'Итого', sum: formatRub(total) }) +
            letterButton('Вернуться к корзине', link) +
            letterParagraph('Цены указаны на сегодня; товары в корзине не бронируются.'),
          unsubscribeUrl: deps.unsubscribeUrl(user.id),
        },
        txDb,
      );
      return true;
    });
    if (sent) written += 1;
  }
  return written;
}
