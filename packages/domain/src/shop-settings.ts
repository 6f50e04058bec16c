// The shop's settings the owner edits in the back office (issue 39 point 8): name, contacts, the legal entity for
// invoices, the owner's notification address, free-delivery thresholds and the personal-discount tiers. The domain
// is pure: the constants of shop-info.ts and delivery-tariffs.ts are the *defaults*; the live values come from the
// server's settings (GET /api/v1/admin/settings) and reach pages through the critical data (`critical.shop`).
import { emailField } from './auth-schemas.ts';
import { DELIVERY_KINDS, type DeliveryKindId } from './delivery-catalogue.ts';
import { normalizeRussianPhone } from './phone.ts';
import {
  isValidAccount,
  isValidCorrespondentAccount,
  isValidInn,
  isValidKpp,
  isValidOgrn,
} from './requisites.ts';
import { z } from './zod-ru.ts';

const text = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Не длиннее ${max} символов`);

const shopPhoneSchema = z.object({
  phone: z
    .string({ error: 'Укажите телефон' })
    .trim()
    .transform((value, context) => {
      const phone = normalizeRussianPhone(value);
      if (!phone) {
        context.addIssue({ code: 'custom', message: 'Укажите российский номер: +7 и 10 цифр' });
        return z.NEVER;
      }
      return phone;
    }),
  /** «Москва», «бесплатно по России». */
  note: z.string().trim().max(60, 'Не длиннее 60 символов').default(''),
});

const digits = (label: string, length: number) =>
  z
    .string({ error: `Укажите ${label}` })
    .trim()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${length}}$`), `${label}: ${length} цифр`));

export const requisitesSchema = z
  .object({
    company: text('Укажите название юридического лица', 200),
    inn: z
      .string({ error: 'Укажите ИНН' })
      .trim()
      .refine(isValidInn, 'ИНН: 10 или 12 цифр с верным контрольным числом — проверьте, нет ли опечатки'),
    kpp: z
      .string()
      .trim()
      .refine((value) => value === '' || isValidKpp(value), 'КПП: 9 знаков, как в свидетельстве')
      .default(''),
    ogrn: z
      .string({ error: 'Укажите ОГРН' })
      .trim()
      .refine(isValidOgrn, 'ОГРН: 13 цифр (ОГРНИП — 15) с верным контрольным числом'),
    address: text('Укажите юридический адрес', 300),
    bank: text('Укажите банк', 200),
    bik: digits('БИК', 9),
    account: digits('Расчётный счёт', 20),
    correspondentAccount: digits('Корреспондентский счёт', 20),
  })
  .superRefine((value, context) => {
    if (!isValidAccount(value.account, value.bik)) {
      context.addIssue({
        code: 'custom',
        path: ['account'],
        message: 'Расчётный счёт не сходится с БИК: проверьте обе цифры — счёт или БИК',
      });
    }
    if (!isValidCorrespondentAccount(value.correspondentAccount, value.bik)) {
      context.addIssue({
        code: 'custom',
        path: ['correspondentAccount'],
        message: 'Корреспондентский счёт не сходится с БИК банка',
      });
    }
  });
export type ShopRequisites = z.infer<typeof requisitesSchema>;

const KIND_IDS = Object.keys(DELIVERY_KINDS).map(Number) as DeliveryKindId[];

const discountTiersSchema = z
  .array(
    z.object({
      from: z.int('Целое число рублей').min(1, 'Больше нуля').max(100_000_000, 'Слишком большая сумма'),
      percent: z.int('Целое число процентов').min(1, 'От 1 до 50 %').max(50, 'От 1 до 50 %'),
    }),
  )
  .max(10, 'Не больше 10 уровней')
  .superRefine((tiers, context) => {
    for (let index = 1; index < tiers.length; index++) {
      const [previous, tier] = [tiers[index - 1]!, tiers[index]!];
      if (tier.from <= previous.from || tier.percent <= previous.percent) {
        context.addIssue({
          code: 'custom',
          path: [index, 'from'],
          message: 'Каждый следующий уровень — с большей суммы и большим процентом',
        });
      }
    }
  });

/** What the owner edits (PUT /api/v1/admin/settings) and the server keeps. */
export const shopSettingsSchema = z.object({
  name: text('Укажите название магазина', 60),
  slogan: z.string().trim().max(200, 'Не длиннее 200 символов').default(''),
  city: text('Укажите город', 60),
  email: emailField,
  /** Where letters to the owner go (new orders, the day's summary): not shown to buyers. */
  ownerEmail: emailField,
  phones: z.array(shopPhoneSchema).min(1, 'Нужен хотя бы один телефон').max(4, 'Не больше четырёх телефонов'),
  hours: text('Укажите часы работы', 120),
  address: z.object({
    street: text('Укажите улицу и дом', 200),
    city: text('Укажите город', 60),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Индекс: 6 цифр'),
  }),
  requisites: requisitesSchema,
  /** From this cart total (₽) the shop pays for delivery of this kind; null: never free. */
  freeDeliveryFrom: z.array(
    z.object({
      kind: z
        .int()
        .refine((kind) => KIND_IDS.includes(kind as DeliveryKindId), 'Нет такого способа доставки'),
      from: z
        .int('Целое число рублей')
        .min(1, 'Больше нуля')
        .max(10_000_000, 'Слишком большая сумма')
        .nullable(),
    }),
  ),
  discountTiers: discountTiersSchema,
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** GET /api/v1/admin/settings: the settings, the delivery kinds to name the thresholds, when and who saved last. */
export const shopSettingsAnswerSchema = z.object({
  settings: shopSettingsSchema,
  deliveryKinds: z.array(z.object({ kind: z.int(), name: z.string() })),
  updatedAt: z.string().nullable(),
});
export type ShopSettingsAnswer = z.infer<typeof shopSettingsAnswerSchema>;

/** The part every page shows, sent with the critical data (`critical.shop`): contacts, never the owner's mail. */
export const publicShopSchema = z.object({
  name: z.string(),
  slogan: z.string(),
  city: z.string(),
  phones: z.array(z.object({ display: z.string(), href: z.string(), note: z.string() })),
  email: z.string(),
  hours: z.string(),
  address: z.object({ street: z.string(), city: z.string(), postalCode: z.string(), country: z.string() }),
  freeDeliveryFrom: z.array(z.object({ kind: z.int(), from: z.int().nullable() })),
});
export type PublicShop = z.infer<typeof publicShopSchema>;
