// The catalogue tree in the wire shape of spec §3 (id_kat, top, foto_main…), with the menu ordering of §9.

import { productBadges } from '@efir/domain/catalog-constants';
import {
  AVAILABILITY,
  type CatalogEntry,
  type Crumb,
  DEFAULT_AVAILABILITY,
  type Pagination,
  PRODUCT_ICON_NAMES,
  PRODUCT_ICONS,
  PRODUCT_SORTS,
  PRODUCTS_PER_PAGE,
  type ProductCard,
  type ProductDetails,
  type ProductFilter,
  type ProductShipping,
} from '@efir/domain/catalog-wire';
import { cutAtWord } from '@efir/domain/seo-text';
import type { Database } from '../../db/client.ts';
import { summariseTariffs } from '../../modules/delivery/index.ts';
import {
  type CategoryRow,
  countProductFacets,
  findAllCategories,
  findCategoryById,
  findFamilyVolumes,
  findProductByUrl,
  findProductCards,
  findProductCardsByIds,
  findRelatedProducts,
  type ProductCardRow,
} from './catalog.repo.ts';

// The catalogue's door for other features (decision 033): the stock orders take and give back, and the 1C
// exchange's writes of categories and goods (catalog-import.repo.ts, each on the caller's transaction handle).
export { returnStock, takeStock } from './catalog.repo.ts';
export {
  type ApplyCounts,
  applyStagedPrices,
  emptyCounts,
  goodsWantingPictures,
  hideDeletedGoods,
  hideUnlisted,
  insertStagedCharacteristics,
  listCharacteristicsOfStagedGoods,
  setImportedPictures,
  type Tx,
  unlistGoodsNotStaged,
  upsertImportedCategory,
  upsertStagedGoods,
} from './catalog-import.repo.ts';

function toCatalogEntry(row: CategoryRow): CatalogEntry {
  return {
    id: row.id,
    id_kat: row.parentId,
    name: row.name,
    url: row.url,
    pos: row.pos,
    top: row.showInSubmenu ? 1 : 0,
    foto: row.foto,
    foto_main: row.fotoMain ?? null,
    webp: row.webp,
  };
}

export interface CatalogTree {
  /** Top entries (id_kat = 0), by pos. */
  catalogs: CatalogEntry[];
  /** Every entry, by pos. */
  categories: CatalogEntry[];
  /** Children of each entry shown in the sub-menu (top = 1), by name. */
  subCatalog: Record<string, CatalogEntry[]>;
}

export async function getCatalogTree(db: Database): Promise<CatalogTree> {
  const all = (await findAllCategories(db)).map(toCatalogEntry);
  const catalogs = all.filter((entry) => entry.id_kat === 0);
  const withSubmenu = new Set(all.filter((entry) => entry.top === 1).map((entry) => entry.id));
  const subCatalog: Record<string, CatalogEntry[]> = {};
  for (const entry of all) {
    if (!withSubmenu.has(entry.id_kat)) continue;
    const siblings = subCatalog[entry.id_kat] ?? [];
    siblings.push(entry);
    subCatalog[entry.id_kat] = siblings;
  }
  for (const children of Object.values(subCatalog)) {
    children.sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  }
  return { catalogs, categories: all, subCatalog };
}

export function toProductCard(row: ProductCardRow): ProductCard {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    volume: row.volume,
    cena: row.cena,
    cena_st: row.cenaSt,
    stock: row.stock,
    katGlobal: row.katGlobal,
    icons: productBadges({ icons: row.icons, cena: row.cena, cena_st: row.cenaSt }),
    image: row.images[0] ?? null,
    avg_rating: Math.round(row.avgRating * 10) / 10,
    votes_count: row.votesCount,
  };
}

/** The entry and every entry below it. */
export function collectSubtreeIds(tree: CatalogTree, rootId: number): number[] {
  const ids = [rootId];
  for (let index = 0; index < ids.length; index++) {
    for (const entry of tree.categories) if (entry.id_kat === ids[index]) ids.push(entry.id);
  }
  return ids;
}

/** «Главная › Каталог › parent › entry» as links. */
/** «Лаванда — пожалуй, …» after «Лаванда, 10 мл —» reads «— пожалуй, …»: the name is not said twice. */
function withoutLeadingName(text: string, name: string): string {
  return text.startsWith(name) ? text.slice(name.length).replace(/^[\s—–,:-]+/, '') : text;
}

const nameWithVolume = (row: { name: string; volume: string }) =>
  row.volume ? `${row.name}, ${row.volume}` : row.name;

/**
 * What a category is called in a title: «Пряные» under «Эфирные масла» is «Пряные эфирные масла», «Для лица» under
 * «Гидролаты» is «Гидролаты для лица»; a top-level category is its own name.
 */
export function categoryHeading(tree: CatalogTree, categoryId: number): string {
  const category = tree.categories.find((entry) => entry.id === categoryId);
  if (!category) return '';
  const parent = tree.categories.find((entry) => entry.id === category.id_kat);
  if (!parent) return category.name;
  const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
  // One adjective in the plural («Цветочные»): it qualifies the parent.
  if (/^[А-ЯЁ][а-яё]+(ые|ие)$/.test(category.name)) return `${category.name} ${lower(parent.name)}`;
  // A phrase that follows a noun («Для лица», «Холодного отжима»).
  if (/^(Для|Без|С|Из|Холодного|Горячего)\s/.test(category.name))
    return `${parent.name} ${lower(category.name)}`;
  return `${category.name}: ${lower(parent.name)}`;
}

export function buildCategoryTrail(tree: CatalogTree, categoryId: number): Crumb[] {
  const trail: Crumb[] = [];
  let current = tree.categories.find((entry) => entry.id === categoryId);
  while (current) {
    trail.unshift({ name: current.name, url: current.url });
    const parentId = current.id_kat;
    current = parentId === 0 ? undefined : tree.categories.find((entry) => entry.id === parentId);
  }
  return [{ name: 'Каталог', url: '/catalog.html' }, ...trail];
}

export interface ProductListing {
  products: ProductCard[];
  pagination: Pagination;
}

export async function listProducts(
  db: Database,
  options: {
    categoryIds?: number[];
    onlySpecialPrice?: boolean;
    filter: ProductFilter;
    sort: number;
    page: number;
  },
): Promise<ProductListing> {
  const perPage = PRODUCTS_PER_PAGE;
  const { rows, total } = await findProductCards(db, {
    ...options,
    limit: perPage,
    offset: (options.page - 1) * perPage,
  });
  return {
    products: rows.map(toProductCard),
    pagination: {
      page: options.page,
      pages: Math.max(1, Math.ceil(total / perPage)),
      total,
      per_page: perPage,
    },
  };
}

let shippingSummary: Promise<ProductShipping[]> | undefined;

/** The tariff tables are code: summarised once, as the «Доставка и оплата» page does. */
function summariseShipping(): Promise<ProductShipping[]> {
  shippingSummary ??= summariseTariffs().then((rows) =>
    rows.flatMap((row) =>
      row.priceFrom === null
        ? []
        : [
            {
              name: row.name,
              price_from: row.priceFrom,
              free_from: row.freeFrom,
              days_min: row.daysMin,
              days_max: row.daysMax,
            },
          ],
    ),
  );
  return shippingSummary;
}

export async function getProductDetails(
  db: Database,
  tree: CatalogTree,
  url: string,
): Promise<{
  product: ProductDetails;
  related: ProductCard[];
  trail: Crumb[];
  htmlTitle: string;
  metaDescription: string;
} | null> {
  const row = await findProductByUrl(db, url);
  if (!row) return null;
  const [volumes, related, shipping] = await Promise.all([
    findFamilyVolumes(db, row.familyKey),
    findRelatedProducts(db, row, 8),
    summariseShipping(),
  ]);
  const category = tree.categories.find((entry) => entry.id === row.categoryId);
  const plainDescription = row.description
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    product: {
      id: row.id,
      name: row.name,
      latin_name: row.latinName,
      url: row.url,
      volume: row.volume,
      cena: row.cena,
      cena_st: row.cenaSt,
      stock: row.stock,
      katGlobal: row.katGlobal,
      icons: productBadges({ icons: row.icons, cena: row.cena, cena_st: row.cenaSt }),
      images: row.images,
      description: row.description,
      composition: row.composition,
      usage: row.usage,
      safety: row.safety,
      country: row.country,
      plant_part: row.plantPart,
      extraction_method: row.extractionMethod,
      avg_rating: Math.round(row.avgRating * 10) / 10,
      votes_count: row.votesCount,
      comments_count: row.commentsCount,
      category: category ? { id: category.id, name: category.name, url: category.url } : null,
      volumes: volumes.map((volume) => ({
        id: volume.id,
        volume: volume.volume,
        url: volume.url,
        cena: volume.cena,
        cena_st: volume.cenaSt,
        stock: volume.stock,
      })),
      brand: row.brand,
      gtin: row.gtin,
      special_price_until: row.specialPriceUntil,
      shipping,
    },
    related: related.map(toProductCard),
    trail: category ? buildCategoryTrail(tree, category.id) : [{ name: 'Каталог', url: '/catalog.html' }],
    // The volume is named in both, so the 10 ml and 30 ml pages of one oil read as two pages (decision 020).
    htmlTitle: row.htmlTitle ?? `${nameWithVolume(row)} — купить в Москве, цена`,
    metaDescription:
      row.metaDescription ??
      cutAtWord(
        `${nameWithVolume(row)}${row.latinName ? ` (${row.latinName})` : ''} — ${withoutLeadingName(plainDescription, row.name)}`,
      ),
  };
}

export async function getProductFacets(
  db: Database,
  categoryIds: number[] | undefined,
  onlySpecialPrice = false,
) {
  const facets = await countProductFacets(db, categoryIds, onlySpecialPrice);
  const iconCounts = new Map(facets.icons.map((item) => [item.icon, item.count]));
  // «Скидка» is the special price, whatever badges were once stored by hand.
  iconCounts.set('sale', facets.special);
  return {
    icons: PRODUCT_ICONS.map((icon) => ({
      id: icon,
      name: PRODUCT_ICON_NAMES[icon],
      count: iconCounts.get(icon) ?? 0,
    })),
    anywhere: [
      { id: 1, name: AVAILABILITY[1], count: facets.inStock },
      { id: 2, name: AVAILABILITY[2], count: facets.total },
    ],
    defaults: { icons: [], anywhere: DEFAULT_AVAILABILITY },
    sorts: Object.entries(PRODUCT_SORTS).map(([id, name]) => ({ id: Number(id), name })),
  };
}

export async function getCategoryDetails(db: Database, id: number) {
  const row = await findCategoryById(db, id);
  if (!row) return null;
  return {
    description: row.description,
    htmlTitle: row.htmlTitle,
    metaDescription: row.metaDescription,
  };
}

export async function listPopularProducts(db: Database, limit: number): Promise<ProductCard[]> {
  const { rows } = await findProductCards(db, {
    filter: { icons: [], anywhere: 1 },
    sort: 3,
    limit,
    offset: 0,
  });
  return rows.map(toProductCard);
}

export async function listProductsByIds(db: Database, ids: number[]): Promise<ProductCard[]> {
  return (await findProductCardsByIds(db, ids)).map(toProductCard);
}
