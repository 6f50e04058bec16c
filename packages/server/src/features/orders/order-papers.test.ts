// Papers and the export (issue 38 points 4–5): three selected orders printed as one PDF hold three documents whose
// sums are the orders' (read back with pdfjs); the invoice carries the shop's requisites and the sum in words; the
// filtered list exported as CSV (parsed back with csv-parse) and as XLSX (read back with exceljs) equals the list.
import { randomUUID } from 'node:crypto';
import { formatDateShort } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import { SHOP_REQUISITES } from '@efir/domain/shop-info';
import { rublesInWords } from '@efir/domain/sum-in-words';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierMoscow } from '../../test/checkout.ts';
import { demoProducts, LAVENDER_URL, LEMON_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ADMIN = '/api/v1/admin';
let shop: TestApp;
let moderator: TestAgent;
const tag = `papers${randomUUID().slice(0, 6)}`;
const placed: Array<{ id: number; number: string; total: number; to_pay: number }> = [];

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  const products = await demoProducts(shop.database.db, [LAVENDER_URL, LEMON_URL], { stock: 500 });
  // Three orders of different sums and payment methods: cash, a transfer, cash on delivery.
  for (const [index, payment] of [1, 3, 4].entries()) {
    const guest = createTestAgent(shop.app);
    for (const [url, quantity] of [
      [LAVENDER_URL, index + 1],
      [LEMON_URL, 1],
    ] as const) {
      const added = await guest.request({
        method: 'POST',
        url: `/v1/cart/${products[url]!.id}`,
        payload: { quantity },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const response = await guest.request({
      method: 'POST',
      url: '/v1/order',
      payload: {
        idempotency_key: randomUUID(),
        contact: {
          name: 'Вера',
          fam: `Орлова-${'абв'[index]}`,
          email: `${tag}.${index}@example.ru`,
          tel: `+7 916 555-0${index}-00`,
        },
        delivery: courierMoscow(payment),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    placed.push(response.json().order);
  }
});

afterAll(() => shop.close());

/** The text of each page of a PDF, spaces of every kind as plain spaces. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/[\s\u00a0\u202f]+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}

const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

describe('printing the papers of selected orders', () => {
  it('three orders → one PDF with three receipts whose sums are the orders’', async () => {
    const ids = placed.map((order) => order.id).join(',');
    const response = await moderator.request({
      method: 'GET',
      url: `${ADMIN}/orders/papers?doc=receipt&ids=${ids}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; /);
    const text = (await pagesOf(response.rawPayload)).join(' ');
    const documents = text.split(/(?=Товарный чек № )/).filter((part) => part.startsWith('Товарный чек № '));
    expect(documents).toHaveLength(3);
    documents.forEach((document, index) => {
      const order = placed[index]!;
      expect(document).toContain(`Товарный чек № ${order.number} от ${formatDateShort(new Date())}`);
      expect(document).toContain(plain(`Всего к оплате: ${formatRub(order.to_pay)}`));
      expect(document).toContain(plain(rublesInWords(order.to_pay)));
    });
  });

  it('an invoice carries the shop’s bank requisites and the sum in words; a label the address', async () => {
    const transfer = placed[1]!;
    const invoice = await moderator.request({
      method: 'GET',
      url: `${ADMIN}/orders/papers?doc=invoice&ids=${transfer.id}`,
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    const text = (await pagesOf(invoice.rawPayload)).join(' ');
    expect(text).toContain(`Счёт на оплату № ${transfer.number}`);
    for (const value of [SHOP_REQUISITES.inn, SHOP_REQUISITES.bik, SHOP_REQUISITES.account]) {
      expect(text).toContain(value);
    }
    expect(text).toContain(plain(rublesInWords(transfer.to_pay)));

    const labels = await moderator.request({
      method: 'GET',
      url: `${ADMIN}/orders/papers?doc=label&q=${tag}`,
    });
    expect(labels.statusCode, labels.body).toBe(200);
    const pages = await pagesOf(labels.rawPayload);
    expect(pages).toHaveLength(3);
    expect(pages.every((page) => page.includes('Москва, ул. Дубининская, 57, 12'))).toBe(true);
  });

  it('refuses an unknown paper and an empty choice in their fields', async () => {
    const unknown = await moderator.request({ method: 'GET', url: `${ADMIN}/orders/papers?doc=menu&ids=1` });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.doc).toEqual(['Выберите документ для печати']);
    const none = await moderator.request({
      method: 'GET',
      url: `${ADMIN}/orders/papers?doc=receipt&ids=999999999`,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.ids).toEqual(['Нет заказов для печати — выберите заказы']);
  });
});

describe('exporting the filtered list', () => {
  async function listed() {
    const response = await moderator.request({ method: 'GET', url: `${ADMIN}/orders?q=${tag}` });
    expect(response.statusCode, response.body).toBe(200);
    const orders = response.json().orders as Array<Record<string, string | number>>;
    expect(orders).toHaveLength(3);
    return orders.map((order) => ({
      Номер: order.number,
      Дата: formatDateShort(String(order.created_at)),
      Статус: order.status_name,
      Покупатель: `${order.fam} ${order.name}`,
      Телефон: order.tel,
      'E-mail': order.email,
      'Итого, ₽': order.total,
    }));
  }

  it('as CSV for Excel: BOM, «;», dates дд.мм.гггг — parsed back, it is the list', async () => {
    const response = await moderator.request({
      method: 'GET',
      url: `${ADMIN}/orders/export?format=csv&q=${tag}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(response.rawPayload, { bom: true, delimiter: ';', columns: true }) as Array<
      Record<string, string>
    >;
    const expected = await listed();
    expect(
      rows.map((row) => ({
        Номер: row.Номер,
        Дата: row.Дата,
        Статус: row.Статус,
        Покупатель: row.Покупатель,
        Телефон: row.Телефон,
        'E-mail': row['E-mail'],
        'Итого, ₽': Number(row['Итого, ₽']),
      })),
    ).toEqual(expected);
    expect(rows.map((row) => row['Способ оплаты'])).toEqual([
      'Наложенный платёж',
      'Банковский перевод по счёту',
      'Наличными при получении',
    ]);
    expect(rows[0]!['Состав заказа']).toMatch(/ × 3 = \d+; .* × 1 = \d+$/);
  });

  it('as XLSX with numbers and dates — read back with exceljs, it is the list; lines on their own sheet', async () => {
    const response = await moderator.request({
      method: 'GET',
      url: `${ADMIN}/orders/export?format=xlsx&q=${tag}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Заказы')!;
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    const rows: Array<Record<string, unknown>> = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(headers.map((header, index) => [header, values[index]])));
    });
    const expected = await listed();
    expect(
      rows.map((row) => ({
        Номер: row.Номер,
        Дата: formatDateShort(`${(row.Дата as Date).toISOString().slice(0, 10)}T12:00:00+03:00`),
        Статус: row.Статус,
        Покупатель: row.Покупатель,
        Телефон: row.Телефон,
        'E-mail': row['E-mail'],
        'Итого, ₽': row['Итого, ₽'],
      })),
    ).toEqual(expected);
    expect(sheet.getColumn(headers.indexOf('Итого, ₽') + 1).numFmt).toBe('#,##0');
    const lines = book.getWorksheet('Строки заказов')!;
    expect(lines.rowCount).toBe(1 + 6);
  });
});
