// The spreadsheet import (issue 39.3, decision 058), in three steps: the file is kept and its columns mapped (the
// owner's mapping for these columns is remembered, the export's own headers map themselves); a dry run checks every
// row and lists what would be created, changed and refused; the apply runs the same checks, stages the rows that
// pass in short statements while the shop keeps answering (as the 1C exchange does, decision 035), then writes them
// in steps of STEP_ROWS rows (one transaction each; a failed step takes the earlier ones back, so nothing is left
// half-applied), then its log entry and audit row.
import { randomBytes, randomInt } from 'node:crypto';
import { setImmediate as nextTurn, setTimeout as pause } from 'node:timers/promises';
import {
  IMPORT_REPORT_ROWS,
  type ImportLog,
  type ImportReport,
  type ImportRow,
  type ImportRun,
  SHEET_FIELD_TITLES,
  SHEET_FIELDS,
  type SheetField,
  type SheetMapping,
  type SheetUploaded,
} from '@efir/domain/catalog-bulk-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { conflict, invalidData, notFound } from '../../lib/app-error.ts';
import type { CatalogBulkDeps } from './catalog-bulk.service.ts';
import {
  allCategories,
  applyStagedLines,
  clearStaged,
  dropImportFile,
  findImportFile,
  findImportLog,
  findMapping,
  insertImportLog,
  listImportLog,
  otherPageUrls,
  productsInIdOrder,
  rememberMapping,
  revertStagedLines,
  type StagedRow,
  saveImportFile,
  stagedLines,
  stageRows,
  waitedFor,
} from './catalog-sheet.repo.ts';
import { readSheet, readSheetHeaders } from './catalog-sheet.ts';
import { createRowPlanner, normalName, PlanContext, type PlannedRow } from './catalog-sheet-plan.ts';
import { tellWaitlist } from './products-admin.service.ts';

/** Rows staged per statement. */
const STAGE_BATCH = 1000;
/** Rows written per apply step (one transaction each), and the shop's turn between two steps. */
const STEP_ROWS = 2000;
const STEP_PAUSE_MS = 200;

/** Other headers suppliers use for the fields. */
const SYNONYMS: Record<string, SheetField> = {
  id: 'id',
  номер: 'id',
  код: 'id',
  sku: 'sku',
  'артикул товара': 'sku',
  наименование: 'name',
  товар: 'name',
  'название товара': 'name',
  объем: 'volume',
  фасовка: 'volume',
  группа: 'category',
  раздел: 'category',
  'цена, руб.': 'cena',
  'цена продажи': 'cena',
  'розничная цена': 'cena',
  стоимость: 'cena',
  'цена до скидки': 'cena_st',
  количество: 'stock',
  'остаток на складе': 'stock',
  наличие: 'stock',
  ean: 'gtin',
  'ean-13': 'gtin',
  'штрих-код': 'gtin',
  видимость: 'visible',
  показывать: 'visible',
  url: 'url',
  ссылка: 'url',
};

/** The file's columns as one key: the same columns in any order find the same remembered mapping. */
const signatureOf = (headers: string[]) =>
  [...new Set(headers.map(normalName).filter(Boolean))].sort().join('\u0001');

/** The export's headers and the usual supplier words, matched to fields. */
export function guessMapping(headers: string[]): SheetMapping {
  const byTitle = new Map<string, SheetField>(
    SHEET_FIELDS.map((field) => [normalName(SHEET_FIELD_TITLES[field]), field]),
  );
  const mapping: SheetMapping = {};
  const used = new Set<SheetField>();
  for (const header of headers) {
    const key = normalName(header);
    const field = byTitle.get(key) ?? SYNONYMS[key];
    if (field && !used.has(field)) {
      mapping[header] = field;
      used.add(field);
    }
  }
  return mapping;
}

export async function uploadSheet(
  db: Database,
  userId: number,
  file: { filename: string; content: Uint8Array },
): Promise<SheetUploaded> {
  let headers: string[];
  try {
    headers = await readSheetHeaders(file.content, file.filename);
  } catch {
    throw invalidData({ file: ['Не удалось прочитать файл: нужен XLSX или CSV'] });
  }
  if (headers.filter(Boolean).length === 0) throw invalidData({ file: ['В файле нет строк'] });
  const remembered = await findMapping(db, signatureOf(headers));
  const present = new Set(headers);
  const mapping = remembered
    ? Object.fromEntries(Object.entries(remembered).filter(([header]) => present.has(header)))
    : guessMapping(headers);
  const token = randomBytes(16).toString('hex');
  await saveImportFile(db, { token, userId, filename: file.filename, content: file.content });
  return { token, filename: file.filename, headers, mapping, remembered: remembered !== undefined };
}

/** Everything a row is checked against: the catalogue read a slice at a time, the categories, the taken addresses. */
async function loadContext(db: Database, origin: string): Promise<PlanContext> {
  const context = new PlanContext(origin);
  context.addCategories(await allCategories(db));
  for await (const slice of productsInIdOrder(db)) context.addProducts(slice);
  for (const url of await otherPageUrls(db)) context.takenUrls.add(url);
  return context;
}

function toLine(row: PlannedRow): ImportRow {
  return {
    line: row.line,
    outcome: row.outcome as ImportRow['outcome'],
    product_id: row.productId,
    name: row.name,
    details: row.details,
  };
}

/**
 * The staged rows written STEP_ROWS at a time, each step its own transaction, so the shop's pages get their turn
 * between steps (PGlite has one connection: a 100 000-row transaction would hold every page for minutes). A step that
 * fails takes the earlier ones back in one transaction — changed products get their fields back, created ones go —
 * so the file is applied whole or not at all.
 */
async function applyInSteps(db: Database, log: FastifyBaseLogger, run: number): Promise<void> {
  const lines = await stagedLines(db, run);
  const created: number[] = [];
  for (let start = 0; start < lines.length; start += STEP_ROWS) {
    const from = lines[start]!;
    const to = start + STEP_ROWS < lines.length ? lines[start + STEP_ROWS]! : 2_147_483_647;
    try {
      const ids = await db.transaction((tx) => applyStagedLines(tx, run, { from, to }));
      for (const id of ids) created.push(id);
      // A page asks the database several times in a row: without a pause the next step's BEGIN would come before
      // its next query, and one page would wait for many steps (measured: 211 s at 100 000 rows on PGlite).
      await pause(STEP_PAUSE_MS);
    } catch (error) {
      log.error(
        { err: error, run, line: from },
        'catalogue import step failed; taking the earlier steps back',
      );
      if (start > 0) await db.transaction((tx) => revertStagedLines(tx, run, from, created));
      throw conflict(
        `Импорт не применён: запись строки ${from} и дальше не удалась, ничего не изменено. Попробуйте ещё раз.`,
      );
    }
  }
}

/** A dry run (`apply` false) or the apply of a kept file with the owner's mapping. */
export async function runImport(
  deps: CatalogBulkDeps,
  userId: number,
  request: ImportRun,
  apply: boolean,
): Promise<ImportReport> {
  const started = Date.now();
  const { db } = deps;
  const file = await findImportFile(db, request.token);
  if (!file) throw invalidData({ token: ['Файл не найден: загрузите его ещё раз'] });
  const content = new Uint8Array(file.content);
  const headers = await readSheetHeaders(content, file.filename);
  const unknown = Object.keys(request.mapping).filter((header) => !headers.includes(header));
  if (unknown.length > 0) throw invalidData({ mapping: [`В файле нет столбца «${unknown[0]}»`] });
  if (Object.keys(request.mapping).length === 0)
    throw invalidData({ mapping: ['Сопоставьте хотя бы один столбец с полем товара'] });
  await rememberMapping(db, signatureOf(headers), request.mapping);

  const context = await loadContext(db, deps.origin);
  const plan = createRowPlanner(context, headers, request.mapping);
  const counts = { rows: 0, created: 0, changed: 0, unchanged: 0, refused: 0 };
  const lines: ImportRow[] = [];
  const shown = { created: 0, changed: 0, refused: 0 };
  const restocked: number[] = [];
  const run = randomInt(1, 2 ** 31 - 1);
  let batch: StagedRow[] = [];
  if (apply) await clearStaged(db, run);
  try {
    let first = true;
    for await (const row of readSheet(content, file.filename)) {
      if (first) {
        first = false;
        continue;
      }
      const planned = plan(row);
      counts.rows++;
      counts[planned.outcome]++;
      if (planned.outcome !== 'unchanged' && shown[planned.outcome] < IMPORT_REPORT_ROWS) {
        shown[planned.outcome]++;
        lines.push(toLine(planned));
      }
      if (planned.restocked && planned.productId !== null) restocked.push(planned.productId);
      if (apply && planned.staged) {
        batch.push({ run, ...planned.staged });
        if (batch.length >= STAGE_BATCH) {
          await stageRows(db, batch);
          batch = [];
        }
      }
      // The checks are plain computation: the shop's requests get their turn every few hundred rows.
      if (counts.rows % 500 === 0) await nextTurn();
    }
    if (!apply)
      return {
        id: null,
        filename: file.filename,
        applied: false,
        ...counts,
        lines,
        ms: Date.now() - started,
        created_at: new Date().toISOString(),
      };
    await stageRows(db, batch);
    await applyInSteps(db, deps.log, run);
    const entry = await db.transaction(async (tx) => {
      const logged = await insertImportLog(tx, {
        userId,
        filename: file.filename,
        ...counts,
        lines,
        ms: Date.now() - started,
      });
      await writeAudit(tx as unknown as Database, {
        userId,
        action: 'catalog.import',
        entity: 'catalog_import',
        entityId: logged.id,
        after: { filename: file.filename, ...counts },
      });
      return logged;
    });
    if (counts.created + counts.changed > 0) deps.content.invalidate();
    for (const productId of await waitedFor(db, restocked)) await tellWaitlist(deps, productId);
    await dropImportFile(db, request.token);
    return toReport(entry);
  } finally {
    if (apply) await clearStaged(db, run);
  }
}

function toReport(row: NonNullable<Awaited<ReturnType<typeof findImportLog>>>): ImportReport {
  return {
    id: row.id,
    filename: row.filename,
    applied: true,
    rows: row.rows,
    created: row.created,
    changed: row.changed,
    unchanged: row.unchanged,
    refused: row.refused,
    lines: row.lines,
    ms: row.ms,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getImportLog(db: Database): Promise<ImportLog> {
  const rows = await listImportLog(db);
  return {
    imports: rows.map((row) => ({
      id: row.id,
      filename: row.filename,
      applied: true,
      rows: row.rows,
      created: row.created,
      changed: row.changed,
      unchanged: row.unchanged,
      refused: row.refused,
      ms: row.ms,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

export async function getImportReport(db: Database, id: number): Promise<ImportReport> {
  const row = await findImportLog(db, id);
  if (!row) throw notFound('Такого импорта нет в журнале');
  return toReport(row);
}
