// Forms and answers of the personal account (spec §3 User, §4 favourites, §7 Account and User calls), shared by server and web.

import { nameField, phoneField } from './auth-schemas.ts';
import type { DeliveryKindId } from './delivery-catalogue.ts';
import { z } from './zod-ru.ts';

export const ADDRESS_LIMIT = 20;
export const PICKUP_POINT_LIMIT = 20;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const QUESTION_TEXT_MIN = 10;
export const QUESTION_TEXT_MAX = 2000;
export const BIRTHDAY_MIN_AGE = 14;
export const BIRTHDAY_MAX_AGE = 120;
/** Telegram link codes: what the bot receives after /start. */
export const TELEGRAM_CODE_LENGTH = 8;
export const TELEGRAM_CODE_TTL_MS = 15 * 60 * 1000;

/** Delivery kinds of spec §3 that end at a pickup point or a parcel locker: only these can be saved as «ПВЗ». */
export const PICKUP_DELIVERY_KINDS = [7, 9, 10, 14] as const satisfies readonly DeliveryKindId[];

/** The favourites toggle of spec §4: the path type, what it is stored as, and the answer's message. */
export const FAVORITE_KINDS = {
  product: { stored: 'product', message: 'fav/prod' },
  recept: { stored: 'recept', message: 'fav/rec' },
  menu: { stored: 'article', message: 'fav/menu' },
} as const;
export type FavoritePathType = keyof typeof FAVORITE_KINDS;
export type FavoriteMessage = (typeof FAVORITE_KINDS)[FavoritePathType]['message'];

/** An id from a path or a body: a positive integer, also when an old client sends it as a digit string. */
export const idField = z
  .union(
    [
      z.int(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ],
    { error: 'Неверный идентификатор' },
  )
  .pipe(z.int('Неверный идентификатор').positive('Неверный идентификатор').max(2_147_483_647));

export const famField = z
  .string()
  .trim()
  .max(60, 'Фамилия — не длиннее 60 символов')
  .regex(/^[\p{L}\s'’.-]*$/u, 'Фамилия может содержать только буквы, пробел и дефис');

/** PUT /v1/user/{id}: only these three; e-mail changes go through POST /v1/user/email, the discount is the server's. */
export const personalSchema = z.strictObject({
  name: nameField,
  fam: famField.optional(),
  tel: phoneField.optional(),
});

/** Today's date in Moscow as YYYY-MM-DD: the shop's calendar, whatever the machine's zone. */
export function getMoscowToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Moscow',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Full years between two YYYY-MM-DD dates. */
export function calculateAge(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

function isRealDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const birthdayField = z
  .string({ error: 'Укажите дату рождения' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Укажите дату в формате ГГГГ-ММ-ДД')
  .superRefine((value, context) => {
    if (!isRealDate(value)) {
      context.addIssue({ code: 'custom', message: 'Такой даты нет в календаре' });
      return;
    }
    const today = getMoscowToday();
    if (value >= today) {
      context.addIssue({ code: 'custom', message: 'Дата рождения должна быть в прошлом' });
      return;
    }
    const age = calculateAge(value, today);
    if (age < BIRTHDAY_MIN_AGE || age > BIRTHDAY_MAX_AGE) {
      context.addIssue({
        code: 'custom',
        message: `Проверьте дату: возраст должен быть от ${BIRTHDAY_MIN_AGE} до ${BIRTHDAY_MAX_AGE} лет`,
      });
    }
  });

export const birthdaySchema = z.strictObject({ birthday: birthdayField });

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).default('');

export const addressSchema = z.strictObject({
  city: z
    .string({ error: 'Укажите город' })
    .trim()
    .min(1, 'Укажите город')
    .max(100, 'Город — не длиннее 100 символов'),
  street: z
    .string({ error: 'Укажите улицу' })
    .trim()
    .min(1, 'Укажите улицу')
    .max(200, 'Улица — не длиннее 200 символов'),
  house: z
    .string({ error: 'Укажите дом' })
    .trim()
    .min(1, 'Укажите дом')
    .max(20, 'Дом — не длиннее 20 символов'),
  flat: optionalText(20, 'Квартира — не длиннее 20 символов'),
  zip: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, 'Индекс — 6 цифр')
    .default(''),
  comment: optionalText(500, 'Комментарий — не длиннее 500 символов'),
});

export const pickupPointSchema = z.strictObject({
  code: z
    .string({ error: 'Выберите пункт выдачи' })
    .trim()
    .min(1, 'Выберите пункт выдачи')
    .max(64, 'Неверный код пункта выдачи')
    .regex(/^[\p{L}\d_.:-]+$/u, 'Неверный код пункта выдачи'),
  type: z.literal(PICKUP_DELIVERY_KINDS, {
    error: 'Выберите службу: пункт выдачи CDEK, Boxberry, постамат или 5Post',
  }),
  name: optionalText(200, 'Название — не длиннее 200 символов'),
  address: optionalText(300, 'Адрес — не длиннее 300 символов'),
});

export const favoriteSchema = z.strictObject({ id: idField });

export const mailingsSchema = z.strictObject({
  mailings: z.boolean({ error: 'Укажите, присылать ли рассылку' }),
});

export const questionSchema = z.strictObject({
  text: z
    .string({ error: 'Напишите вопрос' })
    .trim()
    .min(QUESTION_TEXT_MIN, `Вопрос — не короче ${QUESTION_TEXT_MIN} символов`)
    .max(QUESTION_TEXT_MAX, `Вопрос — не длиннее ${QUESTION_TEXT_MAX} символов`),
  product_id: idField.nullish(),
});

// Answers.

export const userAddressSchema = z.object({
  id: z.int(),
  city: z.string(),
  street: z.string(),
  house: z.string(),
  flat: z.string(),
  zip: z.string(),
  comment: z.string(),
});
export type AddressWire = z.infer<typeof userAddressSchema>;

/** A saved pickup point: the carrier's code and the delivery kind (spec §3 type). */
export const userPickupPointSchema = z.object({
  id: z.int(),
  code: z.string(),
  type: z.int(),
  name: z.string(),
  address: z.string(),
});
export type PickupPointWire = z.infer<typeof userPickupPointSchema>;

/** Spec §3 User, as login, registration and GET /v1/user answer it. */
export const userWireSchema = z.object({
  id: z.int(),
  name: z.string(),
  fam: z.string(),
  email: z.string(),
  tel: z.string(),
  avatar: z.object({ type: z.enum(['photo', 'other']), photo: z.string().nullable() }),
  skidka: z.number(),
  /** ISO date (YYYY-MM-DD) or null. */
  birthday: z.string().nullable(),
  mailings: z.boolean(),
  telegram: z.object({ linked: z.boolean() }),
  favProducts: z.array(z.int()),
  favRecepts: z.array(z.int()),
  favArticles: z.array(z.int()),
  waitlist: z.array(z.int()),
  addresses: z.array(userAddressSchema),
  pvz: z.array(userPickupPointSchema),
  /** GET /v1/user only: the support chat is open to this user (spec §7 chat). */
  chat: z.boolean().optional(),
  /** GET /v1/user and a login's answer: a moderator (MODERATOR_IDS) — the account menu leads to the back office. */
  moderator: z.boolean().optional(),
});
export type UserWire = z.infer<typeof userWireSchema>;

/** POST /v1/user (registration) and POST /v1/user/login. */
export const sessionAnswerSchema = z.object({
  status: z.literal('ok'),
  access_token: z.string(),
  expires_in: z.int(),
  user: userWireSchema,
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** GET /v1/user. */
export const currentUserAnswerSchema = z.object({ message: z.literal('user'), user: userWireSchema });
export type CurrentUserAnswer = z.infer<typeof currentUserAnswerSchema>;
