// The spreadsheet export and import through HTTP as a moderator (issue 39.2–3): the export read back changes
// nothing (XLSX and CSV), a supplier's file with 5 bad rows is dry-run to exactly those 5 and applied to the rest,
// the owner's column mapping is remembered, the log keeps the result, and a kept file is needed.
import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../back-office/admin.routes.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import type { TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { categories, products } from './catalog.table.ts';

let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop.close());

async function admin(method: string, url: string, payload?: unknown) {
  const response = await moderator.request({
    method,
    url: `${ADMIN_PREFIX}${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

async function upload(content: Buffer, filename: string) {
  const boundary = `----efir${randomBytes(8).toString('hex')}`;
  const response = await moderator.request({
    method: 'POST',
    url: `${ADMIN_PREFIX}/catalog/import`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: response.statusCode, body: response.json() };
}

async function exported(format: 'xlsx' | 'csv') {
  const response = await moderator.request({
    method: 'GET',
    url: `${ADMIN_PREFIX}/catalog/export?format=${format}`,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-disposition']).toMatch(new RegExp(`efir-katalog-.*\\.${format}`));
  return response.rawPayload;
}

const catalogue = () =>
  shop.database.db
    .select({
      id: products.id,
      name: products.name,
      cena: products.cena,
      cenaSt: products.cenaSt,
      stock: products.stock,
      visible: products.visible,
      categoryId: products.categoryId,
      url: products.url,
      gtin: products.gtin,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .orderBy(asc(products.id));

describe('the export read back', () => {
  it.each(['xlsx', 'csv'] as const)('changes nothing (%s)', async (format) => {
    const before = await catalogue();
    const file = await exported(format);
    if (format === 'csv') {
      const text = file.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text.split('\r\n')[0]).toBe(
        '\uFEFF№;Артикул;Название;Семейство;Объём;Категория;Цена;Старая цена;Остаток;Штрихкод;На сайте;Адрес',
      );
    }
    const uploaded = await upload(file, `katalog.${format}`);
    expect(uploaded.status).toBe(200);
    // The export's headers map themselves to every field.
    expect(Object.values(uploaded.body.mapping)).toHaveLength(12);
    const run = { token: uploaded.body.token, mapping: uploaded.body.mapping };
    const dry = await admin('POST', '/catalog/import/dry-run', run);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ rows: before.length, created: 0, changed: 0, refused: 0 });
    expect(dry.body.unchanged).toBe(before.length);
    const applied = await admin('POST', '/catalog/import/apply', run);
    expect(applied.body).toMatchObject({ applied: true, created: 0, changed: 0, refused: 0 });
    expect(await catalogue()).toEqual(before);
  });
});

describe('a supplier file', () => {
  it('dry-runs to exactly its 5 bad rows, applies the rest, remembers the mapping and keeps a log', async () => {
    const rows = await catalogue();
    const [first, second, third] = rows.filter((row) => row.visible);
    const [category] = await shop.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, first!.categoryId));
    // The supplier's артикулы are known to the shop.
    for (const [row, sku] of [
      [first!, 'SUP-001'],
      [second!, 'SUP-002'],
      [third!, 'SUP-003'],
    ] as const)
      await shop.database.db.update(products).set({ sku }).where(eq(products.id, row.id));

    const header = ['Артикул товара', 'Наименование', 'Розн.', 'Количество', 'Группа', 'EAN'];
    const lines = [
      ['SUP-001', first!.name, '1 234,00', '7', '', ''], // changed: price and stock
      ['SUP-002', second!.name, '555', '3', '', '4607012345678'], // changed
      ['SUP-NEW-1', 'Масло сандала, новинка', '2 490', '10', category!.name, ''], // created
      ['SUP-NEW-2', 'Масло ветивера, новинка', '1990,5', '0', category!.name, ''], // created
      ['SUP-BAD-1', 'Нет такой группы', '100', '1', 'Группа, которой нет', ''], // unknown category
      ['SUP-003', third!.name, 'дорого', '1', '', ''], // price not a number
      ['SUP-001', first!.name, '999', '1', '', ''], // duplicate артикул
      ['SUP-BAD-2', 'Минус на складе', '100', '-4', category!.name, ''], // negative stock
      ['SUP-BAD-3', 'Кривой штрихкод', '100', '1', category!.name, '12345'], // bad barcode
    ];
    const csv = Buffer.from(stringify([header, ...lines], { delimiter: ';', bom: true }));
    const uploaded = await upload(csv, 'postavshik.csv');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({
      remembered: false,
      mapping: {
        'Артикул товара': 'sku',
        Наименование: 'name',
        Количество: 'stock',
        Группа: 'category',
        EAN: 'gtin',
      },
    });
    // «Розн.» is not a word the shop knows: the owner maps it to the price once.
    const mapping = { ...uploaded.body.mapping, 'Розн.': 'cena' };
    const run = { token: uploaded.body.token, mapping };
    const dry = await admin('POST', '/catalog/import/dry-run', run);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ rows: 9, created: 2, changed: 2, unchanged: 0, refused: 5 });
    const refused = dry.body.lines.filter((line: { outcome: string }) => line.outcome === 'refused');
    expect(refused.map((line: { line: number; details: string[] }) => [line.line, line.details[0]])).toEqual([
      [6, 'Нет категории «Группа, которой нет»'],
      [7, 'Цена «дорого» — не число'],
      [8, 'Артикул «SUP-001» повторяется: он уже есть в строке 2'],
      [9, 'Остаток не может быть меньше нуля'],
      [10, 'Штрихкод «12345»: нужно 8, 12, 13 или 14 цифр'],
    ]);
    expect(dry.body.lines.find((line: { line: number }) => line.line === 2).details).toEqual([
      `Цена: ${new Intl.NumberFormat('ru-RU').format(first!.cena)}\u00a0₽ → 1\u00a0234\u00a0₽`,
      `Остаток: ${first!.stock} → 7`,
    ]);
    // A dry run writes nothing.
    expect((await catalogue()).length).toBe(rows.length);

    // The same columns next week: the mapping comes back.
    const again = await upload(csv, 'postavshik-2.csv');
    expect(again.body).toMatchObject({ remembered: true, mapping });

    const applied = await admin('POST', '/catalog/import/apply', run);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, created: 2, changed: 2, refused: 5 });
    const changed = await shop.database.db
      .select({ sku: products.sku, cena: products.cena, stock: products.stock, gtin: products.gtin })
      .from(products)
      .where(inArray(products.sku, ['SUP-001', 'SUP-002', 'SUP-NEW-1', 'SUP-NEW-2', 'SUP-003', 'SUP-BAD-1']))
      .orderBy(asc(products.sku));
    expect(changed).toEqual([
      { sku: 'SUP-001', cena: 1234, stock: 7, gtin: first!.gtin },
      { sku: 'SUP-002', cena: 555, stock: 3, gtin: '4607012345678' },
      { sku: 'SUP-003', cena: third!.cena, stock: third!.stock, gtin: third!.gtin },
      { sku: 'SUP-NEW-1', cena: 2490, stock: 10, gtin: null },
      { sku: 'SUP-NEW-2', cena: 1991, stock: 0, gtin: null },
    ]);
    // The new product is on the shop at its own address.
    const [created] = await shop.database.db.select().from(products).where(eq(products.sku, 'SUP-NEW-1'));
    const page = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/route',
      payload: { url: created!.url },
    });
    expect(page.json().page.com_data).toMatchObject({ name: 'Масло сандала, новинка', cena: 2490 });

    // The log keeps it; the owner opens it later.
    const log = await admin('GET', '/catalog/imports');
    expect(log.body.imports[0]).toMatchObject({
      id: applied.body.id,
      filename: 'postavshik.csv',
      refused: 5,
    });
    const entry = await admin('GET', `/catalog/imports/${applied.body.id}`);
    expect(entry.body.lines).toHaveLength(9);
    const audit = await admin('GET', `/audit?entity=catalog_import&entity_id=${applied.body.id}`);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'catalog.import',
      after: { created: 2, changed: 2 },
    });
    // An applied file is gone: it cannot be applied twice by a double click.
    expect((await admin('POST', '/catalog/import/apply', run)).status).toBe(422);
  });

  it('reads an XLSX a supplier made, with numbers as numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Прайс');
    sheet.addRow(['Артикул', 'Цена', 'Остаток']);
    sheet.addRow(['SUP-002', 560.4, 11]);
    const uploaded = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), 'price.xlsx');
    expect(uploaded.body.mapping).toEqual({ Артикул: 'sku', Цена: 'cena', Остаток: 'stock' });
    const dry = await admin('POST', '/catalog/import/dry-run', {
      token: uploaded.body.token,
      mapping: uploaded.body.mapping,
    });
    expect(dry.body).toMatchObject({ rows: 1, changed: 1, refused: 0 });
    expect(dry.body.lines[0].details).toEqual(['Цена: 555\u00a0₽ → 560\u00a0₽', 'Остаток: 3 → 11']);
  });

  it('refuses a lost file, an unknown column and a file that is not a spreadsheet', async () => {
    const lost = await admin('POST', '/catalog/import/dry-run', {
      token: 'a'.repeat(32),
      mapping: { x: 'sku' },
    });
    expect(lost.status).toBe(422);
    expect(lost.body.errors.token).toEqual(['Файл не найден: загрузите его ещё раз']);
    const csv = Buffer.from(stringify([['Артикул', 'Цена']], { delimiter: ';' }));
    const uploaded = await upload(csv, 'a.csv');
    const unknown = await admin('POST', '/catalog/import/dry-run', {
      token: uploaded.body.token,
      mapping: { Цена: 'cena', Вес: 'stock' },
    });
    expect(unknown.body.errors.mapping).toEqual(['В файле нет столбца «Вес»']);
    const twice = await admin('POST', '/catalog/import/dry-run', {
      token: uploaded.body.token,
      mapping: { Цена: 'cena', Артикул: 'cena' },
    });
    expect(twice.status).toBe(422);
    const empty = await upload(Buffer.from(''), 'empty.csv');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.file).toEqual(['В файле нет строк']);
  });
});

describe('a big file whose later step fails', () => {
  it('takes the earlier steps back: nothing is left half-applied', async () => {
    const before = await catalogue();
    const [category] = await shop.database.db.select().from(categories).limit(1);
    // A write the database refuses in the file's second step (a fault made in the database itself, not a mock).
    await shop.database.db.execute(sql`
      create function refuse_broken_product() returns trigger language plpgsql as $$
      begin
        if new.name = 'Сбой записи' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await shop.database.db.execute(sql`
      create trigger refuse_broken_product before insert on products
      for each row execute function refuse_broken_product()`);
    try {
      const changedRows = before
        .slice(0, 50)
        .map((row) => [String(row.id), '', String(row.cena + 11), '', '']);
      const newRows = Array.from({ length: 2400 }, (_, index) => [
        '',
        `Новинка ${index + 1}`,
        '500',
        category!.name,
        `STEP-${index}`,
      ]);
      newRows[2300]![1] = 'Сбой записи';
      const csv = Buffer.from(
        stringify([['№', 'Название', 'Цена', 'Категория', 'Артикул'], ...changedRows, ...newRows], {
          delimiter: ';',
        }),
      );
      const uploaded = await upload(csv, 'bolshoj.csv');
      const applied = await admin('POST', '/catalog/import/apply', {
        token: uploaded.body.token,
        mapping: uploaded.body.mapping,
      });
      expect(applied.status).toBe(409);
      expect(applied.body.message).toMatch(/^Импорт не применён: .* ничего не изменено/);
      // Every field as it was (the row's updated_at moved: the sitemap's lastmod says «look again», harmlessly).
      const fields = (rows: typeof before) => rows.map(({ updatedAt: _, ...row }) => row);
      expect(fields(await catalogue())).toEqual(fields(before));
    } finally {
      await shop.database.db.execute(sql`drop trigger refuse_broken_product on products`);
    }
  });
});
