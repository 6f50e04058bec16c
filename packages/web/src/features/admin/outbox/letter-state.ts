// What «Письма» says of a letter's state, truthfully (decision 057): a letter «sent» without a mail server went only
// into the server's log, and the page says so instead of «Отправлено».
import type { OutboxAnswer } from '@efir/domain/admin-office-wire';

type Letter = Pick<OutboxAnswer['letters'][number], 'status' | 'channel' | 'delivered_via'>;

export interface LetterState {
  title: string;
  tone: 'warn' | 'good' | 'bad';
}

export const LOGGED_EMAIL = 'Записано в журнал (SMTP не настроен)';
export const LOGGED_TELEGRAM = 'Записано в журнал (бот Telegram не настроен)';

/** `smtp`: a mail server is configured now (for letters sent before the shop kept how each one left). */
export function letterState(letter: Letter, smtp: boolean): LetterState {
  if (letter.status === 'pending') return { title: 'В очереди', tone: 'warn' };
  if (letter.status === 'failed') return { title: 'Не отправлено', tone: 'bad' };
  const logged =
    letter.delivered_via === 'log' || (letter.delivered_via === null && letter.channel === 'email' && !smtp);
  if (!logged) return { title: 'Отправлено', tone: 'good' };
  return { title: letter.channel === 'telegram' ? LOGGED_TELEGRAM : LOGGED_EMAIL, tone: 'warn' };
}
