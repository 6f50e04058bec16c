// Letters: every one is written to the outbox table; with SMTP_URL it is also sent by nodemailer.
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { outbox } from './mail.table.ts';

export interface Letter {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailService {
  send(letter: Letter): Promise<void>;
}

// Every order writes its letter: a prepared statement.
const insertLetter = preparedQuery((db) =>
  db
    .insert(outbox)
    .values({
      to: sql.placeholder('to'),
      subject: sql.placeholder('subject'),
      text: sql.placeholder('text'),
      html: sql.placeholder('html'),
    })
    .returning({ id: outbox.id })
    .prepare('outbox_insert'),
);

export function createMailService(
  db: Database,
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  log: FastifyBaseLogger,
): MailService {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send(letter) {
      const [row] = await insertLetter(db).execute({ ...letter, html: letter.html ?? '' });
      // The address is personal data: the log names the letter, not the person.
      if (!transport) {
        log.info(
          { outboxId: row!.id, subject: letter.subject },
          'letter written to the outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: config.MAIL_FROM, ...letter });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row!.id));
      } catch (error) {
        log.error({ outboxId: row!.id, err: error }, 'letter not sent');
        await db
          .update(outbox)
          .set({ error: String(error).slice(0, 500) })
          .where(eq(outbox.id, row!.id));
      }
    },
  };
}
