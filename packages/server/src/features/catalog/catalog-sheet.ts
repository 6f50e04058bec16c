// Spreadsheets in and out (issue 39.2–3, decision 058): XLSX through ExcelJS's streaming reader and writer, CSV
// through csv-parse and csv-stringify — never by splitting strings. CSV goes out as Russian Excel opens it (UTF-8
// with BOM, «;», decimal comma); CSV comes in as UTF-8 or Windows-1251, separated by «;», «,» or a tab.
import { PassThrough, Readable, type Writable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

export type SheetFormat = 'xlsx' | 'csv';

/** The file's kind by its first bytes (an XLSX is a ZIP), else by its name. */
export function sheetFormatOf(content: Uint8Array, filename: string): SheetFormat {
  if (content[0] === 0x50 && content[1] === 0x4b) return 'xlsx';
  return /\.xlsx$/i.test(filename) ? 'xlsx' : 'csv';
}

/** A row of the file: its number (the header is 1) and its cells as text, by column. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** A cell's value as the owner sees it: numbers without a thousands separator, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return String(value.text).trim();
  return '';
}

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Windows-1251 (Excel's «CSV» on Russian Windows). */
function decodeText(content: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1251').decode(content);
  }
}

/** The separator the header row uses most: «;» (Russian Excel), «,» or a tab. */
function sniffDelimiter(text: string): string {
  const firstLine = text.slice(0, Math.max(0, text.search(/\r?\n/)) || text.length);
  const counts = [';', ',', '\t'].map((delimiter) => ({
    delimiter,
    count: [...firstLine].filter((character) => character === delimiter).length,
  }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0]!.delimiter;
}

async function* csvRows(content: Uint8Array): AsyncGenerator<SheetRow> {
  const text = decodeText(content);
  const parser = Readable.from([text]).pipe(
    parse({ delimiter: sniffDelimiter(text), relax_column_count: true, relax_quotes: true, trim: true }),
  );
  let line = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    line++;
    yield { line, cells: record };
  }
}

async function* xlsxRows(content: Uint8Array): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(content)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  // The first sheet is the catalogue; the rest are not read.
  for await (const worksheet of reader) {
    for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      for (let column = 1; column < values.length; column++) cells.push(cellText(values[column] ?? null));
      yield { line: row.number, cells };
    }
    break;
  }
}

/** Every row of the file, the header first; empty rows are skipped. */
export async function* readSheet(content: Uint8Array, filename: string): AsyncGenerator<SheetRow> {
  const rows = sheetFormatOf(content, filename) === 'xlsx' ? xlsxRows(content) : csvRows(content);
  for await (const row of rows) if (row.cells.some((cell) => cell !== '')) yield row;
}

/** The header row's cells (empty when the file has no rows). */
export async function readSheetHeaders(content: Uint8Array, filename: string): Promise<string[]> {
  for await (const row of readSheet(content, filename)) return row.cells;
  return [];
}

/** A number as the owner typed it: «1 234,50», «1234.5», «450 ₽»; null when it is not one. */
export function parseSheetNumber(text: string): number | null {
  let clean = text.replace(/[\s\u00a0\u202f]/g, '').replace(/(₽|руб\.?|р\.)$/i, '');
  if (clean.includes(',') && clean.includes('.')) clean = clean.replace(/,/g, '');
  else clean = clean.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(clean)) return null;
  return Number(clean);
}

/** A column of the export: its header and how wide Excel shows it. */
export interface SheetColumn {
  title: string;
  width: number;
}

/** One exported row's cells: numbers stay numbers in XLSX and get a decimal comma in CSV. */
export type SheetCell = string | number;

/** Writes the rows to a stream in the format; the returned stream is what the answer sends. */
export function writeSheet(
  format: SheetFormat,
  columns: SheetColumn[],
  rows: AsyncIterable<SheetCell[]>,
  onError: (error: unknown) => void,
): Readable {
  const out = new PassThrough();
  const run = format === 'xlsx' ? writeXlsx(out, columns, rows) : writeCsv(out, columns, rows);
  run.catch((error) => {
    onError(error);
    out.destroy(error as Error);
  });
  return out;
}

async function writeXlsx(out: Writable, columns: SheetColumn[], rows: AsyncIterable<SheetCell[]>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Товары', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.title, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}

async function writeCsv(out: Writable, columns: SheetColumn[], rows: AsyncIterable<SheetCell[]>) {
  const csv = stringify({
    delimiter: ';',
    bom: true,
    record_delimiter: 'windows',
    cast: { number: (value) => String(value).replace('.', ',') },
  });
  csv.pipe(out);
  const write = (record: SheetCell[]) =>
    new Promise<void>((resolve, reject) => {
      if (csv.write(record)) resolve();
      else {
        csv.once('drain', resolve);
        csv.once('error', reject);
      }
    });
  await write(columns.map((column) => column.title));
  for await (const row of rows) await write(row);
  csv.end();
}
