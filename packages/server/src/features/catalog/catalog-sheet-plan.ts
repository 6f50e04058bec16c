// One import row checked against the catalogue (issue 39.3, decision 058): which product it is (by артикул, then by
// №, then by name and volume), what it changes, or why it is refused (unknown category, a price that is not a
// number, an артикул met twice…). A dry run and an apply run the same checks; the apply stages what they pass.
import { SHEET_FIELD_TITLES, type SheetField, type SheetMapping } from '@efir/domain/catalog-bulk-schemas';
import { formatRub } from '@efir/domain/money';
import { specialPriceError } from '@efir/domain/product-admin-schemas';
import { slugify } from '../../lib/slug.ts';
import type { KnownProduct, StagedRow } from './catalog-sheet.repo.ts';
import { parseSheetNumber, type SheetRow } from './catalog-sheet.ts';

const MAX_PRICE = 10_000_000;
const MAX_STOCK = 1_000_000;
const URL_PATTERN = /^\/[a-z0-9]+(?:-[a-z0-9]+)*\.html$/;

/** Names compared the way people mean them: case, «ё» and extra spaces do not matter. */
export const normalName = (text: string) => text.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

/** What the rows are checked against, read once before the file. */
export class PlanContext {
  readonly byId = new Map<number, KnownProduct>();
  readonly bySku = new Map<string, number[]>();
  readonly byNameVolume = new Map<string, number[]>();
  readonly categoryById = new Map<number, { id: number; name: string; katGlobal: number }>();
  readonly categoryByName = new Map<string, number[]>();
  readonly takenUrls = new Set<string>();

  constructor(readonly origin: string) {}

  addProducts(rows: KnownProduct[]): void {
    for (const row of rows) {
      this.byId.set(row.id, row);
      if (row.sku) push(this.bySku, row.sku.trim(), row.id);
      push(this.byNameVolume, `${normalName(row.name)}|${normalName(row.volume)}`, row.id);
      this.takenUrls.add(row.url);
    }
  }

  addCategories(rows: Array<{ id: number; name: string; katGlobal: number }>): void {
    for (const row of rows) {
      this.categoryById.set(row.id, row);
      push(this.categoryByName, normalName(row.name), row.id);
    }
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export interface PlannedRow {
  line: number;
  outcome: 'created' | 'changed' | 'unchanged' | 'refused';
  productId: number | null;
  name: string;
  details: string[];
  /** What the apply writes (created and changed rows). */
  staged?: Omit<StagedRow, 'run'>;
  /** The product becomes buyable (shown and in stock): its waitlist hears after the apply. */
  restocked: boolean;
}

const yesNo = (value: boolean) => (value ? 'да' : 'нет');

/** «да», «нет», 1, 0, +, −, true, false… or null. */
function parseVisible(text: string): boolean | null {
  const word = normalName(text);
  if (['да', 'yes', 'true', '1', '+', 'показан', 'показывать', 'виден'].includes(word)) return true;
  if (['нет', 'no', 'false', '0', '-', '−', 'скрыт', 'скрывать'].includes(word)) return false;
  return null;
}

/** Grams count as millilitres; «3 × 10 мл» is 30 (as the product form counts). */
function volumeMl(volume: string): number {
  const multi = volume.match(/(\d+)\s*[×x]\s*(\d+)/);
  if (multi) return Number(multi[1]) * Number(multi[2]);
  const single = volume.match(/\d+/);
  return single ? Math.min(Number(single[0]), 1_000_000) : 0;
}

/** Checks the rows of one file in order (an артикул or № met twice: the later row is refused). */
export function createRowPlanner(context: PlanContext, headers: string[], mapping: SheetMapping) {
  const columnOf = new Map<SheetField, number>();
  headers.forEach((header, index) => {
    const field = mapping[header];
    if (field && !columnOf.has(field)) columnOf.set(field, index);
  });
  const seenSku = new Map<string, number>();
  const seenId = new Map<number, number>();

  return (row: SheetRow): PlannedRow => {
    const given = new Map<SheetField, string>();
    for (const [field, index] of columnOf) {
      const value = (row.cells[index] ?? '').trim();
      if (value !== '') given.set(field, value);
    }
    const errors: string[] = [];
    const refuse = (name: string): PlannedRow => ({
      line: row.line,
      outcome: 'refused',
      productId: null,
      name,
      details: errors,
      restocked: false,
    });
    const shownName = given.get('name') ?? (given.get('sku') ? `Артикул ${given.get('sku')}` : '');

    // Which product.
    let existing: KnownProduct | undefined;
    const sku = given.get('sku');
    if (sku !== undefined) {
      if (sku.length > 100) errors.push('Артикул — не длиннее 100 символов');
      const earlier = seenSku.get(sku);
      if (earlier !== undefined) errors.push(`Артикул «${sku}» повторяется: он уже есть в строке ${earlier}`);
      else seenSku.set(sku, row.line);
      const ids = context.bySku.get(sku) ?? [];
      // 1C may give one артикул to several characteristics: then the row's № says which.
      const chosen = ids.length === 1 ? ids[0] : ids.find((id) => String(id) === given.get('id'));
      if (chosen !== undefined) existing = context.byId.get(chosen);
      else if (ids.length > 1)
        errors.push(`Артикул «${sku}» есть у нескольких товаров: ${ids.map((id) => `№ ${id}`).join(', ')}`);
    }
    const idText = given.get('id');
    if (!existing && idText !== undefined) {
      const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
      if (id === null) errors.push(`№ «${idText}» — не номер товара`);
      else {
        existing = context.byId.get(id);
        if (!existing) errors.push(`Товара № ${id} нет в каталоге`);
      }
    }
    if (!existing && idText === undefined && sku === undefined && given.has('name')) {
      const ids =
        context.byNameVolume.get(
          `${normalName(given.get('name')!)}|${normalName(given.get('volume') ?? '')}`,
        ) ?? [];
      if (ids.length === 1) existing = context.byId.get(ids[0]!);
      if (ids.length > 1)
        errors.push('Товаров с таким названием и объёмом несколько — укажите № или артикул');
    }
    if (existing) {
      const earlier = seenId.get(existing.id);
      if (earlier !== undefined) errors.push(`Товар № ${existing.id} уже изменён строкой ${earlier}`);
      else seenId.set(existing.id, row.line);
    }

    // The fields.
    const text = (field: SheetField, max: number, fallback: string) => {
      const value = given.get(field);
      if (value === undefined) return fallback;
      if (value.length > max) errors.push(`${SHEET_FIELD_TITLES[field]} — не длиннее ${max} символов`);
      return value;
    };
    const whole = (field: 'cena' | 'cena_st' | 'stock', fallback: number | null, max: number) => {
      const value = given.get(field);
      if (value === undefined) return fallback;
      const title = SHEET_FIELD_TITLES[field];
      const number = parseSheetNumber(value);
      if (number === null) {
        errors.push(`${title} «${value}» — не число`);
        return fallback;
      }
      if (field === 'stock' && !Number.isInteger(number)) errors.push(`${title} «${value}» — не целое число`);
      if (number < 0) errors.push(`${title} не может быть меньше нуля`);
      if (number > max) errors.push(`${title} «${value}» — слишком большое число`);
      // Prices are whole roubles: kopecks are rounded.
      return Math.round(number);
    };

    const name = text('name', 200, existing?.name ?? '');
    if (!existing && !name) errors.push('Нет названия: новому товару оно нужно');
    const volume = text('volume', 40, existing?.volume ?? '');
    const familyKey = text('family_key', 100, existing?.familyKey ?? slugify(name, 'tovar'));
    if (!/^[a-z0-9-]*$/.test(familyKey)) errors.push('Семейство: латиница, цифры и дефисы');

    let category = existing ? context.categoryById.get(existing.categoryId) : undefined;
    const categoryText = given.get('category');
    if (categoryText !== undefined) {
      const ids = /^\d{1,9}$/.test(categoryText)
        ? context.categoryById.has(Number(categoryText))
          ? [Number(categoryText)]
          : []
        : (context.categoryByName.get(normalName(categoryText)) ?? []);
      // Two categories of one name: the product's own is meant (an export read back), else it is unclear.
      const id = ids.length === 1 ? ids[0] : ids.find((candidate) => candidate === existing?.categoryId);
      if (ids.length === 0) errors.push(`Нет категории «${categoryText}»`);
      else if (id === undefined)
        errors.push(`Категорий «${categoryText}» несколько — укажите номер категории вместо названия`);
      else category = context.categoryById.get(id);
    }
    if (!existing && !category && categoryText === undefined)
      errors.push('Нет категории: новому товару она нужна');

    const cena = whole('cena', existing?.cena ?? null, MAX_PRICE);
    if (!existing && cena === null && !given.has('cena')) errors.push('Нет цены: новому товару она нужна');
    if (cena !== null && cena < 1 && given.has('cena') && parseSheetNumber(given.get('cena')!) !== null)
      errors.push('Цена должна быть больше нуля');
    const cenaSt = whole('cena_st', existing?.cenaSt ?? 0, MAX_PRICE) ?? 0;
    const stock = whole('stock', existing?.stock ?? 0, MAX_STOCK) ?? 0;
    const specialError = cena === null ? null : specialPriceError(cena, cenaSt);
    if (specialError && (given.has('cena') || given.has('cena_st'))) errors.push(specialError);

    let gtin = existing?.gtin ?? null;
    const gtinText = given.get('gtin');
    if (gtinText !== undefined) {
      if (/^(\d{8}|\d{12,14})$/.test(gtinText)) gtin = gtinText;
      else errors.push(`Штрихкод «${gtinText}»: нужно 8, 12, 13 или 14 цифр`);
    }

    let visible = existing?.visible ?? true;
    const visibleText = given.get('visible');
    if (visibleText !== undefined) {
      const parsed = parseVisible(visibleText);
      if (parsed === null) errors.push(`«На сайте»: «${visibleText}» — напишите «да» или «нет»`);
      else visible = parsed;
    }

    let url = existing?.url ?? '';
    const urlText = given.get('url');
    if (urlText !== undefined) {
      let path = urlText;
      try {
        path = new URL(urlText, context.origin).pathname;
      } catch {}
      if (!URL_PATTERN.test(path)) errors.push(`Адрес «${urlText}»: нужен вида /lavanda-10-ml.html`);
      else if (path !== existing?.url && context.takenUrls.has(path))
        errors.push(`Адрес ${path} уже занят другой страницей`);
      else url = path;
    }

    if (errors.length > 0) return refuse(name || shownName);
    if (!existing) {
      if (!url) url = freeUrl(context, slugify(`${name} ${volume}`, 'tovar'));
      context.takenUrls.add(url);
    }
    const after = {
      sku: sku ?? existing?.sku ?? '',
      name,
      familyKey,
      volume,
      volumeMl: volumeMl(volume),
      categoryId: category!.id,
      katGlobal: category!.katGlobal,
      cena: cena!,
      cenaSt,
      stock,
      gtin,
      visible,
      url,
    };
    const restocked = after.visible && after.stock > 0 && !(existing?.visible && existing.stock > 0);
    if (!existing)
      return {
        line: row.line,
        outcome: 'created',
        productId: null,
        name,
        details: [`${category!.name}, ${formatRub(after.cena)}, остаток ${after.stock}`],
        staged: { line: row.line, productId: null, ...after },
        restocked: false,
      };
    if (existing.url !== url) context.takenUrls.add(url);
    const details = describeChanges(context, existing, after);
    return {
      line: row.line,
      outcome: details.length > 0 ? 'changed' : 'unchanged',
      productId: existing.id,
      name,
      details,
      ...(details.length > 0
        ? { staged: { line: row.line, productId: existing.id, ...after, before: stagedShape(existing) } }
        : {}),
      restocked,
    };
  };
}

function freeUrl(context: PlanContext, base: string): string {
  for (let attempt = 1; ; attempt++) {
    const candidate = `/${base}${attempt === 1 ? '' : `-${attempt}`}.html`;
    if (!context.takenUrls.has(candidate)) return candidate;
  }
}

/** «Цена: 450 ₽ → 500 ₽» for each field that differs. */
function describeChanges(
  context: PlanContext,
  before: KnownProduct,
  after: Omit<KnownProduct, 'id'>,
): string[] {
  const lines: string[] = [];
  const line = (title: string, from: string, to: string) => {
    if (from !== to) lines.push(`${title}: ${from || '—'} → ${to || '—'}`);
  };
  const categoryName = (id: number) => context.categoryById.get(id)?.name ?? `№ ${id}`;
  line('Артикул', before.sku, after.sku);
  line('Название', before.name, after.name);
  line('Семейство', before.familyKey, after.familyKey);
  line('Объём', before.volume, after.volume);
  line('Категория', categoryName(before.categoryId), categoryName(after.categoryId));
  line('Цена', formatRub(before.cena), formatRub(after.cena));
  line(
    'Старая цена',
    before.cenaSt > 0 ? formatRub(before.cenaSt) : '',
    after.cenaSt > 0 ? formatRub(after.cenaSt) : '',
  );
  line('Остаток', String(before.stock), String(after.stock));
  line('Штрихкод', before.gtin ?? '', after.gtin ?? '');
  line('На сайте', yesNo(before.visible), yesNo(after.visible));
  line('Адрес', before.url, after.url);
  return lines;
}

/** A product's fields in the staged row's columns: what a failed import puts back. */
function stagedShape(product: KnownProduct) {
  return {
    sku: product.sku,
    name: product.name,
    family_key: product.familyKey,
    volume: product.volume,
    volume_ml: product.volumeMl,
    category_id: product.categoryId,
    kat_global: product.katGlobal,
    cena: product.cena,
    cena_st: product.cenaSt,
    stock: product.stock,
    gtin: product.gtin,
    visible: product.visible,
    url: product.url,
  };
}
