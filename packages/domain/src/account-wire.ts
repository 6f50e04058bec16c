// Answers of the personal account's calls (spec §7 Account and User, GET /v1/my-*): zod schemas the server names
// as its routes' `response` and the web takes its types from (`import type`). docs/decisions/031.
import { userAddressSchema, userPickupPointSchema, userWireSchema } from './account-schemas.ts';
import { okMessageAnswerSchema } from './api-wire.ts';
import { productCardSchema, publicationCardSchema } from './catalog-wire.ts';
import { z } from './zod-ru.ts';

export const discountTierSchema = z.object({
  /** Completed orders from this many ₽… */
  from: z.number(),
  /** …give this percent. */
  percent: z.number(),
});
export type DiscountTier = z.infer<typeof discountTierSchema>;

export const discountDescriptionSchema = z.object({
  /** The user's percent now. */
  percent: z.number(),
  /** The next tier above it and the ₽ of completed orders still missing; null at the top. */
  next: z.object({ percent: z.number(), remaining: z.number() }).nullable(),
});
export type DiscountDescription = z.infer<typeof discountDescriptionSchema>;

/** GET /v1/my-account. */
export const accountSummarySchema = z.object({
  user: userWireSchema,
  skidka: discountDescriptionSchema.extend({
    completed_total: z.number(),
    tiers: z.array(discountTierSchema),
  }),
  counts: z.object({
    favProducts: z.int(),
    favRecepts: z.int(),
    favArticles: z.int(),
    waitlist: z.int(),
    addresses: z.int(),
    pvz: z.int(),
    questions: z.int(),
    /** Orders ever placed: none yet means a new customer, who is welcomed rather than welcomed back. */
    orders: z.int(),
  }),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

const avatarSchema = userWireSchema.shape.avatar;

/** GET /v1/my-personal. */
export const personalAnswerSchema = z.object({
  personal: z.object({
    id: z.int(),
    name: z.string(),
    fam: z.string(),
    email: z.string(),
    tel: z.string(),
    birthday: z.string().nullable(),
    avatar: avatarSchema,
  }),
});

export const accountSettingsSchema = z.object({
  mailings: z.boolean(),
  /** `bot`: the bot's name, for the «open the bot» link. */
  telegram: z.object({ linked: z.boolean(), bot: z.string() }),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** GET /v1/my-settings. */
export const settingsAnswerSchema = z.object({ settings: accountSettingsSchema });
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;

/** POST /v1/user/mailings and DELETE /v1/user/telegram: the settings after the change. */
export const settingsChangedAnswerSchema = okMessageAnswerSchema.extend({ settings: accountSettingsSchema });

export const waitlistItemSchema = productCardSchema.extend({
  waiting_since: z.string(),
  /** When the back-in-stock letter for this wait went out; null while still waiting. */
  notified_at: z.string().nullable(),
});
export type WaitlistItem = z.infer<typeof waitlistItemSchema>;

/** GET /v1/my-waitlist. */
export const waitlistAnswerSchema = z.object({ items: z.array(waitlistItemSchema) });
export type WaitlistAnswer = z.infer<typeof waitlistAnswerSchema>;

/** GET /v1/my-fav-prod. */
export const favoriteProductsAnswerSchema = z.object({ items: z.array(productCardSchema) });
export type FavoriteProductsAnswer = z.infer<typeof favoriteProductsAnswerSchema>;

/** GET /v1/my-bookmarks. */
export const bookmarksAnswerSchema = z.object({
  recepts: z.array(publicationCardSchema),
  articles: z.array(publicationCardSchema),
});
export type BookmarksAnswer = z.infer<typeof bookmarksAnswerSchema>;

export const questionWireSchema = z.object({
  id: z.int(),
  text: z.string(),
  product: z.object({ id: z.int(), name: z.string(), url: z.string() }).nullable(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
});
export type QuestionWire = z.infer<typeof questionWireSchema>;

/** GET /v1/my-question. */
export const questionsAnswerSchema = z.object({ items: z.array(questionWireSchema) });
export type QuestionsAnswer = z.infer<typeof questionsAnswerSchema>;

/** POST /v1/user/question. */
export const questionAskedAnswerSchema = okMessageAnswerSchema.extend({ question: questionWireSchema });
export type QuestionAskedAnswer = z.infer<typeof questionAskedAnswerSchema>;

/** PUT /v1/user/{id}, POST /v1/user/{id}/birthday, POST and DELETE /v1/user/{id}/avatar: the changed user. */
export const userChangedAnswerSchema = okMessageAnswerSchema.extend({ user: userWireSchema });
export type UserChangedAnswer = z.infer<typeof userChangedAnswerSchema>;

/** GET /v1/user/{id}/address. */
export const addressBookSchema = z.object({
  addresses: z.array(userAddressSchema),
  pvz: z.array(userPickupPointSchema),
});
export type AddressBook = z.infer<typeof addressBookSchema>;

/** DELETE /v1/user/{id}/address/{addressId} and /pvz/{pvzId}: the book after the change. */
export const addressBookChangedAnswerSchema = okMessageAnswerSchema.extend(addressBookSchema.shape);

/** POST /v1/user/{id}/address: the new address and the book. */
export const addressAddedAnswerSchema = addressBookChangedAnswerSchema.extend({ item: userAddressSchema });

/** POST /v1/user/{id}/pvz: the new pickup point and the book. */
export const pickupPointAddedAnswerSchema = addressBookChangedAnswerSchema.extend({
  item: userPickupPointSchema,
});

/** PUT /v1/user/favorite/{type}: the list of that kind after the toggle. */
export const favoriteToggleAnswerSchema = z.object({
  message: z.enum(['fav/prod', 'fav/rec', 'fav/menu']),
  list: z.array(z.int()),
  added: z.boolean(),
});
export type FavoriteToggleAnswer = z.infer<typeof favoriteToggleAnswerSchema>;

/** PUT and DELETE /v1/user/waitlist/{id}: the product ids the user waits for. */
export const waitlistChangedAnswerSchema = z.object({
  message: z.enum(['waitlist/add', 'waitlist/remove']),
  waitlist: z.array(z.int()),
});
export type WaitlistChangedAnswer = z.infer<typeof waitlistChangedAnswerSchema>;

/** POST /v1/user/telegram: a code to send the bot, valid for a quarter of an hour. */
export const telegramCodeAnswerSchema = z.object({
  status: z.literal('ok'),
  code: z.string(),
  /** t.me link that starts the bot with the code. */
  link: z.string(),
  expires_at: z.string(),
});
export type TelegramCodeAnswer = z.infer<typeof telegramCodeAnswerSchema>;

/** POST /v1/user/telegram/test. */
export const telegramTestAnswerSchema = okMessageAnswerSchema.extend({ delivered: z.boolean() });
export type TelegramTestAnswer = z.infer<typeof telegramTestAnswerSchema>;

/** POST /api/v1/telegram/webhook: Telegram only needs to hear that the update arrived. */
export const telegramWebhookAnswerSchema = z.object({ ok: z.literal(true) });
