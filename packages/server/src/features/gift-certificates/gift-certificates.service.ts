// Gift certificates' rules (decision 045): issuing with an unguessable code, checking a typed code, and the balance's
// movements — reserved at checkout, spent when the order is paid or confirmed, returned when it is cancelled — each
// under the certificate's row lock and written to its ledger. The public face of the feature for the rest of the
// server; it imports no other feature.
import { randomBytes } from 'node:crypto';
import { formatDateLong } from '@efir/domain/dates';
import { makeCertificateCode, parseCertificateCode } from '@efir/domain/gift-certificate-code';
import { formatRub } from '@efir/domain/money';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import {
  type CertificateRow,
  deleteCartCertificates,
  findCartCertificates,
  findCertificateByCode,
  findOrderHoldings,
  insertCertificate,
  insertMovement,
  lockCertificates,
  updateCertificate,
} from './gift-certificates.repo.ts';
import type { CertificateRecipient } from './gift-certificates.table.ts';

export type { CertificateRow } from './gift-certificates.repo.ts';
export type { CertificateRecipient } from './gift-certificates.table.ts';

/** The shop's page promises 12 months. */
export const CERTIFICATE_VALIDITY_MONTHS = 12;
/** Codes a client may try in the window: enough for typos and a few certificates, nothing for guessing 2^95. */
export const CODE_CHECKS_PER_WINDOW = 20;
export const CODE_CHECK_WINDOW_MS = 15 * 60_000;

export function certificateExpiry(from: Date): Date {
  const expiry = new Date(from);
  expiry.setMonth(expiry.getMonth() + CERTIFICATE_VALIDITY_MONTHS);
  return expiry;
}

/** Why a certificate cannot pay now, in Russian; null when it can. */
export function certificateRefusal(certificate: CertificateRow, now = new Date()): string | null {
  if (certificate.state === 'blocked')
    return 'Сертификат заблокирован. Если это ошибка, напишите нам — разберёмся';
  if (certificate.expiresAt <= now)
    return `Срок действия сертификата истёк ${formatDateLong(certificate.expiresAt)}`;
  if (certificate.balance <= 0) return 'На сертификате не осталось денег: он потрачен полностью';
  return null;
}

export interface IssueInput {
  value: number;
  orderId?: number | null;
  orderUnit?: number | null;
  productId?: number | null;
  buyerUserId?: number | null;
  buyerName?: string;
  buyerEmail: string;
  recipient?: CertificateRecipient | undefined;
  moderatorId?: number | null;
  note?: string | null;
  now?: Date;
}

/**
 * Issues a certificate with a fresh code; null when the order unit already has one (a repeated notification). A code
 * clash (2^-95) would fail the unique index and the caller's transaction, never hand out a used code.
 */
export async function issueCertificate(txDb: Database, input: IssueInput): Promise<CertificateRow | null> {
  const now = input.now ?? new Date();
  const row = await insertCertificate(txDb, {
    code: makeCertificateCode(randomBytes(12)),
    value: input.value,
    balance: input.value,
    expiresAt: certificateExpiry(now),
    orderId: input.orderId ?? null,
    orderUnit: input.orderUnit ?? null,
    productId: input.productId ?? null,
    buyerUserId: input.buyerUserId ?? null,
    buyerName: input.buyerName ?? '',
    buyerEmail: input.buyerEmail,
    recipientName: input.recipient?.name || null,
    recipientEmail: input.recipient?.email || null,
    message: input.recipient?.message || null,
    sendAt: input.recipient?.send_at ? new Date(input.recipient.send_at) : null,
  });
  if (!row) return null;
  await insertMovement(txDb, {
    certificateId: row.id,
    kind: 'issued',
    amount: input.value,
    orderId: input.orderId ?? null,
    moderatorId: input.moderatorId ?? null,
    note: input.note ?? null,
  });
  return row;
}

export type CodeCheck =
  /** Not shaped like a certificate code: the field's promo-code path takes it. */
  | { kind: 'not_certificate' }
  | { kind: 'refused'; text: string }
  | { kind: 'ok'; certificate: CertificateRow };

/**
 * Checks a typed code. Codes with a wrong check character are refused without a lookup (a typo, not a guess); the
 * lookups are limited per client (address and cart), never per code, so a stranger's guesses cannot lock the holder
 * of a real code out.
 */
export async function checkCertificateCode(
  db: Database,
  limiter: RateLimiter,
  typed: string,
  client: { ip: string; cartId: string | null },
): Promise<CodeCheck> {
  const parsed = parseCertificateCode(typed);
  if (!parsed) return { kind: 'not_certificate' };
  if (!parsed.checkOk) {
    return { kind: 'refused', text: 'В коде сертификата опечатка: сверьте его с письмом или открыткой' };
  }
  const keys = [`gift-code:ip:${client.ip}`, ...(client.cartId ? [`gift-code:cart:${client.cartId}`] : [])];
  for (const key of keys) {
    if (!(await limiter.hit(key, CODE_CHECKS_PER_WINDOW, CODE_CHECK_WINDOW_MS))) {
      throw new AppError(429, 'Too Many Attempts.');
    }
  }
  const certificate = await findCertificateByCode(db, parsed.code);
  if (!certificate) return { kind: 'refused', text: 'Такого сертификата нет. Проверьте код' };
  const refusal = certificateRefusal(certificate);
  return refusal ? { kind: 'refused', text: refusal } : { kind: 'ok', certificate };
}

export interface Reservation {
  certificateId: number;
  code: string;
  amount: number;
}

/**
 * In the order's transaction: takes up to `amount` ₽ from the cart's certificates, in the order they were entered,
 * under their row locks — two checkouts spending one code wait for each other and never take more than its balance.
 * A certificate that expired, was blocked or emptied since it was entered refuses the order (the buyer must see the
 * new sum). The cart's certificates are used up by the order.
 */
export async function reserveCartCertificates(
  txDb: Database,
  input: { cartId: string; orderId: number; amount: number; now?: Date },
): Promise<Reservation[]> {
  const entered = await findCartCertificates(txDb, input.cartId);
  if (entered.length === 0) return [];
  const locked = new Map(
    (
      await lockCertificates(
        txDb,
        entered.map((row) => row.id),
      )
    ).map((row) => [row.id, row]),
  );
  const reservations: Reservation[] = [];
  let left = input.amount;
  for (const { id } of entered) {
    const certificate = locked.get(id)!;
    const refusal = certificateRefusal(certificate, input.now);
    if (refusal) {
      throw conflict('Сертификат больше не может оплатить заказ — проверьте сумму', {
        certificates: [`Сертификат …${certificate.code.slice(-4)}: ${refusal}`],
      });
    }
    if (left === 0) continue;
    const take = Math.min(left, certificate.balance);
    await updateCertificate(txDb, id, { balance: certificate.balance - take });
    await insertMovement(txDb, {
      certificateId: id,
      kind: 'reserved',
      amount: -take,
      orderId: input.orderId,
    });
    reservations.push({ certificateId: id, code: certificate.code, amount: take });
    left -= take;
  }
  await deleteCartCertificates(txDb, input.cartId);
  return reservations;
}

/** The order was paid or confirmed: its reservations become spendings (once). */
export async function spendOrderCertificates(txDb: Database, orderId: number): Promise<number> {
  let spent = 0;
  for (const holding of await findOrderHoldings(txDb, orderId)) {
    if (holding.spent) continue;
    await insertMovement(txDb, { certificateId: holding.certificateId, kind: 'spent', orderId });
    spent += holding.held;
  }
  return spent;
}

/**
 * The order was cancelled or its certificate part refunded: what it holds goes back to each certificate (once — a
 * second call finds nothing held). Returns ₽ given back.
 */
export async function returnOrderCertificates(
  txDb: Database,
  orderId: number,
  moderatorId: number | null = null,
  /** At most this much, ₽ (a partial refund of the certificates' part): the last certificate paid first. */
  limit = Number.POSITIVE_INFINITY,
): Promise<number> {
  const holdings = await findOrderHoldings(txDb, orderId);
  const locked = new Map(
    (
      await lockCertificates(
        txDb,
        holdings.map((holding) => holding.certificateId),
      )
    ).map((row) => [row.id, row]),
  );
  let returned = 0;
  for (const holding of holdings.reverse()) {
    const amount = Math.min(holding.held, limit - returned);
    if (amount <= 0) break;
    const certificate = locked.get(holding.certificateId)!;
    await updateCertificate(txDb, certificate.id, { balance: certificate.balance + amount });
    await insertMovement(txDb, {
      certificateId: certificate.id,
      kind: 'returned',
      amount,
      orderId,
      moderatorId,
    });
    returned += amount;
  }
  return returned;
}

/** A certificate the buyer removes from the cart, or one checked and kept (PUT of the cart's field). */
export function describeCertificateForCart(certificate: CertificateRow) {
  return {
    id: certificate.id,
    code_tail: certificate.code.slice(-4),
    balance: certificate.balance,
    expires_at: certificate.expiresAt.toISOString(),
  };
}

export function acceptedText(certificate: CertificateRow): string {
  return `Сертификат принят: на нём ${formatRub(certificate.balance)}, действует до ${formatDateLong(certificate.expiresAt)}. Он оплатит заказ целиком или частично — остаток можно доплатить любым способом`;
}

/** The back office's changes of state; the caller audits them. */
export async function setCertificateState(
  txDb: Database,
  id: number,
  action: 'block' | 'unblock' | 'extend',
  moderatorId: number,
  extendTo?: Date,
): Promise<{ before: CertificateRow; after: CertificateRow }> {
  const [before] = await lockCertificates(txDb, [id]);
  if (!before) throw notFound('Сертификат не найден');
  const values =
    action === 'extend'
      ? { expiresAt: extendTo! }
      : { state: action === 'block' ? ('blocked' as const) : ('active' as const) };
  const after = (await updateCertificate(txDb, id, values))!;
  await insertMovement(txDb, {
    certificateId: id,
    kind: action === 'extend' ? 'extended' : action === 'block' ? 'blocked' : 'unblocked',
    moderatorId,
    note: action === 'extend' ? `до ${formatDateLong(extendTo!)}` : null,
  });
  return { before, after };
}
