// The one crossing between gift certificates and orders (decision 045): the hooks orders call in their transactions
// (reserve at checkout, issue and spend on payment, spend on confirmation, return on cancel), handed to them by the
// composition root. Orders never import this feature; this file reads the order's lines and the catalogue's
// certificate category in its own query.
import { CERTIFICATE_CATEGORY_URL } from '@efir/domain/gift-certificate-wire';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../catalog/catalog.table.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { OrderCertificates, OrderRow } from '../orders/orders.service.ts';
import { orderLines, orders } from '../orders/orders.table.ts';
import { buildCertificateOffsetReceipt, refundReceipt } from '../payments/receipt.ts';
import { kopecksToValue, type StandaloneReceipt } from '../payments/yookassa.client.ts';
import { certificateLetter } from './gift-certificate-letter.ts';
import {
  findOffsetReceipt,
  findRecipients,
  insertCertificateReceipt,
  insertMovement,
  insertRecipients,
  updateCertificate,
} from './gift-certificates.repo.ts';
import {
  type CertificateRow,
  issueCertificate,
  reserveCartCertificates,
  returnOrderCertificates,
  spendOrderCertificates,
} from './gift-certificates.service.ts';
import { giftCertificateReceipts } from './gift-certificates.table.ts';

/** The order's certificate lines, one entry per unit, in line order: the nominal (`cena`) is the value. */
async function findCertificateUnits(db: Database, orderId: number) {
  const lines = await db
    .select({ productId: orderLines.productId, quantity: orderLines.quantity, cena: orderLines.cena })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(orderLines.orderId, orderId), eq(categories.url, CERTIFICATE_CATEGORY_URL)))
    .orderBy(asc(orderLines.id));
  return lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({ productId: line.productId, value: line.cena })),
  );
}

/** Queues the certificate's letter (at its send date) and notes it in the ledger. */
export async function sendCertificateLetter(
  deps: { mail: MailService; origin: string },
  txDb: Database,
  certificate: CertificateRow,
  moderatorId: number | null = null,
): Promise<void> {
  const letter = await certificateLetter(certificate, deps.origin);
  await deps.mail.send(letter, txDb);
  const at = letter.sendAt ?? new Date();
  await updateCertificate(txDb, certificate.id, { sentAt: at });
  await insertMovement(txDb, {
    certificateId: certificate.id,
    kind: 'sent',
    moderatorId,
    // Who it went to is in the certificate; the ledger says only when.
    note: letter.sendAt ? `письмо уйдёт ${at.toISOString()}` : null,
  });
}

/** Issues the paid order's certificates (once per unit) and queues their letters. */
async function issueOrderCertificates(
  deps: { mail: MailService; origin: string },
  txDb: Database,
  order: OrderRow,
): Promise<CertificateRow[]> {
  const units = await findCertificateUnits(txDb, order.id);
  if (units.length === 0) return [];
  const recipients = await findRecipients(txDb, order.id);
  const issued: CertificateRow[] = [];
  for (const [index, unit] of units.entries()) {
    const certificate = await issueCertificate(txDb, {
      value: unit.value,
      orderId: order.id,
      orderUnit: index,
      productId: unit.productId,
      buyerUserId: order.userId,
      buyerName: order.name,
      buyerEmail: order.email,
      recipient: recipients[index],
    });
    if (!certificate) continue;
    await sendCertificateLetter(deps, txDb, certificate);
    issued.push(certificate);
  }
  return issued;
}

/**
 * The receipt of the order's part paid by certificates (the advance offset, 54-FZ), kept once per order for the
 * payment provider. The card's receipt took the delivery first, so this one takes what of it is left.
 */
async function keepOffsetReceipt(txDb: Database, order: OrderRow, vatCode: number): Promise<void> {
  if (order.certificateAmount <= 0) return;
  const lines = await txDb
    .select({
      name: orderLines.name,
      volume: orderLines.volume,
      quantity: orderLines.quantity,
      price: orderLines.price,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const card = order.total - order.certificateAmount;
  const delivery = order.deliveryPrice - Math.min(order.deliveryPrice, card);
  const receipt = buildCertificateOffsetReceipt(
    {
      email: order.email,
      phone: order.tel,
      lines: lines
        .filter((line) => line.price > 0)
        .map((line) => ({
          name: `${line.name}${line.volume ? `, ${line.volume}` : ''}`,
          quantity: line.quantity,
          price: line.price,
        })),
      delivery: delivery > 0 ? { name: 'Доставка', price: delivery } : null,
      total: order.certificateAmount,
    },
    { vatCode },
  );
  await insertCertificateReceipt(txDb, {
    orderId: order.id,
    type: 'payment',
    amount: order.certificateAmount,
    receipt,
  });
}

/**
 * Gives back up to `limit` ₽ of what the order's certificates paid (all of it by default: a cancel), counts it in
 * `orders.certificate_refunded`, and settles the 54-FZ side: an offset receipt not sent yet is withdrawn when the
 * whole part is back; otherwise the part returned gets a receipt of return (`type: "refund"`, the offset's goods in
 * proportion, settled by `prepayment` — the advance is the buyer's again). Runs in the caller's transaction.
 */
export async function returnToCertificates(
  txDb: Database,
  orderId: number,
  moderatorId: number | null,
  limit?: number,
): Promise<number> {
  const returned = await returnOrderCertificates(txDb, orderId, moderatorId, limit);
  if (returned === 0) return 0;
  const [order] = await txDb
    .update(orders)
    .set({ certificateRefunded: sql`${orders.certificateRefunded} + ${returned}` })
    .where(eq(orders.id, orderId))
    .returning();
  const offset = await findOffsetReceipt(txDb, orderId);
  if (!order || !offset || offset.state === 'withdrawn') return returned;
  if (offset.state === 'pending' && order.certificateRefunded >= offset.amount) {
    // Nothing reached the register yet and nothing is owed: no offset and no return.
    await txDb
      .update(giftCertificateReceipts)
      .set({ state: 'withdrawn' })
      .where(and(eq(giftCertificateReceipts.orderId, orderId), eq(giftCertificateReceipts.state, 'pending')));
    return returned;
  }
  const paid = offset.receipt as unknown as StandaloneReceipt;
  const back = refundReceipt(paid, returned);
  const receipt: StandaloneReceipt = {
    type: 'refund',
    send: true,
    customer: paid.customer,
    items: back.items,
    settlements: [{ type: 'prepayment', amount: { value: kopecksToValue(returned * 100), currency: 'RUB' } }],
  };
  await insertCertificateReceipt(txDb, { orderId, type: 'refund', amount: returned, receipt });
  return returned;
}

export function createOrderCertificates(deps: {
  mail: MailService;
  origin: string;
  /** YOOKASSA_VAT_CODE */
  vatCode?: number;
}): OrderCertificates {
  return {
    saveRecipients: (txDb, orderId, recipients) => insertRecipients(txDb, orderId, recipients),
    async reserve(txDb, input) {
      const reservations = await reserveCartCertificates(txDb, input);
      return reservations.reduce((sum, reservation) => sum + reservation.amount, 0);
    },
    async paid(txDb, order) {
      if ((await spendOrderCertificates(txDb, order.id)) > 0)
        await keepOffsetReceipt(txDb, order, deps.vatCode ?? 1);
      await issueOrderCertificates(deps, txDb, order);
    },
    async confirmed(txDb, orderId) {
      if ((await spendOrderCertificates(txDb, orderId)) === 0) return;
      const [order] = await txDb.select().from(orders).where(eq(orders.id, orderId));
      if (order) await keepOffsetReceipt(txDb, order, deps.vatCode ?? 1);
    },
    async certificateProducts(db, orderId) {
      const units = await findCertificateUnits(db, orderId);
      return new Set(units.map((unit) => unit.productId));
    },
    cancelled: (txDb, orderId, moderatorId) => returnToCertificates(txDb, orderId, moderatorId),
  };
}
