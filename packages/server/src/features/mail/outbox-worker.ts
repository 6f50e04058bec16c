// The outbox worker: claims due letters, sends them (SMTP or Telegram), retries failures with exponential backoff
// and gives up after OUTBOX_MAX_ATTEMPTS. Any number of instances may run it on one database: a claim is one
// statement that takes rows with `FOR UPDATE SKIP LOCKED` and leases them, so two workers never hold one letter.
// The lease is short and no transaction stays open while sending (PGlite has a single connection for everyone).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type TelegramClient, TelegramError } from '../../modules/telegram/index.ts';
import { type OutboxDeliveredVia, outbox } from './mail.table.ts';

export type OutboxRow = typeof outbox.$inferSelect;

/** What sending one row did: sent, or failed (permanent failures are not retried). */
type Outcome =
  | { ok: true; via: OutboxDeliveredVia }
  | { ok: false; error: string; permanent: boolean; retryAfterS?: number };

const BATCH = 20;
/** Longer than any SMTP or Telegram call may take (their timeouts are below), so a live worker keeps its rows. */
const LEASE_MS = 2 * 60 * 1000;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;

export type OutboxConfig = Pick<
  Config,
  'SMTP_URL' | 'MAIL_FROM' | 'OUTBOX_MAX_ATTEMPTS' | 'OUTBOX_RETRY_BASE_S'
>;

/** How long after the n-th failed attempt the next one is due: base, 2×base, 4×base… at most 6 hours. */
export function retryDelayMs(attempts: number, baseS: number): number {
  return Math.min(baseS * 1000 * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

function createEmailSender(config: OutboxConfig, log: FastifyBaseLogger) {
  const transport = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL, {
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      })
    : null;
  return {
    online: transport !== null,
    async send(row: OutboxRow): Promise<Outcome> {
      // The address is personal data: the log names the letter, not the person.
      if (!transport) {
        log.info({ outboxId: row.id, subject: row.subject }, 'letter kept in the outbox (no SMTP_URL)');
        return { ok: true, via: 'log' };
      }
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          headers: row.headers,
          ...(row.attachments?.length
            ? {
                attachments: row.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: Buffer.from(file.content, 'base64'),
                })),
              }
            : {}),
        });
        return { ok: true, via: 'smtp' };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        // 5xx: the server refuses this letter for good (no such mailbox…); anything else may pass later.
        return {
          ok: false,
          error: String(error).slice(0, 500),
          permanent: code !== undefined && code >= 500,
        };
      }
    },
  };
}

async function sendTelegram(client: TelegramClient, row: OutboxRow): Promise<Outcome> {
  try {
    await client.sendMessage(row.to, row.text);
    // Without a bot token the client only logs the message.
    return { ok: true, via: client.online ? 'telegram' : 'log' };
  } catch (error) {
    if (!(error instanceof TelegramError)) return { ok: false, error: String(error), permanent: false };
    // A blocked bot or a deleted chat will not take the message later either.
    const permanent = error.kind === 'forbidden' || error.kind === 'bad_request';
    return { ok: false, error: error.message, permanent, retryAfterS: error.retryAfterS ?? undefined };
  }
}

export interface OutboxWorker {
  /** One pass over the due rows at `now`; returns how many were sent and how many failed this time. */
  runOnce(now?: Date): Promise<{ sent: number; failed: number }>;
  readonly smtp: boolean;
}

export function createOutboxWorker(deps: {
  db: Database;
  config: OutboxConfig;
  telegram: TelegramClient;
  log: FastifyBaseLogger;
}): OutboxWorker {
  const { db, config, log } = deps;
  const email = createEmailSender(config, log);

  async function claim(now: Date): Promise<OutboxRow[]> {
    const until = new Date(now.getTime() + LEASE_MS);
    const { rows } = (await db.execute(sql`
      update ${outbox} set locked_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
      where id in (
        select id from ${outbox}
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
          and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
        order by id limit ${BATCH}
        for update skip locked)
      returning id, channel, "to", subject, text, html, headers, attachments, attempts`)) as unknown as {
      rows: Array<
        Pick<
          OutboxRow,
          'id' | 'channel' | 'to' | 'subject' | 'text' | 'html' | 'headers' | 'attachments' | 'attempts'
        >
      >;
    };
    return rows.sort((a, b) => a.id - b.id) as OutboxRow[];
  }

  async function settle(row: OutboxRow, outcome: Outcome, now: Date): Promise<void> {
    if (outcome.ok) {
      await db.execute(sql`
        update ${outbox} set status = 'sent', sent_at = now(), error = null, locked_until = null,
          delivered_via = ${outcome.via}
        where id = ${row.id}`);
      return;
    }
    const giveUp = outcome.permanent || row.attempts >= config.OUTBOX_MAX_ATTEMPTS;
    const delay = Math.max(
      retryDelayMs(row.attempts, config.OUTBOX_RETRY_BASE_S),
      (outcome.retryAfterS ?? 0) * 1000,
    );
    const next = new Date(now.getTime() + delay);
    await db.execute(sql`
      update ${outbox} set status = ${giveUp ? 'failed' : 'pending'}, error = ${outcome.error},
        next_attempt_at = ${next.toISOString()}::timestamptz, locked_until = null
      where id = ${row.id}`);
    log.warn(
      { outboxId: row.id, attempts: row.attempts, gaveUp: giveUp, err: outcome.error },
      giveUp ? 'outbox: letter given up' : 'outbox: letter will be retried',
    );
  }

  return {
    smtp: email.online,
    async runOnce(now = new Date()) {
      let sent = 0;
      let failed = 0;
      for (;;) {
        const rows = await claim(now);
        for (const row of rows) {
          const outcome =
            row.channel === 'telegram' ? await sendTelegram(deps.telegram, row) : await email.send(row);
          await settle(row, outcome, now);
          if (outcome.ok) sent += 1;
          else failed += 1;
        }
        if (rows.length < BATCH) return { sent, failed };
      }
    },
  };
}
