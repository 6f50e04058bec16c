// Letters and Telegram messages: `send` writes them to the outbox — in the caller's transaction when it passes one,
// so a letter exists exactly when the change that caused it does — and the outbox worker delivers them.
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { type LetterShop, renderLetterHtml, textToLetterHtml } from './letter-html.ts';
import { outbox } from './mail.table.ts';

export interface Letter {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML body inside the shop's frame; without it the text is set in the frame. */
  html?: string;
  /** Mailings (not transactional letters): the link in the footer and the List-Unsubscribe headers. */
  unsubscribeUrl?: string;
  /** Files to send with it (a gift certificate's PDF). */
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
  /** Not before then (a gift certificate's chosen send date); at once without it. */
  sendAt?: Date;
}

export interface MailService {
  /** Queues the letter; `tx` is the transaction of the change the letter reports. */
  send(letter: Letter, tx?: Database): Promise<void>;
  /** Queues a Telegram message to a linked chat. */
  sendTelegram(chatId: string, text: string, tx?: Database): Promise<void>;
}

// Every order writes its letter: a prepared statement.
const insertLetter = preparedQuery((db) =>
  db
    .insert(outbox)
    .values({
      channel: sql.placeholder('channel'),
      to: sql.placeholder('to'),
      subject: sql.placeholder('subject'),
      text: sql.placeholder('text'),
      html: sql.placeholder('html'),
      headers: sql.placeholder('headers'),
      attachments: sql.placeholder('attachments'),
      nextAttemptAt: sql.placeholder('nextAttemptAt'),
    })
    .prepare('outbox_insert'),
);

export function createMailService(
  db: Database,
  config: Pick<Config, 'PUBLIC_URL'>,
  /** Tells this instance's worker there is work (the poll would find it a little later anyway). */
  onQueued: () => void = () => {},
  /**
   * The shop's name and phone in force for the letter's frame (the settings, decision 060). Synchronous: a letter is
   * queued inside its change's transaction, where another read could wait for that transaction.
   */
  shop?: () => LetterShop,
): MailService {
  const origin = config.PUBLIC_URL.replace(/\/$/, '');
  return {
    async send(letter, tx) {
      const html = renderLetterHtml({
        subject: letter.subject,
        body: letter.html ?? textToLetterHtml(letter.text),
        origin,
        unsubscribeUrl: letter.unsubscribeUrl,
        shop: shop?.(),
      });
      const text = letter.unsubscribeUrl
        ? `${letter.text}\n\n—\nОтписаться от рассылки: ${letter.unsubscribeUrl}`
        : letter.text;
      // RFC 8058: mail clients show «Отписаться» and may POST to the link once, without opening a page.
      const headers = letter.unsubscribeUrl
        ? {
            'List-Unsubscribe': `<${letter.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {};
      await insertLetter(tx ?? db).execute({
        channel: 'email',
        to: letter.to,
        subject: letter.subject,
        text,
        html,
        headers,
        attachments: (letter.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content.toString('base64'),
        })),
        nextAttemptAt: letter.sendAt ?? new Date(),
      });
      onQueued();
    },
    async sendTelegram(chatId, text, tx) {
      await insertLetter(tx ?? db).execute({
        channel: 'telegram',
        to: chatId,
        subject: text.split('\n')[0]!.slice(0, 200),
        text,
        html: '',
        headers: {},
        attachments: [],
        nextAttemptAt: new Date(),
      });
      onQueued();
    },
  };
}
