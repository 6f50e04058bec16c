// The catalogue as a spreadsheet (issue 39.2, decision 058): every product in id order, read a slice at a time and
// streamed out, so 100 000 goods never sit in memory at once. The columns are the import's own (SHEET_FIELDS): a
// file exported and imported back changes nothing.
import { SHEET_FIELD_TITLES, SHEET_FIELDS, type SheetField } from '@efir/domain/catalog-bulk-schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { allCategories, type KnownProduct, productsInIdOrder } from './catalog-sheet.repo.ts';
import { type SheetCell, type SheetColumn, type SheetFormat, writeSheet } from './catalog-sheet.ts';

const WIDTHS: Record<SheetField, number> = {
  id: 8,
  sku: 14,
  name: 40,
  family_key: 24,
  volume: 10,
  category: 28,
  cena: 10,
  cena_st: 12,
  stock: 10,
  gtin: 16,
  visible: 10,
  url: 50,
};

const COLUMNS: SheetColumn[] = SHEET_FIELDS.map((field) => ({
  title: SHEET_FIELD_TITLES[field],
  width: WIDTHS[field],
}));

/** The file's name: «efir-katalog-2026-12-08.xlsx». */
export function exportFilename(format: SheetFormat, now = new Date()): string {
  return `efir-katalog-${now.toISOString().slice(0, 10)}.${format}`;
}

export function exportCatalog(
  deps: { db: Database; origin: string; log: FastifyBaseLogger },
  format: SheetFormat,
) {
  async function* rows(): AsyncGenerator<SheetCell[]> {
    const categoryNames = new Map((await allCategories(deps.db)).map((row) => [row.id, row.name]));
    for await (const slice of productsInIdOrder(deps.db))
      for (const product of slice) yield cells(product, categoryNames, deps.origin);
  }
  return writeSheet(format, COLUMNS, rows(), (error) =>
    deps.log.error({ err: error }, 'catalogue export failed'),
  );
}

function cells(product: KnownProduct, categoryNames: Map<number, string>, origin: string): SheetCell[] {
  const byField: Record<SheetField, SheetCell> = {
    id: product.id,
    sku: product.sku,
    name: product.name,
    family_key: product.familyKey,
    volume: product.volume,
    category: categoryNames.get(product.categoryId) ?? String(product.categoryId),
    cena: product.cena,
    cena_st: product.cenaSt,
    stock: product.stock,
    gtin: product.gtin ?? '',
    visible: product.visible ? 'да' : 'нет',
    url: `${origin}${product.url}`,
  };
  return SHEET_FIELDS.map((field) => byField[field]);
}
