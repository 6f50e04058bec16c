// Long on purpose: staging and applying import.xml share the staged table's columns and the field rule below.
// import.xml (Классификатор → categories, Каталог → products): each Товар is read into exchange_staged_goods while the
// file streams in (short statements: the shop's other requests go between them), then the whole file is applied in
// one transaction by a few set-based statements (decision 035) — a broken file changes nothing.
//
// The writes of categories and goods are the catalogue's (catalog-import.repo.ts, through catalog.service.ts; decision
// 033), with the rule for fields of decision 025; this file reads the file, stages it and orders the statements.
import { randomUUID } from 'node:crypto';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { slugify } from '../../lib/slug.ts';
import {
  type ApplyCounts,
  hideDeletedGoods,
  listCharacteristicsOfStagedGoods,
  type Tx,
  unlistGoodsNotStaged,
  upsertImportedCategory,
  upsertStagedGoods,
} from '../catalog/catalog.service.ts';
import { products } from '../catalog/catalog.table.ts';
import { exchangeStagedGoods } from './exchange.table.ts';
import { type PropertyDictionary, readGoodFacts } from './exchange-properties.ts';
import { child, children, isTrue, textOf, type XmlNode } from './exchange-xml.ts';

/** Records written to the staging tables in one statement: few round trips, each statement short. */
export const STAGING_BATCH = 1000;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** 1C's Описание is plain text unless it says ФорматHTML="true" (CommerceML 2.08+). */
function descriptionHtml(node: XmlNode | undefined): string {
  if (!node?.text) return '';
  if (isTrue(node.attrs.ФорматHTML)) return sanitizeHtml(node.text);
  return node.text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeText(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** «Лаванда, 10 мл» → «10 мл»: the shop's volume switcher groups volumes of one oil. */
export function volumeFromText(text: string): string {
  const match = text.match(/(\d+(?:[.,]\d+)?)\s*(мл|ml|г|гр|шт)\.?(?![а-яa-z])/i);
  if (!match) return '';
  const unit = match[2]!.toLowerCase();
  return `${match[1]} ${unit === 'ml' ? 'мл' : unit === 'гр' ? 'г' : unit}`;
}

export function volumeMl(volume: string): number {
  const single = volume.match(/\d+/);
  return single ? Math.min(Number(single[0]), 1_000_000) : 0;
}

/**
 * Free addresses for new rows: `${stem}.html`, else `${stem}-2.html`, `-3`… One query for the first choices of a
 * batch and one per round of the taken ones; `reserved` holds what this file gave out already (not written yet).
 */
export async function freeUrls(db: Database, stems: string[], reserved: Set<string>): Promise<string[]> {
  const urls: string[] = [];
  let todo = stems.map((stem, index) => ({ stem, index }));
  for (let attempt = 1; todo.length > 0; attempt++) {
    const suffix = attempt === 1 ? '' : attempt > 50 ? `-${randomUUID().slice(0, 8)}` : `-${attempt}`;
    const wanted = todo.map((item) => `${item.stem}${suffix}.html`);
    const taken = new Set(
      (await db.select({ url: products.url }).from(products).where(inArray(products.url, wanted))).map(
        (row) => row.url,
      ),
    );
    const again: typeof todo = [];
    for (const [position, item] of todo.entries()) {
      const url = wanted[position]!;
      if (taken.has(url) || reserved.has(url)) again.push(item);
      else {
        reserved.add(url);
        urls[item.index] = url;
      }
    }
    todo = again;
  }
  return urls;
}

/** One Товар as the row it is staged as (its address is added when the batch is written). */
function readGood(good: XmlNode, properties: PropertyDictionary) {
  const externalId = textOf(good, 'Ид');
  const name = textOf(good, 'Наименование').slice(0, 200) || externalId;
  const volume = volumeFromText(name);
  const { facts, texts, gtin, externalData } = readGoodFacts(good, properties);
  return {
    externalId,
    deleted:
      good.attrs.Статус === 'Удален' ||
      textOf(good, 'Статус') === 'Удален' ||
      isTrue(textOf(good, 'ПометкаУдаления')),
    name,
    sku: textOf(good, 'Артикул').slice(0, 100),
    gtin,
    groupId: textOf(child(good, 'Группы'), 'Ид'),
    familyKey: `1c-${slugify(name.replace(volume, ''), 'tovar')}`,
    volume,
    volumeMl: volumeMl(volume),
    description: descriptionHtml(child(good, 'Описание')),
    country: facts.country ?? '',
    brand: facts.brand ?? null,
    latinName: facts.latinName ?? '',
    plantPart: facts.plantPart ?? '',
    extractionMethod: facts.extractionMethod ?? '',
    composition: texts.composition ?? '',
    usage: texts.usage ?? '',
    safety: texts.safety ?? '',
    externalData,
    pictures: children(good, 'Картинка')
      .map((node) => node.text)
      .filter(Boolean)
      .slice(0, 10),
  };
}

/** Stages the goods of one file, STAGING_BATCH to a statement; new goods get a free address here. */
export function createGoodsStager(
  db: Database,
  run: number,
  properties: PropertyDictionary,
  reserved: Set<string>,
) {
  let pending: Array<ReturnType<typeof readGood>> = [];
  let seq = 0;

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    const existing = new Map(
      (
        await db
          .select({ externalId: products.externalId, url: products.url })
          .from(products)
          .where(
            inArray(
              products.externalId,
              batch.map((item) => item.externalId),
            ),
          )
      ).map((row) => [row.externalId!, row.url]),
    );
    const fresh = batch.filter((item) => !item.deleted && !existing.has(item.externalId));
    const urls = await freeUrls(
      db,
      fresh.map((item) => `/${slugify(item.name, 'tovar')}`),
      reserved,
    );
    const urlOf = new Map(fresh.map((item, index) => [item, urls[index]!]));
    await db.insert(exchangeStagedGoods).values(
      batch.map((item) => ({
        ...item,
        run,
        seq: seq++,
        url: existing.get(item.externalId) ?? urlOf.get(item) ?? '',
      })),
    );
  }

  return {
    async add(good: XmlNode): Promise<void> {
      const externalId = textOf(good, 'Ид');
      // Characteristics (товар#характеристика) become products when their offer comes (exchange-offers).
      if (!externalId || externalId.includes('#')) return;
      pending.push(readGood(good, properties));
      if (pending.length >= STAGING_BATCH) await flush();
    },
    flush,
  };
}

const FALLBACK_CATEGORY_ID = '__efir_1c__';

/** Классификатор/Группы → categories, inside the file's transaction: few rows, one statement each. */
export function createCategoryWriter(tx: Tx, counts: ApplyCounts) {
  const upsertCategory = (
    externalId: string,
    name: string,
    parentId: number,
    parentUrl: string,
    pos: number,
  ) =>
    upsertImportedCategory(tx, counts, {
      externalId,
      name,
      parentId,
      pos,
      urlBase: `${parentUrl}/${slugify(name, 'razdel')}`,
    });

  /** The tree, parents before children. */
  async function applyGroups(groups: XmlNode, parentId = 0, parentUrl = ''): Promise<void> {
    for (const [index, group] of children(groups, 'Группа').entries()) {
      const externalId = textOf(group, 'Ид');
      const name = textOf(group, 'Наименование');
      if (!externalId || !name) continue;
      const row = await upsertCategory(externalId, name.slice(0, 200), parentId, parentUrl, index + 1);
      const nested = child(group, 'Группы');
      if (nested) await applyGroups(nested, row.id, row.url);
    }
  }

  return {
    applyGroups,
    /** Goods without a (known) group go to one category of their own, made on first need. */
    fallback: () => upsertCategory(FALLBACK_CATEGORY_ID, 'Товары из 1С', 0, '', 999),
  };
}

/**
 * The staged goods of the file, in its transaction: a full package's first goods file unlists the 1C goods it
 * lacks, deleted goods are hidden, the rest are upserted by their Ид, and characteristics follow their good's
 * listing (decision 035).
 */
export async function applyStagedGoods(
  tx: Tx,
  run: number,
  counts: ApplyCounts,
  options: { categories: ReturnType<typeof createCategoryWriter>; unlistOthers: boolean },
): Promise<void> {
  // An address given out while the file was read may have been taken since (a moderator, another import).
  await tx.execute(sql`
    update exchange_staged_goods g set url = regexp_replace(g.url, '[.]html$', '') || '-' || g.run || g.seq || '.html'
    where g.run = ${run} and not g.deleted
      and exists (select 1 from products p where p.url = g.url and p.external_id is distinct from g.external_id)`);
  const orphans = await tx.execute(sql`
    select 1 as one from exchange_staged_goods g left join categories c on c.external_id = g.group_id
    where g.run = ${run} and not g.deleted and c.id is null limit 1`);
  const orphan = (orphans as { rows: unknown[] }).rows.length > 0;
  const fallback = orphan ? await options.categories.fallback() : { id: 0, katGlobal: 0 };
  // The catalogue's writes (catalog-import.repo.ts), on this transaction's handle.
  if (options.unlistOthers) await unlistGoodsNotStaged(tx, run);
  await hideDeletedGoods(tx, run, counts);
  await upsertStagedGoods(tx, run, fallback, counts);
  await listCharacteristicsOfStagedGoods(tx, run, counts);
}
