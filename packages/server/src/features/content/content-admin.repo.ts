// The back office's «Контент» reads and writes: articles and recipes in the edit form's wire names, static pages,
// slides and menu links, and the lookups the checks need. Writes take the transaction they belong to.
import {
  CONTENT_ADMIN_PAGE_SIZE,
  type MenuName,
  type PublicationInput,
  type PublicationListQuery,
} from '@efir/domain/content-admin-schemas';
import { and, asc, count, desc, eq, ilike, inArray, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../catalog/catalog.table.ts';
import {
  type articles,
  articleTags,
  authors,
  menuItems,
  razdels,
  recipeIngredients,
  recipeTags,
  slides,
  staticPages,
  tags,
} from './content.table.ts';
import { type PublicationKind, tablesOf } from './publications.repo.ts';

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

// ---------------------------------------------------------------------------------------------------------------
// Articles and recipes.

export async function findPublicationPage(db: Database, kind: PublicationKind, query: PublicationListQuery) {
  const { table } = tablesOf(kind);
  const where = query.q
    ? or(ilike(table.title, containing(query.q)), ilike(table.url, containing(query.q)))
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: table.id,
        title: table.title,
        url: table.url,
        visible: table.visible,
        publishedAt: table.publishedAt,
        razdel: razdels.name,
        author: authors.name,
      })
      .from(table)
      .leftJoin(razdels, eq(razdels.id, table.razdelId))
      .leftJoin(authors, eq(authors.id, table.authorId))
      .where(where)
      .orderBy(desc(table.publishedAt), desc(table.id))
      .limit(CONTENT_ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * CONTENT_ADMIN_PAGE_SIZE),
    db.select({ total: count() }).from(table).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      url: row.url,
      visible: row.visible,
      published_at: row.publishedAt.toISOString(),
      razdel: row.razdel,
      author: row.author,
    })),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / CONTENT_ADMIN_PAGE_SIZE)),
  };
}

/** Everything the edit form shows, in wire names (also the audit log's view of the publication). */
export async function readPublication(db: Database, kind: PublicationKind, itemId: number) {
  const { table, links, linkId, linkTag } = tablesOf(kind);
  const [row] = await db.select().from(table).where(eq(table.id, itemId)).limit(1);
  if (!row) return null;
  const tagRows = await db
    .select({ id: linkTag })
    .from(links)
    .where(eq(linkId, itemId))
    .orderBy(asc(linkTag));
  const detail = {
    id: row.id,
    title: row.title,
    url: row.url,
    razdel_id: row.razdelId,
    author_id: row.authorId,
    tag_ids: tagRows.map((tag) => tag.id),
    excerpt: row.excerpt,
    html: row.html,
    image: row.image?.filename ?? null,
    visible: row.visible,
    published_at: row.publishedAt.toISOString(),
    html_title: row.htmlTitle,
    meta_description: row.metaDescription,
  };
  if (kind === 'article' || !('yield' in row)) return detail;
  const ingredients = await db
    .select({
      product_id: recipeIngredients.productId,
      name: recipeIngredients.name,
      amount: recipeIngredients.amount,
      product_name: products.name,
      product_volume: products.volume,
    })
    .from(recipeIngredients)
    .leftJoin(products, eq(products.id, recipeIngredients.productId))
    .where(eq(recipeIngredients.recipeId, itemId))
    .orderBy(asc(recipeIngredients.pos), asc(recipeIngredients.id));
  return { ...detail, yield: row.yield, time_minutes: row.timeMinutes, ingredients };
}

/**
 * Inserts or updates the row from its column values, then replaces its tags and (for a recipe) its ingredients
 * when the input names them; returns its id.
 */
export async function writePublication(
  tx: Database,
  kind: PublicationKind,
  itemId: number | null,
  values: Record<string, unknown>,
  input: Pick<PublicationInput, 'tag_ids' | 'ingredients'>,
) {
  const { table, links, linkId } = tablesOf(kind);
  let rowId = itemId;
  if (rowId === null) {
    const [row] = await tx
      .insert(table)
      .values(values as typeof articles.$inferInsert)
      .returning({ id: table.id });
    rowId = row?.id ?? null;
    if (rowId === null) throw new Error('insert returned no row');
  } else if (Object.keys(values).length > 0) {
    await tx
      .update(table)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(table.id, rowId));
  }
  if (input.tag_ids !== undefined) {
    await tx.delete(links).where(eq(linkId, rowId));
    const unique = [...new Set(input.tag_ids)];
    if (unique.length > 0 && kind === 'article') {
      await tx.insert(articleTags).values(unique.map((tagId) => ({ articleId: rowId, tagId })));
    } else if (unique.length > 0) {
      await tx.insert(recipeTags).values(unique.map((tagId) => ({ recipeId: rowId, tagId })));
    }
  }
  if (kind === 'recept' && input.ingredients !== undefined) {
    await tx.delete(recipeIngredients).where(eq(recipeIngredients.recipeId, rowId));
    if (input.ingredients.length > 0) {
      await tx.insert(recipeIngredients).values(
        input.ingredients.map((line, pos) => ({
          recipeId: rowId,
          productId: line.product_id,
          name: line.name,
          amount: line.amount,
          pos,
        })),
      );
    }
  }
  return rowId;
}

/** Which of the section, author and tags exist. */
export async function findReferences(
  db: Database,
  wanted: { razdelId?: number | undefined; authorId?: number | undefined; tagIds?: number[] | undefined },
) {
  const [razdel, author, tagRows] = await Promise.all([
    wanted.razdelId === undefined
      ? undefined
      : db.select({ id: razdels.id }).from(razdels).where(eq(razdels.id, wanted.razdelId)),
    wanted.authorId === undefined
      ? undefined
      : db.select({ id: authors.id }).from(authors).where(eq(authors.id, wanted.authorId)),
    wanted.tagIds && wanted.tagIds.length > 0
      ? db.select({ id: tags.id }).from(tags).where(inArray(tags.id, wanted.tagIds))
      : [],
  ]);
  return {
    razdel: razdel === undefined ? undefined : razdel.length > 0,
    author: author === undefined ? undefined : author.length > 0,
    tagIds: tagRows.map((tag) => tag.id),
  };
}

/** Names of the products among `ids` that exist. */
export async function findProductNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((product) => [product.id, product.name]));
}

/** Every page the router resolves at `url` (products, categories, publications, sections, tags, static pages). */
export async function findUrlOwners(db: Database, url: string): Promise<Array<{ type: string; id: number }>> {
  const result = (await db.execute(sql`
    select 'product' as type, id from products where url = ${url}
    union all select 'category', id from categories where url = ${url}
    union all select 'article', id from articles where url = ${url}
    union all select 'recept', id from recipes where url = ${url}
    union all select 'razdel', id from razdels where url = ${url}
    union all select 'tag', id from tags where url = ${url}
    union all select 'page', id from static_pages where url = ${url}`)) as unknown as {
    rows: Array<{ type: string; id: number }>;
  };
  return result.rows.map((row) => ({ type: row.type, id: Number(row.id) }));
}

/** Choices of the edit forms: sections, authors and tags. */
export async function findFormChoices(db: Database) {
  const [razdelRows, authorRows, tagRows] = await Promise.all([
    db.select({ id: razdels.id, name: razdels.name }).from(razdels).orderBy(asc(razdels.pos)),
    db.select({ id: authors.id, name: authors.name }).from(authors).orderBy(asc(authors.pos)),
    db.select({ id: tags.id, name: tags.name }).from(tags).orderBy(asc(tags.name)),
  ]);
  return { razdels: razdelRows, authors: authorRows, tags: tagRows };
}

/** Products by name or address, for a recipe's ingredient lines. */
export function searchProducts(db: Database, text: string) {
  const pattern = containing(text);
  return db
    .select({ id: products.id, name: products.name, volume: products.volume })
    .from(products)
    .where(or(ilike(products.name, pattern), ilike(products.url, pattern)))
    .orderBy(asc(products.name))
    .limit(20);
}

// ---------------------------------------------------------------------------------------------------------------
// Static pages, slides, menu links.

function staticPageWire(row: typeof staticPages.$inferSelect) {
  return {
    id: row.id,
    url: row.url,
    kind: row.kind,
    title: row.title,
    description: row.description,
    html: row.html,
    updated_at: row.updatedAt.toISOString(),
  };
}

function slideWire(row: typeof slides.$inferSelect) {
  return {
    id: row.id,
    img: row.img.filename,
    name: row.name,
    link: row.link,
    show: row.show,
    color: row.color,
    pos: row.pos,
  };
}

function menuWire(row: typeof menuItems.$inferSelect) {
  return {
    id: row.id,
    // The column is text; what the back office writes is one of MENU_NAMES.
    menu: row.menu as MenuName,
    name: row.name,
    url: row.url,
    img: row.img,
    color: row.color,
    pos: row.pos,
  };
}

export async function readSlide(db: Database, slideId: number) {
  const [row] = await db.select().from(slides).where(eq(slides.id, slideId)).limit(1);
  return row ? slideWire(row) : null;
}

export async function readMenuItem(db: Database, itemId: number) {
  const [row] = await db.select().from(menuItems).where(eq(menuItems.id, itemId)).limit(1);
  return row ? menuWire(row) : null;
}

export async function readStaticPage(db: Database, pageId: number) {
  const [row] = await db.select().from(staticPages).where(eq(staticPages.id, pageId)).limit(1);
  return row ? staticPageWire(row) : null;
}

/** The list of static pages: their addresses are the shop's fixed routes. */
export async function listStaticPages(db: Database) {
  const rows = await db.select().from(staticPages).orderBy(asc(staticPages.kind), asc(staticPages.url));
  return rows.map(({ id, url, kind, title, updatedAt }) => ({
    id,
    url,
    kind,
    title,
    updated_at: updatedAt.toISOString(),
  }));
}

export const listSlides = async (db: Database) =>
  (await db.select().from(slides).orderBy(asc(slides.pos), asc(slides.id))).map(slideWire);

export const listMenu = async (db: Database, menu: MenuName) =>
  (
    await db
      .select()
      .from(menuItems)
      .where(eq(menuItems.menu, menu))
      .orderBy(asc(menuItems.pos), asc(menuItems.id))
  ).map(menuWire);

/** A list the moderator arranges by hand: slides, or the links of one menu. */
export type OrderedTable = typeof slides | typeof menuItems;

/** The ids of a list in their shown order. */
export async function findOrder(db: Database, table: OrderedTable, where?: SQL): Promise<number[]> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(asc(table.pos), asc(table.id));
  return rows.map((row) => row.id);
}

export async function writeOrder(tx: Database, table: OrderedTable, ids: number[]): Promise<void> {
  for (const [pos, itemId] of ids.entries()) {
    await tx
      .update(table)
      .set({ pos: pos + 1 })
      .where(eq(table.id, itemId));
  }
}

/** The position after the last one of a list. */
export async function nextPos(db: Database, table: OrderedTable, where?: SQL) {
  const [row] = await db
    .select({ last: max(table.pos) })
    .from(table)
    .where(where);
  return (row?.last ?? 0) + 1;
}

/** The links of `menu` other than `itemId`: where a link moved to another menu goes last. */
export const otherMenuLinks = (menu: MenuName, itemId: number) =>
  and(eq(menuItems.menu, menu), ne(menuItems.id, itemId));
