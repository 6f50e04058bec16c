// Confirming an account's e-mail (decision 040): the link in the welcome letter (or sent again from «Мои заказы»)
// proves the address, and the guest orders placed with it join the account.
import type { Database } from '../../db/client.ts';
import { invalidData } from '../../lib/app-error.ts';
import { findUserById, type UserRow, updateUser } from '../account/account.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { insertOneTimeToken, markOneTimeTokenUsed } from './auth.repo.ts';
import { createOpaqueToken } from './tokens.ts';

const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type EmailLinkOutcome = 'confirmed' | 'changed';

/** What else follows a confirmed e-mail (decision 040: the guest orders placed with it join the account). */
export type OnEmailConfirmed = (db: Database, userId: number, email: string) => Promise<void>;

export function createEmailConfirmation(deps: {
  db: Database;
  mail: MailService;
  origin: string;
  onEmailConfirmed?: OnEmailConfirmed | undefined;
}) {
  const { db, mail, origin } = deps;

  /**
   * A link proving the account's own e-mail: an e-mail change to the same address (the link of /my-settings), so one
   * token purpose and one page confirm both a new address and the one given at registration.
   */
  async function link(txDb: Database, user: UserRow): Promise<string> {
    const token = createOpaqueToken();
    await insertOneTimeToken(txDb, {
      id: token.id,
      userId: user.id,
      purpose: 'email_change',
      tokenHash: token.hash,
      payload: user.email,
      expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
    });
    return `${origin}/my-settings?email_token=${encodeURIComponent(token.value)}`;
  }

  async function confirm(txDb: Database, userId: number, email: string): Promise<void> {
    await updateUser(txDb, userId, { emailConfirmedAt: new Date() });
    await deps.onEmailConfirmed?.(txDb, userId, email);
  }

  return {
    link,

    /** The e-mail is the account holder's (a letter's link was opened): marked, and what follows it done. */
    confirm,

    /**
     * The link of an e-mail letter opened (its token checked by the caller): the account takes the address, now
     * confirmed — 'confirmed' when it was the account's own address already (registration), 'changed' otherwise.
     */
    async applyLink(tokenId: string, userId: number, email: string): Promise<EmailLinkOutcome> {
      return db.transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        if (!(await markOneTimeTokenUsed(txDb, tokenId)))
          throw invalidData({ token: ['Ссылка устарела или уже использована'] });
        const before = await findUserById(txDb, userId);
        const updated = await updateUser(txDb, userId, { email });
        await confirm(txDb, updated.id, updated.email);
        return before?.email.toLowerCase() === email.toLowerCase() ? 'confirmed' : 'changed';
      });
    },

    /** The confirmation letter again; nothing for an address already confirmed. */
    async resend(user: UserRow): Promise<void> {
      if (user.emailConfirmedAt) return;
      await db.transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        const confirm = await link(txDb, user);
        await mail.send(
          {
            to: user.email,
            subject: 'Подтвердите e-mail в «Эфире»',
            text: `Здравствуйте, ${user.name}!\n\nЧтобы подтвердить e-mail личного кабинета, откройте ссылку (она действует 7 дней):\n${confirm}\n\nПосле этого заказы, которые вы оформляли на этот адрес без входа в кабинет, появятся в «Мои заказы».`,
          },
          txDb,
        );
      });
    },
  };
}
