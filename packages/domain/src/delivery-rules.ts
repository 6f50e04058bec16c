// Checkout delivery rules shared by the browser and the server: the Delivery and Checkout forms of spec §3, the
// step-2 readiness rule of spec §4, the method → kind grouping and the hydrolats restriction.
import { addressSchema, pickupPointSchema } from './account-schemas.ts';
import { emailField, nameField, phoneField } from './auth-schemas.ts';
import {
  type DeliveryKindId,
  type DeliveryMethodId,
  ESTIMATE_CITIES,
  type EstimateCityName,
  type PaymentMethodId,
} from './delivery-catalogue.ts';
import { type PluralForms, pluralize } from './plural.ts';
import { z } from './zod-ru.ts';

export const DELIVERY_METHOD_IDS = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly DeliveryMethodId[];
export const DELIVERY_KIND_IDS = [
  1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 13, 14,
] as const satisfies readonly DeliveryKindId[];
export const PAYMENT_METHOD_IDS = [1, 5, 3, 4] as const satisfies readonly PaymentMethodId[];

/**
 * Which delivery kinds (spec §3 «type» catalogue) each method (spec §3 «sposob_dost» catalogue) offers. Kinds 7, 9
 * and 10 sit under method 5 as the step rule of spec §4 says («type 5 with 7, 9 or 10»); international delivery
 * (13) goes by post, so it sits under method 4.
 */
export const DELIVERY_METHOD_KINDS = {
  1: [3, 5],
  2: [1],
  3: [8],
  4: [2, 13],
  5: [7, 10, 9],
  6: [6, 11],
  7: [14],
} as const satisfies Record<DeliveryMethodId, readonly DeliveryKindId[]>;

export function getMethodOfKind(kind: number): DeliveryMethodId | undefined {
  for (const method of DELIVERY_METHOD_IDS) {
    if ((DELIVERY_METHOD_KINDS[method] as readonly number[]).includes(kind)) return method;
  }
  return undefined;
}

/** The state of the Delivery form the step rule looks at; loose, so the browser's half-filled form fits too. */
export interface DeliveryStepState {
  type?: number | null;
  sposob_dost?: number | null;
  adrec?: number | string | null;
  addressNew?: object | null;
  tarif?: string | number | null;
  pvz?: number | string | null;
  pvzNew?: object | null;
}

function isFilled(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'number') return Number.isFinite(value) && value > 0;
  if (typeof value === 'string') return value.trim() !== '' && value.trim() !== '0';
  if (typeof value === 'object') return Object.values(value).some(isFilled);
  return value === true;
}

export function hasDeliveryAddress(form: DeliveryStepState): boolean {
  return isFilled(form.adrec) || isFilled(form.addressNew);
}

export function hasPickupPoint(form: DeliveryStepState): boolean {
  return isFilled(form.pvz) || isFilled(form.pvzNew);
}

/**
 * Spec §4 «Checkout step 2 is ready when», word for word on the form's fields («method» is `sposob_dost`, «type»
 * is `type`):
 *   - sposob_dost is 5 or 3;
 *   - sposob_dost is 1, 2, 8 or 14 and an address (saved `adrec` or `addressNew`) exists;
 *   - sposob_dost is 6 or 11 and a tarif and an address exist;
 *   - type is 5, sposob_dost is 7, 9 or 10, and a tarif and a pickup point (saved `pvz` or `pvzNew`) exist.
 * The rule compares sposob_dost with delivery-kind numbers (8, 9, 10, 11 and 14 exist only among kinds) and `type`
 * with the method «ПВЗ | Постамат» (5), so the form carries the kind in `sposob_dost` and the method in `type`;
 * read that way every branch makes sense (office pickups 3 and 5 need nothing, couriers need an address, CDEK and
 * Boxberry need a tariff, pickup points need a point). See docs/decisions/005-delivery-step-rule.md.
 */
export function isDeliveryStepReady(form: DeliveryStepState): boolean {
  const kind = form.sposob_dost;
  if (kind === 5 || kind === 3) return true;
  if (kind === 1 || kind === 2 || kind === 8 || kind === 14) return hasDeliveryAddress(form);
  if (kind === 6 || kind === 11) return isFilled(form.tarif) && hasDeliveryAddress(form);
  if (form.type === 5 && (kind === 7 || kind === 9 || kind === 10)) {
    return isFilled(form.tarif) && hasPickupPoint(form);
  }
  return false;
}

/** Hydrolats (cart `hydr`) travel neither by Russian Post (kind 2) nor to parcel lockers (kinds 9 and 14). */
export const HYDROLAT_FORBIDDEN_KINDS = [2, 9, 14] as const satisfies readonly DeliveryKindId[];
export const HYDROLAT_REASON =
  'Гидролаты не принимают к пересылке Почтой России и в постаматы: стеклянные флаконы с жидкостью';

export function isKindAllowedForHydrolats(kind: number): boolean {
  return !(HYDROLAT_FORBIDDEN_KINDS as readonly number[]).includes(kind);
}

export const DAY_FORMS: PluralForms = ['день', 'дня', 'дней'];

/** «1–2 дня», «3 дня», «7–14 дней». */
export function formatDeliveryTerm(daysMin: number, daysMax: number): string {
  const low = Math.max(0, Math.round(Math.min(daysMin, daysMax)));
  const high = Math.max(0, Math.round(Math.max(daysMin, daysMax)));
  const range = low === high ? `${high}` : `${low}–${high}`;
  return `${range} ${pluralize(high, DAY_FORMS)}`;
}

/** Tariff codes look like `cdek:136`, `boxberry:pvz`, `shop:courier-msk`. */
export const tarifField = z
  .union([z.string(), z.number().int().nonnegative()], { error: 'Выберите тариф' })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, 'Выберите тариф')
      .max(64, 'Неверный тариф')
      .regex(/^[A-Za-z0-9_.:-]+$/, 'Неверный тариф'),
  );

const savedId = (message: string) =>
  z.int({ error: message }).min(1, message).max(2_147_483_647, message).nullable().default(null);

const flag = (message: string) => z.boolean({ error: message }).default(false);

/** The Delivery form of spec §3. `sposob_dost` carries the delivery kind and `type` the method (see above). */
export const deliveryFormSchema = z
  .strictObject({
    type: z.literal(DELIVERY_METHOD_IDS, { error: 'Выберите способ доставки' }).nullable().default(null),
    sposob_dost: z
      .literal(DELIVERY_KIND_IDS, { error: 'Выберите вариант доставки' })
      .nullable()
      .default(null),
    /** Not described by the spec beyond its name: kept as a short free text (e.g. a wished time slot). */
    dost_dop: z.string({ error: 'Неверное значение' }).trim().max(200, 'Не длиннее 200 символов').default(''),
    sposob_oplat: z.literal(PAYMENT_METHOD_IDS, { error: 'Выберите способ оплаты' }).nullable().default(null),
    adrec: savedId('Выберите адрес из списка'),
    tarif: tarifField.nullable().default(null),
    pvz: savedId('Выберите пункт выдачи из списка'),
    koment: z
      .string({ error: 'Неверный комментарий' })
      .trim()
      .max(1000, 'Комментарий — не длиннее 1000 символов')
      .default(''),
    ecopack: flag('Укажите, нужна ли экоупаковка'),
    calling: flag('Укажите, позвонить ли перед доставкой'),
    promo: flag('Неверное значение'),
    consultant: flag('Укажите, нужна ли консультация'),
    detail: flag('Неверное значение'),
    addressNew: addressSchema.nullable().default(null),
    pvzNew: pickupPointSchema.nullable().default(null),
    /** The browser's copy of the cart flag; the server always uses its own cart. */
    hydr: flag('Неверное значение'),
  })
  .superRefine((form, context) => {
    if (form.type !== null && form.sposob_dost !== null) {
      const kinds = DELIVERY_METHOD_KINDS[form.type] as readonly number[];
      if (!kinds.includes(form.sposob_dost)) {
        context.addIssue({
          code: 'custom',
          path: ['sposob_dost'],
          message: 'Этот вариант не относится к выбранному способу доставки',
        });
      }
    }
    if (form.pvzNew && form.sposob_dost !== null && form.pvzNew.type !== form.sposob_dost) {
      context.addIssue({
        code: 'custom',
        path: ['pvzNew', 'type'],
        message: 'Пункт выдачи другой службы: выберите пункт заново',
      });
    }
  });
export type DeliveryFormInput = z.input<typeof deliveryFormSchema>;
export type DeliveryForm = z.output<typeof deliveryFormSchema>;

const surnameField = z
  .string({ error: 'Введите фамилию' })
  .trim()
  .min(1, 'Введите фамилию')
  .max(60, 'Фамилия — не длиннее 60 символов')
  .regex(/^[\p{L}\s'’.-]+$/u, 'Фамилия может содержать только буквы, пробел и дефис');

/** The Checkout form of spec §3: who receives the order. */
export const checkoutContactSchema = z.strictObject({
  id: z.int({ error: 'Неверный покупатель' }).min(1).max(2_147_483_647).nullish(),
  name: nameField,
  fam: surnameField,
  email: emailField,
  tel: phoneField.refine(
    (phone) => phone !== '',
    'Введите телефон: по нему позвонит курьер или пункт выдачи',
  ),
});
export type CheckoutContactInput = z.input<typeof checkoutContactSchema>;
export type CheckoutContact = z.output<typeof checkoutContactSchema>;

// The calculator calls of spec §7 (Delivery): request schemas and answer shapes, shared by server and web.

/** Delivery kinds that end at a pickup point or a parcel locker. */
export const PICKUP_POINT_KINDS = [7, 9, 10, 14] as const satisfies readonly DeliveryKindId[];

export const zipField = z
  .string({ error: 'Укажите индекс' })
  .trim()
  .regex(/^\d{6}$/, { message: 'Индекс — 6 цифр', abort: true })
  .regex(/^[1-6]/, 'Такого индекса в России нет');

export const courierCostSchema = z.strictObject({ zip: zipField });

const pointCodeField = z
  .string({ error: 'Выберите пункт выдачи' })
  .trim()
  .min(1, 'Выберите пункт выдачи')
  .max(64, 'Неверный код пункта выдачи')
  .regex(/^[\p{L}\d_.:-]+$/u, 'Неверный код пункта выдачи');

const pointKindField = z.literal(PICKUP_POINT_KINDS, {
  error: 'Выберите службу: пункт выдачи CDEK, Boxberry, постамат или 5Post',
});

export const pvzCostSchema = z.strictObject({ code: pointCodeField, type: pointKindField });

const cityField = z
  .string({ error: 'Неверный город' })
  .trim()
  .min(1, 'Укажите город')
  .max(100, 'Неверный город');

const latitude = z
  .number({ error: 'Неверная широта' })
  .min(-90, 'Неверная широта')
  .max(90, 'Неверная широта');
const longitude = z
  .number({ error: 'Неверная долгота' })
  .min(-180, 'Неверная долгота')
  .max(180, 'Неверная долгота');

export const pvzListSchema = z.strictObject({
  city: cityField.optional(),
  type: pointKindField.optional(),
  bounds: z
    .strictObject({ south: latitude, west: longitude, north: latitude, east: longitude })
    .refine((bounds) => bounds.south <= bounds.north, { message: 'Неверная область карты', path: ['south'] })
    .optional(),
});

export const PVZ_SEARCH_LIMIT = 50;

export const pvzSearchSchema = z.strictObject({
  qs: z
    .string({ error: 'Введите адрес, станцию метро или город' })
    .trim()
    .min(2, 'Введите хотя бы 2 символа')
    .max(100, 'Запрос — не длиннее 100 символов'),
});

export const addressQuerySchema = z.object({
  q: z.string({ error: 'Неверный запрос' }).max(200, 'Запрос — не длиннее 200 символов').default(''),
});

// Answers of the delivery calls (docs/decisions/031): the server's `response` schemas, the web's types.

export const deliveryTermSchema = z.object({ min: z.number(), max: z.number(), text: z.string() });

/** One way to deliver, priced for this cart; `available: false` carries a Russian `reason`. */
export const deliveryOptionSchema = z.object({
  type: z.literal(DELIVERY_KIND_IDS),
  name: z.string(),
  provider: z.string(),
  providerName: z.string(),
  tarif: z.string().nullable(),
  tarifName: z.string().nullable(),
  /** Whole ₽ after the shop's free-delivery thresholds; null when unavailable or on request. */
  price: z.number().nullable(),
  free: z.boolean(),
  freeFrom: z.number().nullable(),
  /** «390 ₽», «от 250 ₽», «бесплатно», «по запросу», «недоступно». */
  priceText: z.string(),
  term: deliveryTermSchema.nullable(),
  available: z.boolean(),
  reason: z.string().nullable(),
});
export type DeliveryOptionWire = z.infer<typeof deliveryOptionSchema>;

export const deliveryMethodSchema = z.object({
  id: z.literal(DELIVERY_METHOD_IDS),
  name: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
  kinds: z.array(deliveryOptionSchema),
});
export type DeliveryMethodWire = z.infer<typeof deliveryMethodSchema>;

/** GET /api/v1/calculator/list. */
export const deliveryListSchema = z.object({
  methods: z.array(deliveryMethodSchema),
  hydr: z.boolean(),
  total: z.number(),
  weight: z.number(),
});
export type DeliveryListWire = z.infer<typeof deliveryListSchema>;

export const pickupPointWireSchema = z.object({
  code: z.string(),
  type: z.literal(DELIVERY_KIND_IDS),
  provider: z.string(),
  providerName: z.string(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  zip: z.string(),
  metro: z.string(),
  lat: z.number(),
  lon: z.number(),
  workHours: z.string(),
  phone: z.string(),
  note: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
});
export type PickupPointWire = z.infer<typeof pickupPointWireSchema>;

/** POST /api/v1/calculator/courier-cost. */
export const courierCostAnswerSchema = z.object({ zip: z.string(), options: z.array(deliveryOptionSchema) });
export type CourierCostAnswer = z.infer<typeof courierCostAnswerSchema>;

/** POST /api/v1/calculator/pvz-cost. */
export const pvzCostAnswerSchema = z.object({
  point: pickupPointWireSchema,
  options: z.array(deliveryOptionSchema),
});
export type PvzCostAnswer = z.infer<typeof pvzCostAnswerSchema>;

/** POST /api/v1/calculator/pvz-search: the points that match, at most PVZ_SEARCH_LIMIT. */
export const pickupPointSearchAnswerSchema = z.object({
  points: z.array(pickupPointWireSchema),
  total: z.int(),
});
export type PickupPointSearchAnswer = z.infer<typeof pickupPointSearchAnswerSchema>;

/**
 * POST /api/v1/calculator/pvz: the map's points (at most 500; `total` in the box) and the cities that have points
 * of the asked type, with how many each has.
 */
export const pickupPointListAnswerSchema = pickupPointSearchAnswerSchema.extend({
  cities: z.array(z.object({ city: z.string(), count: z.int() })),
});
export type PickupPointListAnswer = z.infer<typeof pickupPointListAnswerSchema>;

export const addressSuggestionSchema = z.object({ value: z.string(), city: z.string(), street: z.string() });
export type AddressSuggestionWire = z.infer<typeof addressSuggestionSchema>;

/** GET /api/v1/address. */
export const addressSuggestionsAnswerSchema = z.object({ suggestions: z.array(addressSuggestionSchema) });
export type AddressSuggestionsAnswer = z.infer<typeof addressSuggestionsAnswerSchema>;

export const deliveryEstimateQuerySchema = z.strictObject({
  product: z.coerce
    .number({ error: 'Неверный товар' })
    .int('Неверный товар')
    .positive('Неверный товар')
    .max(2_147_483_647, 'Неверный товар'),
  city: z.enum(ESTIMATE_CITIES.map((city) => city.name) as [EstimateCityName, ...EstimateCityName[]], {
    error: 'Выберите город из списка',
  }),
});

/** GET /api/v1/calculator/estimate: the cheapest courier and pickup point for one unit of a product to a city. */
export const deliveryEstimateSchema = z.object({
  city: deliveryEstimateQuerySchema.shape.city,
  /** Null when no courier delivers there. */
  courier: deliveryOptionSchema.nullable(),
  /** Null when the city has no pickup point that takes the product. */
  pickup: deliveryOptionSchema.nullable(),
});
export type DeliveryEstimateWire = z.infer<typeof deliveryEstimateSchema>;
