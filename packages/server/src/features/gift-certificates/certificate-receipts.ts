// Sends the 54-FZ receipts of certificate payments (decision 045): the offset of the advance and the returns of it,
// kept in `gift_certificate_receipts` in the order's transaction, go to the payment provider (POST /v3/receipts) from
// a periodic job of the outbox loop — never inside the payment's transaction. A claim leases due rows with
// `FOR UPDATE SKIP LOCKED`, so two instances never send one receipt; the idempotence key is the row's, so a repeat
// after a lost answer is the same receipt at the provider. Failures are retried with the outbox's backoff.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PeriodicJob } from '../mail/outbox-loop.ts';
import { retryDelayMs } from '../mail/outbox-worker.ts';
import { payments } from '../payments/payments.table.ts';
import {
  PaymentProviderError,
  type StandaloneReceipt,
  type YooKassaClient,
} from '../payments/yookassa.client.ts';
import { giftCertificateReceipts } from './gift-certificates.table.ts';

export type CertificateReceiptRow = typeof giftCertificateReceipts.$inferSelect;

const BATCH = 20;
/** Longer than a YooKassa call may take (15 s with its 202 retries), so a live sender keeps its rows. */
const LEASE_MS = 2 * 60 * 1000;

export interface CertificateReceiptSender {
  db: Database;
  client: YooKassaClient;
  log: FastifyBaseLogger;
  /** OUTBOX_MAX_ATTEMPTS and OUTBOX_RETRY_BASE_S: receipts retry as letters do. */
  maxAttempts: number;
  retryBaseS: number;
}

/** Due pending receipts, leased; a return waits until its order's offset receipt is sent (or withdrawn). */
async function claim(db: Database, now: Date): Promise<number[]> {
  const until = new Date(now.getTime() + LEASE_MS);
  const { rows } = (await db.execute(sql`
    update ${giftCertificateReceipts} set next_attempt_at = ${until.toISOString()}::timestamptz,
      attempts = attempts + 1
    where id in (
      select r.id from ${giftCertificateReceipts} r
      where r.state = 'pending' and r.next_attempt_at <= ${now.toISOString()}::timestamptz
        and (r.type = 'payment' or not exists (
          select 1 from ${giftCertificateReceipts} p
          where p.order_id = r.order_id and p.type = 'payment' and p.state = 'pending'))
      order by r.id limit ${BATCH}
      for update skip locked)
    returning id`)) as unknown as { rows: Array<{ id: number }> };
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** The order's card payment, shown beside the receipt in the shop's YooKassa account (`payment_id`). */
async function cardPaymentId(
  db: Database,
  orderId: number,
  provider: YooKassaClient['provider'],
): Promise<string | null> {
  const [payment] = await db
    .select({ id: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, String(orderId)),
        eq(payments.status, 'succeeded'),
        eq(payments.provider, provider),
      ),
    )
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return payment?.id ?? null;
}

async function sendOne(
  deps: CertificateReceiptSender,
  id: number,
  now: Date,
): Promise<'sent' | 'failed' | 'retry'> {
  const { db, client, log } = deps;
  const [row] = await db.select().from(giftCertificateReceipts).where(eq(giftCertificateReceipts.id, id));
  if (row?.state !== 'pending') return 'failed';
  const paymentId = await cardPaymentId(db, row.orderId, client.provider);
  const body = {
    ...(row.receipt as unknown as StandaloneReceipt),
    ...(paymentId ? { payment_id: paymentId } : {}),
  };
  try {
    const answer = await client.createReceipt(body, `efir-certificate-receipt-${row.id}`);
    await db
      .update(giftCertificateReceipts)
      .set({ state: 'sent', providerReceiptId: answer.id, sentAt: now, lastError: null })
      .where(and(eq(giftCertificateReceipts.id, row.id), eq(giftCertificateReceipts.state, 'pending')));
    log.info({ orderId: row.orderId, receiptId: answer.id, type: row.type }, 'certificate receipt sent');
    return 'sent';
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const message =
      `${error.code}${error.parameter ? ` (${error.parameter})` : ''}: ${error.description}`.slice(0, 500);
    const giveUp = !error.retryable || row.attempts >= deps.maxAttempts;
    await db
      .update(giftCertificateReceipts)
      .set({
        lastError: message,
        ...(giveUp
          ? { state: 'failed' as const }
          : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts, deps.retryBaseS)) }),
      })
      .where(eq(giftCertificateReceipts.id, row.id));
    log.warn({ orderId: row.orderId, code: error.code, giveUp }, 'certificate receipt not sent');
    return giveUp ? 'failed' : 'retry';
  }
}

/** One pass: every due receipt is offered to the provider once. */
export async function sendDueCertificateReceipts(
  deps: CertificateReceiptSender,
  now = new Date(),
): Promise<{ sent: number; failed: number; retry: number }> {
  const result = { sent: 0, failed: 0, retry: 0 };
  for (const id of await claim(deps.db, now)) result[await sendOne(deps, id, now)] += 1;
  return result;
}

/** The job of the outbox loop (decision 045): a pass as often as the outbox's, retrying as letters do. */
export function certificateReceiptsJob(deps: {
  db: Database;
  config: Pick<Config, 'OUTBOX_POLL_MS' | 'OUTBOX_MAX_ATTEMPTS' | 'OUTBOX_RETRY_BASE_S'>;
  log: FastifyBaseLogger;
  client: YooKassaClient;
}): PeriodicJob {
  const sender = {
    db: deps.db,
    client: deps.client,
    log: deps.log,
    maxAttempts: deps.config.OUTBOX_MAX_ATTEMPTS,
    retryBaseS: deps.config.OUTBOX_RETRY_BASE_S,
  };
  return {
    name: 'certificate-receipts',
    everyMs: deps.config.OUTBOX_POLL_MS,
    run: (now) => sendDueCertificateReceipts(sender, now),
  };
}

/** The receipts of the given orders for the back office, oldest first. */
export async function findOrderReceipts(db: Database, orderIds: number[]): Promise<CertificateReceiptRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(giftCertificateReceipts)
    .where(sql`${giftCertificateReceipts.orderId} in ${orderIds}`)
    .orderBy(asc(giftCertificateReceipts.id));
}

export const CERTIFICATE_RECEIPT_STATE_NAMES: Record<CertificateReceiptRow['state'], string> = {
  pending: 'ждёт отправки в ЮKassa',
  sent: 'отправлен',
  failed: 'не принят — нужен ручной чек',
  withdrawn: 'не понадобился: оплата вернулась на сертификат',
};

export function toReceiptView(row: CertificateReceiptRow) {
  return {
    id: row.id,
    order_id: row.orderId,
    type: row.type,
    amount: row.amount,
    state: row.state,
    state_name: CERTIFICATE_RECEIPT_STATE_NAMES[row.state],
    provider_receipt_id: row.providerReceiptId,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}
