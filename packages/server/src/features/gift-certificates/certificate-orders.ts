// The one crossing between gift certificates and orders (decision 045): the hooks orders call in their transactions
// (reserve at checkout, issue and spend on payment, spend on confirmation, return on cancel), handed to them by the
// composition root. Orders never import this feature; this file reads the order's lines and the catalogue's
// certificate category in its own query.
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../catalog/catalog.table.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { OrderCertificates, OrderRow } from '../orders/orders.service.ts';
import { orderLines } from '../orders/orders.table.ts';
import { certificateLetter } from './gift-certificate-letter.ts';
import {
  findRecipients,
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

/** The catalogue's category of gift certificates: its goods become certificates when paid. */
export const CERTIFICATE_CATEGORY_URL = '/sertifikaty';

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

export function createOrderCertificates(deps: { mail: MailService; origin: string }): OrderCertificates {
  return {
    saveRecipients: (txDb, orderId, recipients) => insertRecipients(txDb, orderId, recipients),
    async reserve(txDb, input) {
      const reservations = await reserveCartCertificates(txDb, input);
      return reservations.reduce((sum, reservation) => sum + reservation.amount, 0);
    },
    async paid(txDb, order) {
      await spendOrderCertificates(txDb, order.id);
      await issueOrderCertificates(deps, txDb, order);
    },
    async confirmed(txDb, orderId) {
      await spendOrderCertificates(txDb, orderId);
    },
    cancelled: (txDb, orderId, moderatorId) => returnOrderCertificates(txDb, orderId, moderatorId),
  };
}
