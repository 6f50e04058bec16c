// The back office's product forms (server checks and the web form share them): only the fields listed here can be
// written; ids, ratings, counters and popularity are the shop's own and are refused as unknown keys.
import { imageRefSchema, PRODUCT_ICONS, productDetailsSchema } from './catalog-wire.ts';
import { z } from './zod-ru.ts';

export const PRODUCT_STOCK_FILTERS = ['out', 'low', 'in'] as const;
/** «Мало»: from 1 to this many left. */
export const LOW_STOCK_LIMIT = 5;
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PRODUCT_IMAGES_MAX = 12;
export const ADMIN_PRODUCTS_PER_PAGE = 30;
const MAX_PRICE = 10_000_000;
const MAX_STOCK = 1_000_000;

const plain = (max: number, label: string) =>
  z.string(`${label}: нужен текст`).trim().max(max, `${label} — не длиннее ${max} символов`);
const money = (label: string) =>
  z
    .int(`${label}: целое число рублей`)
    .min(0, `${label} не может быть меньше нуля`)
    .max(MAX_PRICE, `${label} — слишком большая сумма`);

/**
 * A GTIN's last digit checks the others (GS1): from the right, the digits before it are weighted 3, 1, 3, 1…, and the
 * check digit brings the sum to a multiple of ten. EAN-13 is a GTIN of 13 digits; EAN-8, UPC-A and GTIN-14 check alike.
 */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  let sum = 0;
  for (const [offset, digit] of digits.reverse().entries()) sum += digit * (offset % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === check;
}

/** Grams, millimetres: whole numbers a warehouse writes; null while unknown (delivery then estimates). */
const measure = (label: string, unit: string, max: number) =>
  z
    .int(`${label}: целое число, ${unit}`)
    .min(1, `${label}: число больше нуля`)
    .max(max, `${label} — слишком большое число`)
    .nullable();

const productFields = {
  name: plain(200, 'Название').min(1, 'Укажите название'),
  latin_name: plain(200, 'Латинское название'),
  url: z
    .string('Укажите адрес страницы')
    .trim()
    .regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*\.html$/, 'Адрес вида /lavanda-10-ml.html: латиница, цифры и дефисы'),
  category_id: z.int('Выберите категорию').positive('Выберите категорию'),
  family_key: plain(100, 'Семейство').regex(/^[a-z0-9-]*$/, 'Семейство: латиница, цифры и дефисы'),
  volume: plain(40, 'Объём'),
  cena: money('Цена').min(1, 'Цена должна быть больше нуля'),
  cena_st: money('Обычная цена'),
  stock: z
    .int('Остаток: целое число')
    .min(0, 'Остаток не может быть меньше нуля')
    .max(MAX_STOCK, 'Остаток — слишком большое число'),
  icons: z
    .array(z.enum(PRODUCT_ICONS, 'Неизвестный значок'))
    .max(PRODUCT_ICONS.length)
    .refine((icons) => new Set(icons).size === icons.length, 'Значок выбран дважды'),
  visible: z.boolean('Видимость: да или нет'),
  /** Rich text: the server passes it through the sanitiser before storing. */
  description: plain(50_000, 'Описание'),
  composition: plain(2000, 'Состав'),
  usage: plain(20_000, 'Применение'),
  safety: plain(20_000, 'Меры предосторожности'),
  country: plain(100, 'Страна'),
  plant_part: plain(100, 'Часть растения'),
  extraction_method: plain(100, 'Способ получения'),
  html_title: plain(200, 'Заголовок страницы').nullable(),
  meta_description: plain(300, 'Описание для поисковиков').nullable(),
  brand: plain(100, 'Производитель').nullable(),
  /** Артикул: the shop's own code of the good (1C's «Артикул»); unique among products, '' when there is none. */
  sku: plain(100, 'Артикул'),
  gtin: z
    .string('Штрихкод: строка')
    .trim()
    .regex(/^(\d{8}|\d{12,14})$/, 'Штрихкод: 13 цифр (EAN-13), или 8, 12, 14')
    .refine(isValidGtin, 'Штрихкод не сходится: проверьте цифры — последняя (контрольная) не совпадает')
    .nullable(),
  /** Weight of one packed unit, grams: the delivery calculators add these up for a cart. */
  weight_g: measure('Вес', 'граммов', 100_000),
  length_mm: measure('Длина', 'миллиметров', 3000),
  width_mm: measure('Ширина', 'миллиметров', 3000),
  height_mm: measure('Высота', 'миллиметров', 3000),
  special_price_until: z.iso.date('Дата окончания скидки: ГГГГ-ММ-ДД').nullable(),
};

/** A special price is lower than the regular one (cena_st = 0 means no special price). */
export function specialPriceError(cena: number, cenaSt: number): string | null {
  return cenaSt > 0 && cenaSt <= cena ? 'Обычная цена должна быть больше цены со скидкой' : null;
}

/** PUT /admin/products/{id}: any subset of the editable fields. */
export const productUpdateSchema = z.strictObject(productFields).partial();
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/**
 * PUT /admin/products/{id}/images: the product's pictures in their new order (the first is the main one), each named
 * by its basename, with the text that says what it shows. Only the pictures it has: none added, none left out.
 */
export const productImagesUpdateSchema = z.strictObject({
  images: z
    .array(
      z.strictObject({
        basename: z.string('Неизвестное фото').max(300, 'Неизвестное фото'),
        alt: plain(300, 'Описание фото').default(''),
      }),
      'Перечислите фото товара',
    )
    .max(PRODUCT_IMAGES_MAX, `Не больше ${PRODUCT_IMAGES_MAX} фото`),
});
export type ProductImagesUpdate = z.output<typeof productImagesUpdateSchema>;

/** POST /admin/products: a new product; what is left out gets the empty default. */
export const productCreateSchema = z
  .strictObject({
    ...productFields,
    latin_name: productFields.latin_name.default(''),
    family_key: productFields.family_key.optional(),
    volume: productFields.volume.default(''),
    cena_st: productFields.cena_st.default(0),
    stock: productFields.stock.default(0),
    icons: productFields.icons.default([]),
    visible: productFields.visible.default(true),
    description: productFields.description.default(''),
    composition: productFields.composition.default(''),
    usage: productFields.usage.default(''),
    safety: productFields.safety.default(''),
    country: productFields.country.default(''),
    plant_part: productFields.plant_part.default(''),
    extraction_method: productFields.extraction_method.default(''),
    html_title: productFields.html_title.default(null),
    meta_description: productFields.meta_description.default(null),
    brand: productFields.brand.default(null),
    sku: productFields.sku.default(''),
    gtin: productFields.gtin.default(null),
    weight_g: productFields.weight_g.default(null),
    length_mm: productFields.length_mm.default(null),
    width_mm: productFields.width_mm.default(null),
    height_mm: productFields.height_mm.default(null),
    special_price_until: productFields.special_price_until.default(null),
  })
  .superRefine((value, context) => {
    const error = specialPriceError(value.cena, value.cena_st);
    if (error) context.addIssue({ code: 'custom', path: ['cena_st'], message: error });
  });
export type ProductCreate = z.output<typeof productCreateSchema>;

// Answers (docs/decisions/031): the routes name them as their `response` schemas, the web's pages take their types.

/** What the product page says of a product too, in the same types: the back office shows it as the shop does. */
const publishedProductFields = productDetailsSchema.pick({
  id: true,
  name: true,
  latin_name: true,
  url: true,
  volume: true,
  cena: true,
  cena_st: true,
  stock: true,
  description: true,
  composition: true,
  usage: true,
  safety: true,
  country: true,
  plant_part: true,
  extraction_method: true,
  brand: true,
  gtin: true,
  special_price_until: true,
  images: true,
  avg_rating: true,
  votes_count: true,
}).shape;

/** Every field of a product the back office shows and edits (GET /admin/products/{id}). */
const adminProductSchema = z.object({
  ...publishedProductFields,
  category_id: z.int(),
  family_key: z.string(),
  /** Its own badges; «sale» is never one of them (the price shows it). */
  icons: z.array(z.enum(PRODUCT_ICONS)),
  visible: z.boolean(),
  html_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  sku: z.string(),
  weight_g: z.int().nullable(),
  length_mm: z.int().nullable(),
  width_mm: z.int().nullable(),
  height_mm: z.int().nullable(),
  created_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** GET /admin/products/{id}. */
export const adminProductAnswerSchema = z.object({ product: adminProductSchema });
export type AdminProductAnswer = z.infer<typeof adminProductAnswerSchema>;

/** PUT and POST /admin/products…, and the picture calls: the product as saved, with the notice to show. */
export const adminProductSavedSchema = z.object({
  status: z.literal('ok'),
  message: z.string(),
  product: adminProductSchema,
});
export type AdminProductSaved = z.infer<typeof adminProductSavedSchema>;

/** A row of the back office's product table. */
const adminProductRowSchema = z.object({
  id: z.int(),
  name: z.string(),
  latin_name: z.string(),
  url: z.string(),
  volume: z.string(),
  cena: z.int(),
  cena_st: z.int(),
  stock: z.int(),
  visible: z.boolean(),
  sku: z.string(),
  image: imageRefSchema.nullable(),
  category: z.object({ id: z.int(), name: z.string() }).nullable(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

/** GET /admin/products: one page of the table. */
export const adminProductListSchema = z.object({
  products: z.array(adminProductRowSchema),
  page: z.int(),
  pages: z.int(),
  total: z.int(),
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

/** GET /admin/products/options: the category tree in menu order (depth for indenting) and the badges to choose. */
export const productFormOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.int(), name: z.string(), depth: z.int() })),
  icons: z.array(z.object({ id: z.enum(PRODUCT_ICONS), name: z.string() })),
  low_stock: z.int(),
});
export type ProductFormOptions = z.infer<typeof productFormOptionsSchema>;
