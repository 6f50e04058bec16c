// Long on purpose: the account pages' reads and writes in short sections over the same user row and its tables.
// The personal account (spec §3 User, §4, §6, §7): the user wire, profile, addresses, pickup points, favourites,
// waitlist, questions, the personal discount and the Telegram link codes.
import { createHash, randomInt } from 'node:crypto';
import {
  ADDRESS_LIMIT,
  type AddressWire,
  type addressSchema,
  FAVORITE_KINDS,
  type FavoriteMessage,
  type FavoritePathType,
  PICKUP_POINT_LIMIT,
  type PickupPointWire,
  type personalSchema,
  type pickupPointSchema,
  type questionSchema,
  TELEGRAM_CODE_LENGTH,
  TELEGRAM_CODE_TTL_MS,
  type UserWire,
} from '@efir/domain/account-schemas';
import type {
  AccountSettings,
  AccountSummary,
  AddressBook,
  BookmarksAnswer,
  DiscountDescription,
  DiscountTier,
  QuestionWire,
  WaitlistItem,
} from '@efir/domain/account-wire';
import type { ProductCard, PublicationCard } from '@efir/domain/catalog-wire';
import type { z } from '@efir/domain/zod-ru';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, invalidData, notFound } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { listProductsByIds } from '../catalog/catalog.service.ts';
import { listPublications, type PublicationKind } from '../content/publications.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import {
  type AddressRow,
  deleteAddress,
  deleteFavorite,
  deletePickupPoint,
  deleteWaitlistEntry,
  findAccountCounts,
  findAddresses,
  findFavoriteIds,
  findPickupPoints,
  findQuestions,
  findUsersByIds,
  findWaitlist,
  insertAddressWithinLimit,
  insertFavorite,
  insertPickupPointWithinLimit,
  insertQuestion,
  insertTelegramLinkCode,
  insertWaitlistEntry,
  type PickupPointRow,
  type QuestionRow,
  sumCompletedOrders,
  type UserRow,
  updateQuestionAnswer,
  updateTelegramChat,
  updateTelegramLinkCodeUsed,
  updateUser,
  updateWaitlistNotified,
} from './account.repo.ts';
import { addresses, favorites, pickupPoints, users, waitlist } from './account.table.ts';
import { deleteAvatarFile, storeAvatar } from './avatars.ts';

// The account's door for other features (decision 033): the user row that sign-in, the session and the checkout read
// and write goes through here, never through account.repo.ts.
export {
  bumpTokenVersion,
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
  updateUser,
} from './account.repo.ts';

export async function getUserWire(db: Database, user: UserRow): Promise<UserWire> {
  const [favoriteRows, waitRows, addressRows, pickupRows] = await Promise.all([
    db.select().from(favorites).where(eq(favorites.userId, user.id)).orderBy(asc(favorites.createdAt)),
    db.select().from(waitlist).where(eq(waitlist.userId, user.id)).orderBy(asc(waitlist.createdAt)),
    db.select().from(addresses).where(eq(addresses.userId, user.id)).orderBy(asc(addresses.id)),
    db.select().from(pickupPoints).where(eq(pickupPoints.userId, user.id)).orderBy(asc(pickupPoints.id)),
  ]);
  const favoriteIds = (type: 'product' | 'recept' | 'article') =>
    favoriteRows.filter((row) => row.type === type).map((row) => row.itemId);
  return {
    id: user.id,
    name: user.name,
    fam: user.fam,
    email: user.email,
    tel: user.tel,
    avatar: { type: user.avatarType, photo: user.avatarPhoto },
    skidka: user.skidka,
    birthday: user.birthday,
    mailings: user.mailings,
    telegram: { linked: user.telegramChatId !== null },
    favProducts: favoriteIds('product'),
    favRecepts: favoriteIds('recept'),
    favArticles: favoriteIds('article'),
    waitlist: waitRows.map((row) => row.productId),
    addresses: addressRows.map(({ id, city, street, house, flat, zip, comment }) => ({
      id,
      city,
      street,
      house,
      flat,
      zip,
      comment,
    })),
    pvz: pickupRows.map(({ id, code, type, name, address }) => ({ id, code, type, name, address })),
  };
}

// Personal discount (spec §6).

/** The percent completed orders worth `completedTotal` ₽ earn: the highest tier reached, 0 below the first. */
export function calculateDiscountPercent(completedTotal: number, tiers: readonly DiscountTier[]): number {
  let percent = 0;
  for (const tier of tiers) if (completedTotal >= tier.from && tier.percent > percent) percent = tier.percent;
  return percent;
}

/** The user's percent and the nearest tier above it still ahead, with the ₽ of completed orders missing. */
export function describeDiscount(
  skidka: number,
  completedTotal: number,
  tiers: readonly DiscountTier[],
): DiscountDescription {
  const next = [...tiers]
    .sort((a, b) => a.from - b.from)
    .find((tier) => tier.percent > skidka && tier.from > completedTotal);
  return {
    percent: skidka,
    next: next ? { percent: next.percent, remaining: next.from - Math.max(0, completedTotal) } : null,
  };
}

/**
 * Writes the tier `completedTotal` ₽ earn as the user's discount, unless a moderator set one by hand (that one
 * stays in effect). The total is kept so /my-account can show the way to the next tier.
 */
export async function recalculateDiscount(
  db: Database,
  userId: number,
  completedTotal: number,
  tiers: readonly DiscountTier[],
): Promise<number> {
  const total = Math.max(0, Math.floor(completedTotal));
  const percent = calculateDiscountPercent(total, tiers);
  const [row] = await db
    .update(users)
    .set({
      skidka: sql`coalesce(${users.skidkaManual}, ${percent})`,
      completedOrdersTotal: total,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ skidka: users.skidka });
  return row?.skidka ?? 0;
}

/**
 * The personal discount worked out again from the customer's completed orders (decision 012). Called inside the
 * transaction that changes an order's status or payment, or a moderator's hand-set percent, so the discount never
 * disagrees with the orders.
 */
export async function refreshPersonalDiscount(
  db: Database,
  userId: number,
  tiers: readonly DiscountTier[],
): Promise<number> {
  return recalculateDiscount(db, userId, await sumCompletedOrders(db, userId), tiers);
}

// Account pages' data (spec §7 «GET /v1/my-*»).

export async function getAccountSummary(
  db: Database,
  user: UserRow,
  tiers: readonly DiscountTier[],
): Promise<AccountSummary> {
  const [wire, counts] = await Promise.all([getUserWire(db, user), findAccountCounts(db, user.id)]);
  return {
    user: wire,
    skidka: {
      ...describeDiscount(user.skidka, user.completedOrdersTotal, tiers),
      completed_total: user.completedOrdersTotal,
      tiers: tiers.map(({ from, percent }) => ({ from, percent })),
    },
    counts,
  };
}

export function getPersonal(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    fam: user.fam,
    email: user.email,
    tel: user.tel,
    birthday: user.birthday,
    avatar: { type: user.avatarType, photo: user.avatarPhoto },
  };
}

export function getSettings(user: UserRow, botName: string): AccountSettings {
  return {
    mailings: user.mailings,
    telegram: { linked: user.telegramChatId !== null, bot: botName },
  };
}

/** Product cards in the order of ids; ids of products that no longer exist are skipped. */
async function listProductCardsInOrder(db: Database, ids: number[]): Promise<ProductCard[]> {
  const cards = new Map((await listProductsByIds(db, ids)).map((card) => [card.id, card]));
  return ids.flatMap((id) => cards.get(id) ?? []);
}

export async function listWaitlist(db: Database, userId: number): Promise<WaitlistItem[]> {
  const rows = await findWaitlist(db, userId);
  const cards = new Map(
    (
      await listProductsByIds(
        db,
        rows.map((row) => row.productId),
      )
    ).map((card) => [card.id, card]),
  );
  return rows.flatMap((row) => {
    const card = cards.get(row.productId);
    return card
      ? [
          {
            ...card,
            waiting_since: row.createdAt.toISOString(),
            notified_at: row.notifiedAt?.toISOString() ?? null,
          },
        ]
      : [];
  });
}

export async function listFavoriteProducts(db: Database, userId: number): Promise<ProductCard[]> {
  return listProductCardsInOrder(db, await findFavoriteIds(db, userId, 'product'));
}

/**
 * Visible publications with these ids, in that order. The content service has no lookup by id yet, so this
 * asks for its whole listing (tens of cards) and picks; swap in a by-id call when content offers one.
 */
async function listPublicationCardsByIds(
  db: Database,
  kind: PublicationKind,
  ids: number[],
): Promise<PublicationCard[]> {
  if (ids.length === 0) return [];
  const { items } = await listPublications(db, kind, {
    filter: { authors: [], date: 4, tags: [] },
    sort: 0,
    page: 1,
    perPage: 100_000,
  });
  const cards = new Map(items.map((card) => [card.id, card]));
  return ids.flatMap((id) => cards.get(id) ?? []);
}

export async function listBookmarks(db: Database, userId: number): Promise<BookmarksAnswer> {
  const [receptIds, articleIds] = await Promise.all([
    findFavoriteIds(db, userId, 'recept'),
    findFavoriteIds(db, userId, 'article'),
  ]);
  const [recepts, articles] = await Promise.all([
    listPublicationCardsByIds(db, 'recept', receptIds),
    listPublicationCardsByIds(db, 'article', articleIds),
  ]);
  return { recepts, articles };
}

// Profile.

export async function updatePersonal(
  db: Database,
  user: UserRow,
  input: z.output<typeof personalSchema>,
): Promise<UserRow> {
  return updateUser(db, user.id, {
    name: input.name,
    ...(input.fam === undefined ? {} : { fam: input.fam }),
    ...(input.tel === undefined ? {} : { tel: input.tel }),
  });
}

export async function setBirthday(db: Database, user: UserRow, birthday: string): Promise<UserRow> {
  return updateUser(db, user.id, { birthday });
}

export async function setMailings(db: Database, user: UserRow, mailings: boolean): Promise<UserRow> {
  return updateUser(db, user.id, { mailings });
}

export async function replaceAvatar(
  db: Database,
  user: UserRow,
  imagesDir: string,
  upload: Buffer,
): Promise<UserRow> {
  const photo = await storeAvatar(imagesDir, user.id, upload);
  const updated = await updateUser(db, user.id, { avatarType: 'photo', avatarPhoto: photo });
  await deleteAvatarFile(imagesDir, user.avatarPhoto);
  return updated;
}

export async function removeAvatar(db: Database, user: UserRow, imagesDir: string): Promise<UserRow> {
  const updated = await updateUser(db, user.id, { avatarType: 'other', avatarPhoto: null });
  await deleteAvatarFile(imagesDir, user.avatarPhoto);
  return updated;
}

// Addresses and pickup points.

function toAddressWire({ id, city, street, house, flat, zip, comment }: AddressRow): AddressWire {
  return { id, city, street, house, flat, zip, comment };
}

function toPickupPointWire({ id, code, type, name, address }: PickupPointRow): PickupPointWire {
  return { id, code, type, name, address };
}

export async function listAddressBook(db: Database, userId: number): Promise<AddressBook> {
  const [addressRows, pickupRows] = await Promise.all([
    findAddresses(db, userId),
    findPickupPoints(db, userId),
  ]);
  return { addresses: addressRows.map(toAddressWire), pvz: pickupRows.map(toPickupPointWire) };
}

export async function addAddress(
  db: Database,
  userId: number,
  input: z.output<typeof addressSchema>,
): Promise<AddressWire> {
  const row = await insertAddressWithinLimit(db, { userId, ...input }, ADDRESS_LIMIT);
  if (!row) {
    throw invalidData({
      address: [`Можно сохранить не больше ${ADDRESS_LIMIT} адресов — удалите ненужный`],
    });
  }
  return toAddressWire(row);
}

/** Someone else's address answers like a missing one: ids of other people's data are never confirmed. */
export async function removeAddress(db: Database, userId: number, addressId: number): Promise<void> {
  if (!(await deleteAddress(db, userId, addressId))) throw notFound();
}

export async function addPickupPoint(
  db: Database,
  userId: number,
  input: z.output<typeof pickupPointSchema>,
): Promise<PickupPointWire> {
  const row = await insertPickupPointWithinLimit(db, { userId, ...input }, PICKUP_POINT_LIMIT);
  if (!row) {
    throw invalidData({
      code: [`Можно сохранить не больше ${PICKUP_POINT_LIMIT} пунктов выдачи — удалите ненужный`],
    });
  }
  return toPickupPointWire(row);
}

/**
 * A checkout's new address, kept in the buyer's book once (the same address is not added twice) and within the
 * book's limit (a full book is left as it is). Runs in the order's transaction when given its handle.
 */
export async function rememberAddress(
  db: Database,
  userId: number,
  typed: Omit<typeof addresses.$inferInsert, 'userId'>,
): Promise<void> {
  const book = await findAddresses(db, userId);
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const known = book.some(
    (saved) =>
      same(saved.city, typed.city) &&
      same(saved.street, typed.street) &&
      same(saved.house, typed.house) &&
      same(saved.flat, typed.flat ?? ''),
  );
  if (!known) await insertAddressWithinLimit(db, { userId, ...typed }, ADDRESS_LIMIT);
}

/** A checkout's pickup point, kept in the buyer's book within its limit (the same point only refreshed). */
export async function rememberPickupPoint(
  db: Database,
  userId: number,
  point: Omit<typeof pickupPoints.$inferInsert, 'userId'>,
): Promise<void> {
  await insertPickupPointWithinLimit(db, { userId, ...point }, PICKUP_POINT_LIMIT);
}

export async function removePickupPoint(db: Database, userId: number, pickupPointId: number): Promise<void> {
  if (!(await deletePickupPoint(db, userId, pickupPointId))) throw notFound();
}

// Favourites (spec §4) and the waitlist.

async function checkFavoriteTargetExists(db: Database, pathType: FavoritePathType, id: number) {
  const found =
    pathType === 'product'
      ? (await listProductsByIds(db, [id])).length > 0
      : (await listPublicationCardsByIds(db, pathType === 'recept' ? 'recept' : 'article', [id])).length > 0;
  if (!found) throw notFound();
}

/** An id already in the list is removed, otherwise added (after checking the item exists). */
export async function toggleFavorite(
  db: Database,
  userId: number,
  pathType: FavoritePathType,
  itemId: number,
): Promise<{ message: FavoriteMessage; list: number[]; added: boolean }> {
  const kind = FAVORITE_KINDS[pathType];
  const removed = await deleteFavorite(db, userId, kind.stored, itemId);
  if (!removed) {
    await checkFavoriteTargetExists(db, pathType, itemId);
    await insertFavorite(db, userId, kind.stored, itemId);
  }
  return { message: kind.message, list: await findFavoriteIds(db, userId, kind.stored), added: !removed };
}

async function listWaitlistIds(db: Database, userId: number): Promise<number[]> {
  return (await findWaitlist(db, userId)).map((row) => row.productId);
}

export async function addToWaitlist(db: Database, userId: number, productId: number): Promise<number[]> {
  const [product] = await listProductsByIds(db, [productId]);
  if (!product) throw notFound();
  if (product.stock > 0) throw conflict('Товар есть в наличии — его можно положить в корзину');
  await insertWaitlistEntry(db, userId, productId);
  return listWaitlistIds(db, userId);
}

export async function removeFromWaitlist(db: Database, userId: number, productId: number): Promise<number[]> {
  await deleteWaitlistEntry(db, userId, productId);
  return listWaitlistIds(db, userId);
}

/**
 * For the back office, when a product's stock goes up from 0: one letter to each user still waiting for it.
 * Waits are marked before the letters go, so a repeated call sends nothing; waiting again starts a new wait.
 * Returns how many letters went out.
 */
export async function notifyBackInStock(
  db: Database,
  mail: MailService,
  productId: number,
  origin: string,
): Promise<number> {
  const [product] = await listProductsByIds(db, [productId]);
  if (!product) return 0;
  const title = product.volume ? `${product.name}, ${product.volume}` : product.name;
  const link = new URL(product.url, origin).toString();
  // Marked notified and written to the outbox together: each waiting customer gets exactly one letter.
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const recipients = await findUsersByIds(txDb, await updateWaitlistNotified(txDb, productId));
    for (const user of recipients) {
      await mail.send(
        {
          to: user.email,
          subject: `«${title}» снова в наличии`,
          text: `Здравствуйте, ${user.name}!\n\nТовар, который вы ждали, снова в продаже: ${title}.\n${link}\n\nОстаток может быстро закончиться. Лист ожидания: ${new URL('/my-waitlist', origin).toString()}\n\nИнтернет-магазин «Эфир»`,
        },
        txDb,
      );
    }
    return recipients.length;
  });
}

// Questions to the shop.

function toQuestionWire(row: QuestionRow, product: ProductCard | undefined): QuestionWire {
  return {
    id: row.id,
    text: row.text,
    product: product ? { id: product.id, name: product.name, url: product.url } : null,
    answer: row.answer,
    answered_at: row.answeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listQuestions(db: Database, userId: number): Promise<QuestionWire[]> {
  const rows = await findQuestions(db, userId);
  const productIds = [...new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])))];
  const products = new Map((await listProductsByIds(db, productIds)).map((card) => [card.id, card]));
  return rows.map((row) => toQuestionWire(row, row.productId ? products.get(row.productId) : undefined));
}

export async function askQuestion(
  db: Database,
  limiter: RateLimiter,
  userId: number,
  input: z.output<typeof questionSchema>,
): Promise<QuestionWire> {
  if (!(await limiter.hit(`question:user:${userId}`, 10, 60 * 60 * 1000))) {
    throw new AppError(429, 'Too Many Attempts.');
  }
  let product: ProductCard | undefined;
  if (input.product_id) {
    [product] = await listProductsByIds(db, [input.product_id]);
    if (!product) throw invalidData({ product_id: ['Такого товара нет в каталоге'] });
  }
  const row = await insertQuestion(db, { userId, productId: product?.id ?? null, text: input.text });
  return toQuestionWire(row, product);
}

/** For the back office: the answer shows on the asker's /my-question. */
export async function answerQuestion(
  db: Database,
  questionId: number,
  answer: string,
): Promise<QuestionWire> {
  const text = answer.trim();
  if (!text) throw invalidData({ answer: ['Напишите ответ'] });
  const row = await updateQuestionAnswer(db, questionId, text);
  if (!row) throw notFound();
  const [product] = row.productId ? await listProductsByIds(db, [row.productId]) : [];
  return toQuestionWire(row, product);
}

// Telegram link codes (the bot itself is modules/telegram, handed these by app-features.ts).

/** No 0/O, 1/I/L: the code may be typed by hand into the bot. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function hashLinkCode(code: string): string {
  return createHash('sha256').update(code.toUpperCase()).digest('hex');
}

export async function issueTelegramLinkCode(
  db: Database,
  userId: number,
): Promise<{ code: string; expiresAt: Date }> {
  const code = Array.from({ length: TELEGRAM_CODE_LENGTH }, () =>
    CODE_ALPHABET.charAt(randomInt(CODE_ALPHABET.length)),
  ).join('');
  const expiresAt = new Date(Date.now() + TELEGRAM_CODE_TTL_MS);
  await insertTelegramLinkCode(db, { codeHash: hashLinkCode(code), userId, expiresAt });
  return { code, expiresAt };
}

/** Links the chat to the code's user; null when the code is unknown, used or expired. */
export async function linkTelegramChat(db: Database, code: string, chatId: string): Promise<UserRow | null> {
  const userId = await updateTelegramLinkCodeUsed(db, hashLinkCode(code));
  return userId === undefined ? null : updateTelegramChat(db, userId, chatId);
}

export async function unlinkTelegram(db: Database, userId: number): Promise<UserRow> {
  return updateUser(db, userId, { telegramChatId: null });
}

/** Telegram answered that the chat is gone or the bot blocked: stop sending there. */
export async function forgetTelegramChat(
  db: Database,
  user: Pick<UserRow, 'id' | 'telegramChatId'>,
  chatId: string,
): Promise<void> {
  if (user.telegramChatId === chatId) await updateUser(db, user.id, { telegramChatId: null });
}
