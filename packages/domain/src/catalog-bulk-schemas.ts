// The back office's catalogue in bulk (issue 39, decision 058): one change to many products (preview, apply, undo),
// and the spreadsheet import's steps (upload, dry run, apply) and its log. The server's routes validate with these
// and the web's screens take their types.
import { PRODUCT_ICONS } from './catalog-constants.ts';
import { PRODUCT_STOCK_FILTERS } from './product-admin-schemas.ts';
import { z } from './zod-ru.ts';

/** How many products a preview lists (the count is always exact). */
export const BULK_PREVIEW_ROWS = 200;
/** How many ids can be ticked by hand. */
export const BULK_MAX_IDS = 5000;

const bulkFilterSchema = z.strictObject({
  q: z.string().trim().max(100, 'Запрос — не длиннее 100 символов').optional(),
  category: z.int().positive().max(2_147_483_647).optional(),
  stock: z.enum(PRODUCT_STOCK_FILTERS).optional(),
  brand: z.string().trim().max(100, 'Производитель — не длиннее 100 символов').optional(),
  icons: z.array(z.enum(PRODUCT_ICONS, 'Неизвестный значок')).max(PRODUCT_ICONS.length).optional(),
});

/** Which products: the ticked ones, or everything the filter finds. */
const bulkSelectionSchema = z.union([
  z.strictObject({
    ids: z
      .array(z.int().positive().max(2_147_483_647))
      .min(1, 'Отметьте хотя бы один товар')
      .max(BULK_MAX_IDS, `Не больше ${BULK_MAX_IDS} отмеченных товаров`),
  }),
  z.strictObject({ filter: bulkFilterSchema }),
]);

export const BULK_ROUNDINGS = ['none', '10', '90'] as const;

/** What happens to each of them; at least one part. */
export const bulkActionSchema = z
  .strictObject({
    price: z
      .strictObject({
        mode: z.enum(['percent', 'rub'], 'Цена: проценты или рубли'),
        /** −10 is «−10 %» or «−10 ₽». */
        value: z
          .number('Изменение цены: число')
          .min(-1_000_000, 'Изменение цены слишком велико')
          .max(1_000_000, 'Изменение цены слишком велико')
          .refine((value) => value !== 0, 'Изменение цены не может быть нулём'),
        rounding: z.enum(BULK_ROUNDINGS).default('none'),
      })
      .optional(),
    /** «previous»: the old (strike-through) price becomes the price before this change; «clear»: no old price. */
    old_price: z.enum(['keep', 'previous', 'clear']).default('keep'),
    stock: z
      .int('Остаток: целое число')
      .min(0, 'Остаток не может быть меньше нуля')
      .max(1_000_000, 'Остаток — слишком большое число')
      .optional(),
    icons_add: z.array(z.enum(PRODUCT_ICONS, 'Неизвестный значок')).max(PRODUCT_ICONS.length).default([]),
    icons_remove: z.array(z.enum(PRODUCT_ICONS, 'Неизвестный значок')).max(PRODUCT_ICONS.length).default([]),
    visible: z.boolean('Видимость: да или нет').optional(),
  })
  .refine(
    (action) =>
      action.price !== undefined ||
      action.old_price !== 'keep' ||
      action.stock !== undefined ||
      action.icons_add.length > 0 ||
      action.icons_remove.length > 0 ||
      action.visible !== undefined,
    { message: 'Выберите, что изменить' },
  );
export type BulkAction = z.output<typeof bulkActionSchema>;

export const bulkRequestSchema = z.strictObject({
  selection: bulkSelectionSchema,
  action: bulkActionSchema,
});
export type BulkRequest = z.input<typeof bulkRequestSchema>;
export type BulkSelection = z.output<typeof bulkSelectionSchema>;

/** The fields a bulk change touches, as they are before and after it. */
const bulkValuesSchema = z.object({
  cena: z.int(),
  cena_st: z.int(),
  stock: z.int(),
  icons: z.array(z.enum(PRODUCT_ICONS)),
  visible: z.boolean(),
});
export type BulkValues = z.infer<typeof bulkValuesSchema>;

const bulkRowSchema = z.object({
  id: z.int(),
  name: z.string(),
  volume: z.string(),
  before: bulkValuesSchema,
  after: bulkValuesSchema,
});

/** POST /admin/catalog/bulk/preview. */
export const bulkPreviewSchema = z.object({
  /** Products the selection finds. */
  matched: z.int(),
  /** Of those, the ones the change alters. */
  changed: z.int(),
  /** The first BULK_PREVIEW_ROWS of the altered ones. */
  rows: z.array(bulkRowSchema),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

/** The last bulk change that can still be undone (GET /admin/catalog/bulk/last), or null. */
const bulkChangeSchema = z.object({
  id: z.int(),
  summary: z.string(),
  products: z.int(),
  created_at: z.string(),
});
export type BulkChange = z.infer<typeof bulkChangeSchema>;
export const bulkLastSchema = z.object({ change: bulkChangeSchema.nullable() });

/** POST /admin/catalog/bulk and …/bulk/undo. */
export const bulkAppliedSchema = z.object({
  status: z.literal('ok'),
  message: z.string(),
  /** Products written. */
  changed: z.int(),
  /** Undo only: products changed again since, left as they are. */
  skipped: z.int(),
  change: bulkChangeSchema.nullable(),
});
export type BulkApplied = z.infer<typeof bulkAppliedSchema>;

// The spreadsheet import.

/** The fields a column can be mapped to (the export's columns, in its order). */
export const SHEET_FIELDS = [
  'id',
  'sku',
  'name',
  'family_key',
  'volume',
  'category',
  'cena',
  'cena_st',
  'stock',
  'gtin',
  'visible',
  'url',
] as const;
export type SheetField = (typeof SHEET_FIELDS)[number];

/** The export's header of each field; an import with these headers maps itself. */
export const SHEET_FIELD_TITLES: Record<SheetField, string> = {
  id: '№',
  sku: 'Артикул',
  name: 'Название',
  family_key: 'Семейство',
  volume: 'Объём',
  category: 'Категория',
  cena: 'Цена',
  cena_st: 'Старая цена',
  stock: 'Остаток',
  gtin: 'Штрихкод',
  visible: 'На сайте',
  url: 'Адрес',
};

export const SHEET_FORMATS = ['xlsx', 'csv'] as const;
export const exportQuerySchema = z.strictObject({ format: z.enum(SHEET_FORMATS, 'Формат: xlsx или csv') });

/** Column header → field; a header left out is not read. */
export const sheetMappingSchema = z
  .record(z.string().max(200), z.enum(SHEET_FIELDS, 'Неизвестное поле'))
  .refine((mapping) => Object.keys(mapping).length <= 100, 'Слишком много столбцов')
  .refine(
    (mapping) => new Set(Object.values(mapping)).size === Object.values(mapping).length,
    'Одно поле выбрано для двух столбцов',
  );
export type SheetMapping = z.infer<typeof sheetMappingSchema>;

/** POST /admin/catalog/import (the file): its columns and the mapping remembered for them, or guessed. */
export const sheetUploadedSchema = z.object({
  token: z.string(),
  filename: z.string(),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.enum(SHEET_FIELDS)),
  /** The mapping was chosen by the owner for a file with these columns before. */
  remembered: z.boolean(),
});
export type SheetUploaded = z.infer<typeof sheetUploadedSchema>;

export const importRunSchema = z.strictObject({
  token: z.string().regex(/^[a-f0-9]{32}$/, 'Загрузите файл ещё раз'),
  mapping: sheetMappingSchema,
});
export type ImportRun = z.input<typeof importRunSchema>;

export const IMPORT_REPORT_ROWS = 500;

const importRowSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  line: z.int(),
  outcome: z.enum(['created', 'changed', 'refused']),
  product_id: z.int().nullable(),
  name: z.string(),
  /** What changes («Цена: 450 → 500 ₽»), or why the row is refused. */
  details: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** A dry run's or an apply's report; an apply's is kept in the log. */
export const importReportSchema = z.object({
  id: z.int().nullable(),
  filename: z.string(),
  applied: z.boolean(),
  rows: z.int(),
  created: z.int(),
  changed: z.int(),
  unchanged: z.int(),
  refused: z.int(),
  /** Created, changed and refused rows; at most IMPORT_REPORT_ROWS of each kind. */
  lines: z.array(importRowSchema),
  ms: z.int(),
  created_at: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** GET /admin/catalog/imports: the log, newest first. */
export const importLogSchema = z.object({
  imports: z.array(importReportSchema.omit({ lines: true })),
});
export type ImportLog = z.infer<typeof importLogSchema>;
