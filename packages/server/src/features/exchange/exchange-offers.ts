// ПакетПредложений (offers.xml, and 1C 8.3's split prices*.xml / rests*.xml): prices, old prices and stock. Each
// Предложение is read into exchange_staged_offers while the file streams in, then applied with the file's other
// records in one transaction by set-based statements (decision 035).
//
// Characteristics (decision 025): an offer «товар#характеристика» is a product of its own in the base good's family,
// like the shop's 10 ml / 30 ml bottles today — same name, group, description and photos, its own volume, price and
// stock; the volume switcher on the product page moves between them. The base good without an offer stays hidden.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { slugify } from '../../lib/slug.ts';
import {
  type ApplyCounts,
  applyStagedPrices,
  insertStagedCharacteristics,
  type Tx,
} from '../catalog/catalog.service.ts';
import { products } from '../catalog/catalog.table.ts';
import { exchangeStagedGoods, exchangeStagedOffers } from './exchange.table.ts';
import { freeUrls, STAGING_BATCH, volumeFromText, volumeMl } from './exchange-catalog.ts';
import { child, children, numberOf, textOf, type XmlNode } from './exchange-xml.ts';

export interface PriceTypeChoice {
  /** Ид or Наименование of the retail and old price types ('' = first / none). */
  priceType: string;
  oldPriceType: string;
}

function sumOrNull(values: number[]): number | null {
  const numbers = values.filter((value) => Number.isFinite(value));
  return numbers.length > 0 ? numbers.reduce((sum, value) => sum + value, 0) : null;
}

/** Stock: the sum over warehouses (2.05–2.08 Склад@КоличествоНаСкладе, 2.09+ Остатки), else Количество. */
function stockOf(offer: XmlNode): number | null {
  const byAttribute = sumOrNull(
    children(offer, 'Склад').map((node) => numberOf(node.attrs.КоличествоНаСкладе ?? '')),
  );
  const rests = child(offer, 'Остатки');
  const byRests = rests
    ? sumOrNull(
        children(rests, 'Остаток').map((rest) => {
          const warehouses = children(rest, 'Склад');
          if (warehouses.length === 0) return numberOf(textOf(rest, 'Количество'));
          return warehouses.reduce(
            (sum, warehouse) => sum + (numberOf(textOf(warehouse, 'Количество')) || 0),
            0,
          );
        }),
      )
    : null;
  const total = byAttribute ?? byRests ?? sumOrNull([numberOf(textOf(offer, 'Количество'))]);
  return total === null ? null : Math.max(0, Math.min(1_000_000, Math.floor(total)));
}

function variantVolume(offer: XmlNode): string {
  const traits = children(child(offer, 'ХарактеристикиТовара'), 'ХарактеристикаТовара').map((trait) => ({
    name: textOf(trait, 'Наименование'),
    value: textOf(trait, 'Значение'),
  }));
  const volume =
    traits.find((trait) => /объ[её]м|вес|фасовка|емкость|ёмкость/i.test(trait.name)) ?? traits[0];
  return (volume?.value ?? volumeFromText(textOf(offer, 'Наименование'))).slice(0, 40);
}

interface ProductState {
  cena: number;
  cenaSt: number;
  stock: number;
  visible: boolean;
  externalListed: boolean;
}

interface StagedOffer {
  externalId: string;
  retail: number | null;
  old: number | null;
  stock: number | null;
  /** A characteristic's volume (its product's, should it be new); '' for a good's own offer. */
  volume: string;
}

/** Stages the offers of one file, STAGING_BATCH to a statement; a characteristic seen first gets its address here. */
export function createOffersStager(
  db: Database,
  run: number,
  choice: PriceTypeChoice,
  reserved: Set<string>,
) {
  const typeIds = new Map<string, string>();
  let retailId: string | null = null;
  let oldId: string | null = null;
  let pending: StagedOffer[] = [];
  let seq = 0;

  function resolve(wanted: string): string | null {
    if (!wanted) return null;
    return typeIds.get(wanted) ?? wanted;
  }

  function priceOf(prices: XmlNode[], typeId: string | null): number | null {
    const found = typeId ? prices.find((price) => textOf(price, 'ИдТипаЦены') === typeId) : prices[0];
    const value = found ? numberOf(textOf(found, 'ЦенаЗаЕдиницу')) : Number.NaN;
    return Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value), 10_000_000) : null;
  }

  /** Base goods of new characteristics: written ones, or staged by this very file. */
  async function baseUrls(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const found = new Map(
      (
        await db
          .select({ externalId: products.externalId, url: products.url })
          .from(products)
          .where(inArray(products.externalId, ids))
      ).map((row) => [row.externalId!, row.url]),
    );
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const staged = await db
        .select({ externalId: exchangeStagedGoods.externalId, url: exchangeStagedGoods.url })
        .from(exchangeStagedGoods)
        .where(and(eq(exchangeStagedGoods.run, run), inArray(exchangeStagedGoods.externalId, missing)));
      for (const row of staged) if (row.url) found.set(row.externalId, row.url);
    }
    return found;
  }

  /** What an offer makes of its product's row: the rule of decision 025, as the apply statement writes it. */
  function outcome(item: StagedOffer, row: ProductState) {
    const cena = item.retail ?? row.cena;
    const cenaSt =
      item.retail === null ? row.cenaSt : item.old !== null && item.old > item.retail ? item.old : 0;
    const stock = item.stock ?? row.stock;
    return { cena, cenaSt, stock, visible: row.externalListed && cena > 0 };
  }

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    const rows = new Map(
      (
        await db
          .select({
            externalId: products.externalId,
            cena: products.cena,
            cenaSt: products.cenaSt,
            stock: products.stock,
            visible: products.visible,
            externalListed: products.externalListed,
          })
          .from(products)
          .where(
            inArray(
              products.externalId,
              batch.map((item) => item.externalId),
            ),
          )
      ).map((row) => [row.externalId!, row]),
    );
    // Most offers of a package change nothing: they are not staged (no write now, none when applied).
    const changing = batch.filter((item) => {
      const row = rows.get(item.externalId);
      if (!row) return true;
      const next = outcome(item, row);
      return (
        next.cena !== row.cena ||
        next.cenaSt !== row.cenaSt ||
        next.stock !== row.stock ||
        next.visible !== row.visible
      );
    });
    const baseOf = (item: StagedOffer) => item.externalId.split('#')[0]!;
    const newcomers = changing.filter((item) => item.externalId.includes('#') && !rows.has(item.externalId));
    const bases = await baseUrls([...new Set(newcomers.map(baseOf))]);
    // Without its good a characteristic has nothing to copy: skipped, as 1C sends the good first.
    const fresh = newcomers.filter((item) => bases.has(baseOf(item)));
    const urls = await freeUrls(
      db,
      fresh.map(
        (item) =>
          `${bases.get(baseOf(item))!.replace(/\.html$/, '')}-${slugify(item.volume || item.externalId.split('#')[1]!, 'variant')}`,
      ),
      reserved,
    );
    const urlOf = new Map(fresh.map((item, index) => [item, urls[index]!]));
    if (changing.length === 0) return;
    await db.insert(exchangeStagedOffers).values(
      changing.map((item) => ({
        run,
        seq: seq++,
        externalId: item.externalId,
        baseId: urlOf.has(item) ? baseOf(item) : null,
        url: urlOf.get(item) ?? null,
        volume: item.volume,
        volumeMl: volumeMl(item.volume),
        retail: item.retail,
        old: item.old,
        stock: item.stock,
      })),
    );
  }

  return {
    /** ТипыЦен: names to Ид, so the settings may name a type either way. */
    priceTypes(types: XmlNode) {
      for (const type of children(types, 'ТипЦены')) {
        const id = textOf(type, 'Ид');
        typeIds.set(id, id);
        typeIds.set(textOf(type, 'Наименование'), id);
        retailId ??= choice.priceType ? null : id;
      }
      retailId = resolve(choice.priceType) ?? retailId;
      oldId = resolve(choice.oldPriceType);
    },

    async add(offer: XmlNode): Promise<void> {
      const externalId = textOf(offer, 'Ид');
      if (!externalId) return;
      const prices = children(child(offer, 'Цены'), 'Цена');
      const retail = prices.length > 0 ? priceOf(prices, retailId) : null;
      pending.push({
        externalId,
        retail,
        old: retail !== null && oldId ? priceOf(prices, oldId) : null,
        stock: stockOf(offer),
        volume: externalId.includes('#') ? variantVolume(offer) : '',
      });
      if (pending.length >= STAGING_BATCH) await flush();
    },

    flush,
  };
}

/**
 * The staged offers, in the file's transaction: new characteristics become products of their good's family (hidden,
 * no price yet), then every offer's price, old price and stock are written where they changed — the catalogue's
 * writes (catalog-import.repo.ts), on this transaction's handle.
 */
export async function applyStagedOffers(tx: Tx, run: number, counts: ApplyCounts): Promise<void> {
  // An address given out while the file was read may have been taken since (a moderator, another import).
  await tx.execute(sql`
    update exchange_staged_offers o set url = regexp_replace(o.url, '[.]html$', '') || '-' || o.run || o.seq || '.html'
    where o.run = ${run} and o.url is not null
      and exists (select 1 from products p where p.url = o.url and p.external_id is distinct from o.external_id)`);
  await insertStagedCharacteristics(tx, run, counts);
  await applyStagedPrices(tx, run, counts);
}
