// ПакетПредложений (offers.xml, and 1C 8.3's split prices*.xml / rests*.xml): prices, old prices and stock.
//
// Characteristics (decision 025): an offer «товар#характеристика» is a product of its own in the base good's family,
// like the shop's 10 ml / 30 ml bottles today — same name, group, description and photos, its own volume, price and
// stock; the volume switcher on the product page moves between them. The base good without an offer stays hidden.
import { eq, inArray, sql } from 'drizzle-orm';
import { products } from '../catalog/catalog.table.ts';
import type { ApplyCounts, Tx } from './exchange-catalog.ts';
import { volumeFromText } from './exchange-catalog.ts';
import { slugify } from './exchange-slug.ts';
import { child, children, numberOf, textOf, type XmlNode } from './exchange-xml.ts';

const BATCH = 500;

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

export function createOffersApplier(tx: Tx, choice: PriceTypeChoice, counts: ApplyCounts) {
  const typeIds = new Map<string, string>();
  let retailId: string | null = null;
  let oldId: string | null = null;
  /** Offers read but not yet written: BATCH at a time, one select and one update for all of them. */
  let pending: XmlNode[] = [];
  const pendingIds = new Set<string>();

  function resolve(wanted: string): string | null {
    if (!wanted) return null;
    return typeIds.get(wanted) ?? wanted;
  }

  async function createVariant(externalId: string, offer: XmlNode) {
    const [base] = await tx
      .select()
      .from(products)
      .where(eq(products.externalId, externalId.split('#')[0]!));
    if (!base) return undefined;
    const volume = variantVolume(offer);
    const stem = base.url.replace(/\.html$/, '');
    let url = `${stem}-${slugify(volume || externalId.split('#')[1]!, 'variant')}.html`;
    for (let attempt = 2; ; attempt++) {
      const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.url, url));
      if (!taken) break;
      url = `${stem}-${slugify(volume, 'variant')}-${attempt}.html`;
    }
    const { id: _id, createdAt: _createdAt, searchVector: _s, nameVector: _n, ...fields } = base;
    const [created] = await tx
      .insert(products)
      .values({
        ...fields,
        externalId,
        url,
        volume,
        volumeMl: Number(volume.match(/\d+/)?.[0] ?? 0),
        cena: 0,
        cenaSt: 0,
        stock: 0,
        visible: false,
        popularity: 0,
        avgRating: 0,
        votesCount: 0,
        commentsCount: 0,
      })
      .returning();
    counts.created++;
    return created;
  }

  return {
    /** ТипыЦен: names to Ид, so the settings may name a type either way. */
    applyPriceTypes(types: XmlNode) {
      for (const type of children(types, 'ТипЦены')) {
        const id = textOf(type, 'Ид');
        typeIds.set(id, id);
        typeIds.set(textOf(type, 'Наименование'), id);
        retailId ??= choice.priceType ? null : id;
      }
      retailId = resolve(choice.priceType) ?? retailId;
      oldId = resolve(choice.oldPriceType);
    },

    async applyOffer(offer: XmlNode) {
      const externalId = textOf(offer, 'Ид');
      if (!externalId) return;
      // One statement may touch a row once: an offer listed twice goes into the next batch.
      if (pendingIds.has(externalId)) await flush();
      pending.push(offer);
      pendingIds.add(externalId);
      if (pending.length >= BATCH) await flush();
    },

    /** Writes the offers still waiting (the service calls it at the end of the file). */
    flush,
  };

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    pendingIds.clear();
    if (batch.length === 0) return;
    // Only what an offer changes: the row's texts and search vectors stay in the database.
    const columns = {
      id: products.id,
      externalId: products.externalId,
      cena: products.cena,
      cenaSt: products.cenaSt,
      stock: products.stock,
      visible: products.visible,
      externalListed: products.externalListed,
    };
    const rows = new Map(
      (
        await tx
          .select(columns)
          .from(products)
          .where(
            inArray(
              products.externalId,
              batch.map((offer) => textOf(offer, 'Ид')),
            ),
          )
      ).map((row) => [row.externalId!, row]),
    );
    const updates: Array<{ id: number; cena: number; cenaSt: number; stock: number; visible: boolean }> = [];
    for (const offer of batch) {
      const externalId = textOf(offer, 'Ид');
      let row = rows.get(externalId);
      if (!row && externalId.includes('#')) row = await createVariant(externalId, offer);
      if (!row) continue;
      const prices = children(child(offer, 'Цены'), 'Цена');
      const priceOf = (typeId: string | null) => {
        const found = typeId ? prices.find((price) => textOf(price, 'ИдТипаЦены') === typeId) : prices[0];
        const value = found ? numberOf(textOf(found, 'ЦенаЗаЕдиницу')) : Number.NaN;
        return Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value), 10_000_000) : null;
      };
      let { cena, cenaSt, stock } = row;
      const retail = prices.length > 0 ? priceOf(retailId) : null;
      if (retail !== null) {
        cena = retail;
        const old = oldId ? priceOf(oldId) : null;
        cenaSt = old !== null && old > retail ? old : 0;
      }
      stock = stockOf(offer) ?? stock;
      // Shown when 1C lists it and it has a price; a zero price hides it (nobody can buy it for 0 ₽).
      const visible = row.externalListed && cena > 0;
      // Nothing new (the usual case for most goods of a package): no write, no index churn.
      if (cena === row.cena && cenaSt === row.cenaSt && stock === row.stock && visible === row.visible)
        continue;
      updates.push({ id: row.id, cena, cenaSt, stock, visible });
      counts.updated++;
      if (row.visible && !visible) counts.hidden++;
      if (!(row.visible && row.stock > 0) && visible && stock > 0) counts.restocked.push(row.id);
    }
    if (updates.length === 0) return;
    const list = sql.join(
      updates.map(
        (item) =>
          sql`(${item.id}::int, ${item.cena}::int, ${item.cenaSt}::int, ${item.stock}::int, ${item.visible}::boolean)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update products set cena = v.cena, cena_st = v.cena_st, stock = v.stock, visible = v.visible
      from (values ${list}) as v(id, cena, cena_st, stock, visible)
      where products.id = v.id`);
  }
}
