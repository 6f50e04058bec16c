// The back office's «Контент»: articles, recipes, static pages, home slides and menu links (under /api/v1/admin,
// behind the moderator guard of admin.routes.ts). Each save takes only whitelisted fields, passes rich text through
// the one sanitiser, is audited in its own transaction, then drops the critical data and every cached answer.
import { access } from 'node:fs/promises';
import path from 'node:path';
import {
  ACCOUNT_PAGES,
  GUEST_ONLY_URLS,
  LEGAL_PAGE_URLS,
  NOT_FOUND_URL,
  STATIC_PAGE_URLS,
} from '@efir/domain/routes';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { z } from '@efir/domain/zod-ru';
import { and, asc, count, desc, eq, ilike, inArray, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type FieldErrors, invalidData, notFound } from '../../lib/app-error.ts';
import { moderatorId } from '../admin/admin.routes.ts';
import { writeAudit } from '../admin/audit.ts';
import { type ImageRef, products } from '../catalog/catalog.table.ts';
import type { ContentService } from './content.service.ts';
import {
  articles,
  articleTags,
  authors,
  menuItems,
  razdels,
  recipeIngredients,
  recipes,
  recipeTags,
  slides,
  staticPages,
  tags,
} from './content.table.ts';

export interface ContentAdminDeps {
  db: Database;
  content: Pick<ContentService, 'invalidate'>;
  config: Pick<Config, 'imagesDir'>;
}

export const CONTENT_ADMIN_PAGE_SIZE = 30;
/** Menus the shop draws: top bar, its «Ещё» list, footer, legal links and the mega-menu's article links. */
export const MENU_NAMES = ['articles', 'top', 'more', 'footer', 'legal'] as const;
const RICH_TEXT_MAX = 400_000;
const INT_MAX = 2_147_483_647;

// ---------------------------------------------------------------------------------------------------------------
// Field rules (Russian messages; strict objects, so an unknown field is refused by name).

const id = z.coerce.number().int().min(1).max(INT_MAX);
const idParams = z.strictObject({ id });

const pageUrl = z
  .string()
  .trim()
  .min(2, 'Укажите адрес страницы')
  .max(300, 'Адрес длиннее 300 символов')
  .regex(
    /^\/[a-z0-9][a-z0-9\-_./]*$/,
    'Адрес начинается с «/» и состоит из строчных латинских букв, цифр и знаков «-», «_», «.», «/»',
  )
  .refine(
    (url) => !url.includes('//') && !url.includes('..') && !url.endsWith('/'),
    'В адресе не может быть «//», «..» и «/» в конце',
  );

/** A link on the site («/akcii») or a full http(s) address. */
const linkUrl = z
  .string()
  .trim()
  .max(500, 'Ссылка длиннее 500 символов')
  .refine(
    (link) => link === '' || /^\/(?!\/)\S*$/.test(link) || /^https?:\/\/[^\s/]+\S*$/i.test(link),
    'Ссылка — адрес на сайте («/…») или полный адрес с https://',
  );

const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, 'Цвет в формате #RRGGBB, например #3f6b4f')
  .transform((value) => value.toLowerCase());

/** A picture already under /images/ («articles/lavanda.jpg»); its WebP twin sits next to it. */
const imageFile = z
  .string()
  .trim()
  .max(200, 'Имя файла длиннее 200 символов')
  .regex(
    /^[a-z0-9][a-z0-9\-_/]*\.(jpe?g|png|webp)$/i,
    'Файл из /images/: латинские буквы, цифры, «-», «_», «/» и расширение .jpg, .png или .webp',
  );

const title = z.string().trim().min(1, 'Заполните заголовок').max(300, 'Не длиннее 300 символов');
const plainText = (limit: number) => z.string().trim().max(limit, `Не длиннее ${limit} символов`);
const richText = z.string().max(RICH_TEXT_MAX, 'Текст слишком длинный');

const publicationFields = {
  title,
  url: pageUrl,
  razdel_id: id,
  author_id: id,
  tag_ids: z.array(id).max(50, 'Не больше 50 тегов'),
  excerpt: plainText(2000),
  html: richText,
  image: imageFile.nullable(),
  visible: z.boolean(),
  published_at: z.iso.datetime({ offset: true, message: 'Дата публикации в формате ISO 8601' }),
  html_title: plainText(300).nullable(),
  meta_description: plainText(500).nullable(),
};

const ingredient = z.strictObject({
  product_id: id.nullable().default(null),
  name: plainText(200).default(''),
  amount: plainText(100).default(''),
});

const recipeFields = {
  ...publicationFields,
  yield: plainText(200),
  time_minutes: z.int().min(0).max(10_000),
  ingredients: z.array(ingredient).max(60, 'Не больше 60 компонентов'),
};

const articleUpdate = z.strictObject(publicationFields).partial();
const articleCreate = articleUpdate.required({ title: true, url: true, razdel_id: true, author_id: true });
const recipeUpdate = z.strictObject(recipeFields).partial();
const recipeCreate = recipeUpdate.required({ title: true, url: true, razdel_id: true, author_id: true });
type PublicationInput = z.infer<typeof recipeUpdate>;

const listQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

const staticPageUpdate = z
  .strictObject({
    title,
    description: plainText(500),
    html: richText,
  })
  .partial();

const audience = z.enum(['all', 'reg', 'guest'], {
  error: 'Кому показывать: all (всем), reg (вошедшим) или guest (гостям)',
});
const slideFields = {
  img: imageFile,
  name: z.string().trim().min(1, 'Заполните название').max(200, 'Не длиннее 200 символов'),
  link: linkUrl,
  show: audience,
  color,
};
const slideUpdate = z.strictObject(slideFields).partial();
const slideCreate = slideUpdate.required({ img: true, name: true });

const menuName = z.enum(MENU_NAMES, { error: 'Неизвестное меню' });
const menuFields = {
  menu: menuName,
  name: z.string().trim().min(1, 'Заполните название').max(200, 'Не длиннее 200 символов'),
  url: linkUrl.refine((link) => link !== '', 'Укажите ссылку'),
  img: imageFile.nullable(),
  color: color.nullable(),
};
const menuUpdate = z.strictObject(menuFields).partial();
const menuCreate = menuUpdate.required({ menu: true, name: true, url: true });

const orderBody = z.strictObject({ ids: z.array(id).min(1).max(500) });
const menuOrderBody = z.strictObject({ menu: menuName, ids: z.array(id).min(1).max(500) });
const menuQuery = z.strictObject({ menu: menuName.default('articles') });
const productQuery = z.strictObject({ q: z.string().trim().min(1).max(100) });

// ---------------------------------------------------------------------------------------------------------------
// Addresses: unique across everything the router resolves, and never one of the shop's fixed pages.

const RESERVED_URLS: ReadonlySet<string> = new Set<string>([
  '/',
  '/catalog.html',
  '/articles-new.html',
  '/recept.html',
  '/reviews.html',
  '/search',
  '/my-cart',
  '/checkout',
  '/yookassa',
  '/add-review',
  '/sitemap.xml',
  '/robots.txt',
  NOT_FOUND_URL,
  ...STATIC_PAGE_URLS,
  ...LEGAL_PAGE_URLS,
  ...GUEST_ONLY_URLS,
  ...ACCOUNT_PAGES.map((page) => page.url),
]);
const RESERVED_PREFIXES = [
  '/api/',
  '/v1/',
  '/admin',
  '/images/',
  '/assets/',
  '/checkout/',
  '/my-',
  '/saved/',
  // The sitemap's part files (pages.routes.ts).
  '/sitemap-',
];

const URL_OWNER_NAMES: Record<string, string> = {
  product: 'товар',
  category: 'категория',
  article: 'статья',
  recept: 'рецепт',
  razdel: 'раздел',
  tag: 'тег',
  page: 'страница',
};

/** The Russian reason why `url` cannot be used by `self`, or null when it is free. */
async function findUrlConflict(
  db: Database,
  url: string,
  self: { type: 'article' | 'recept'; id: number } | null,
): Promise<string | null> {
  if (RESERVED_URLS.has(url) || RESERVED_PREFIXES.some((prefix) => url.startsWith(prefix))) {
    return 'Этот адрес занят страницей магазина';
  }
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
  const other = result.rows.find((row) => !(self && row.type === self.type && Number(row.id) === self.id));
  return other ? `Этот адрес уже занят (${URL_OWNER_NAMES[other.type] ?? 'страница'})` : null;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code ?? '';
  return String(code) === '23505';
}

async function imageExists(config: ContentAdminDeps['config'], file: string): Promise<boolean> {
  const full = path.resolve(config.imagesDir, file);
  if (!full.startsWith(path.resolve(config.imagesDir) + path.sep)) return false;
  return access(full).then(
    () => true,
    () => false,
  );
}

function toImageRef(file: string): ImageRef {
  return { filename: file, basename: file.replace(/\.[a-z]+$/i, '') };
}

/** Fields whose value differs, with their values before and after (for the audit log). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}

function withoutId(fields: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = fields;
  return rest;
}

const pick = <T extends Record<string, unknown>>(source: T, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((key) => key in source).map((key) => [key, source[key]]));

/** What the audit log needs of a kind of content: the prefix of its entries («slide:12») and how to read a row. */
interface AuditedKind<Row extends Record<string, unknown>> {
  entity: string;
  read: (db: Database, rowId: number) => Promise<Row | null>;
}

/**
 * One save in its own transaction: write, read the row back, log it (for an edit only the changed fields, and
 * nothing when nothing changed), then drop the cached answers. Gives the row as read after the write.
 */
async function auditedChange<Row extends Record<string, unknown>>(
  deps: ContentAdminDeps,
  kind: AuditedKind<Row>,
  options: {
    userId: number;
    action: 'content.create' | 'content.update' | 'content.delete';
    before: Row | null;
    write: (tx: Database) => Promise<number>;
  },
): Promise<Row | null> {
  const { userId, action, before } = options;
  const result = await deps.db.transaction(async (tx) => {
    const rowId = await options.write(tx);
    const after = action === 'content.delete' ? null : await kind.read(tx, rowId);
    const beforeFields = withoutId(before ?? {});
    const afterFields = withoutId(after ?? {});
    const logged =
      action === 'content.update'
        ? changedFields(beforeFields, afterFields)
        : { before: before ? beforeFields : null, after: after ? afterFields : null, changed: true };
    if (logged.changed) {
      await writeAudit(tx, {
        userId,
        action,
        entity: 'content',
        entityId: `${kind.entity}:${rowId}`,
        before: logged.before,
        after: logged.after,
      });
    }
    return after;
  });
  deps.content.invalidate();
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Articles and recipes.

type Kind = 'article' | 'recept';

function tablesOf(kind: Kind) {
  return kind === 'article'
    ? { table: articles, links: articleTags, linkId: articleTags.articleId, linkTag: articleTags.tagId }
    : { table: recipes, links: recipeTags, linkId: recipeTags.recipeId, linkTag: recipeTags.tagId };
}

type Publication = NonNullable<Awaited<ReturnType<typeof readPublication>>>;
const publicationAudit = (kind: Kind): AuditedKind<Publication> => ({
  entity: kind === 'article' ? 'article' : 'recipe',
  read: (db, itemId) => readPublication(db, kind, itemId),
});

async function listPublicationsForAdmin(db: Database, kind: Kind, query: z.infer<typeof listQuery>) {
  const { table } = tablesOf(kind);
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const byText = or(ilike(table.title, pattern), ilike(table.url, pattern));
    if (byText) conditions.push(byText);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
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
async function readPublication(db: Database, kind: Kind, itemId: number) {
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

/** Field errors for references and files that do not exist; the address is checked separately. */
async function checkPublicationReferences(deps: ContentAdminDeps, input: PublicationInput) {
  const { db } = deps;
  const errors: FieldErrors = {};
  if (input.razdel_id !== undefined) {
    const [found] = await db.select({ id: razdels.id }).from(razdels).where(eq(razdels.id, input.razdel_id));
    if (!found) errors.razdel_id = ['Такого раздела нет'];
  }
  if (input.author_id !== undefined) {
    const [found] = await db.select({ id: authors.id }).from(authors).where(eq(authors.id, input.author_id));
    if (!found) errors.author_id = ['Такого автора нет'];
  }
  if (input.tag_ids && input.tag_ids.length > 0) {
    const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, input.tag_ids));
    if (found.length !== new Set(input.tag_ids).size) errors.tag_ids = ['Среди тегов есть несуществующий'];
  }
  if (input.image && !(await imageExists(deps.config, input.image))) {
    errors.image = ['Такого файла нет в /images/'];
  }
  if (input.ingredients) {
    const wanted = input.ingredients.flatMap((line) => (line.product_id ? [line.product_id] : []));
    const known =
      wanted.length > 0
        ? await db
            .select({ id: products.id, name: products.name })
            .from(products)
            .where(inArray(products.id, wanted))
        : [];
    const names = new Map(known.map((product) => [product.id, product.name]));
    input.ingredients.forEach((line, index) => {
      if (line.product_id && !names.has(line.product_id)) {
        errors[`ingredients.${index}.product_id`] = ['Такого товара нет'];
      } else if (!line.name) {
        // A line tied to a product may leave its name empty: the product's name is used.
        if (line.product_id) line.name = names.get(line.product_id) ?? '';
        else errors[`ingredients.${index}.name`] = ['Укажите название или выберите товар'];
      }
    });
  }
  return errors;
}

/** Column values for the whitelisted fields present in the input. */
function publicationColumns(input: PublicationInput) {
  const values: Record<string, unknown> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.url !== undefined) values.url = input.url;
  if (input.razdel_id !== undefined) values.razdelId = input.razdel_id;
  if (input.author_id !== undefined) values.authorId = input.author_id;
  if (input.excerpt !== undefined) values.excerpt = input.excerpt;
  if (input.html !== undefined) values.html = sanitizeHtml(input.html);
  if (input.image !== undefined) values.image = input.image === null ? null : toImageRef(input.image);
  if (input.visible !== undefined) values.visible = input.visible;
  if (input.published_at !== undefined) values.publishedAt = new Date(input.published_at);
  if (input.html_title !== undefined) values.htmlTitle = input.html_title || null;
  if (input.meta_description !== undefined) values.metaDescription = input.meta_description || null;
  if (input.yield !== undefined) values.yield = input.yield;
  if (input.time_minutes !== undefined) values.timeMinutes = input.time_minutes;
  return values;
}

async function savePublication(
  deps: ContentAdminDeps,
  kind: Kind,
  userId: number,
  itemId: number | null,
  input: PublicationInput,
) {
  const { db } = deps;
  const before = itemId === null ? null : await readPublication(db, kind, itemId);
  if (itemId !== null && !before) throw notFound();
  const errors = await checkPublicationReferences(deps, input);
  if (input.url !== undefined) {
    const conflict = await findUrlConflict(
      db,
      input.url,
      itemId === null ? null : { type: kind, id: itemId },
    );
    if (conflict) errors.url = [conflict];
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);

  return auditedChange(deps, publicationAudit(kind), {
    userId,
    action: before === null ? 'content.create' : 'content.update',
    before,
    write: (tx) => writePublication(tx, kind, itemId, input),
  }).catch((error: unknown) => {
    // Two saves racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw invalidData({ url: ['Этот адрес уже занят'] });
    throw error;
  });
}

/** Inserts or updates the row, then replaces its tags and (for a recipe) its ingredients; returns its id. */
async function writePublication(tx: Database, kind: Kind, itemId: number | null, input: PublicationInput) {
  const { table, links, linkId } = tablesOf(kind);
  const values = publicationColumns(input);
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
    menu: row.menu,
    name: row.name,
    url: row.url,
    img: row.img,
    color: row.color,
    pos: row.pos,
  };
}

async function readSlide(db: Database, slideId: number) {
  const [row] = await db.select().from(slides).where(eq(slides.id, slideId)).limit(1);
  return row ? slideWire(row) : null;
}

async function readMenuItem(db: Database, itemId: number) {
  const [row] = await db.select().from(menuItems).where(eq(menuItems.id, itemId)).limit(1);
  return row ? menuWire(row) : null;
}

async function readStaticPage(db: Database, pageId: number) {
  const [row] = await db.select().from(staticPages).where(eq(staticPages.id, pageId)).limit(1);
  return row ? staticPageWire(row) : null;
}

/** A static page as the audit log sees it: without the time stamp that every save changes. */
async function readStaticPageFields(db: Database, pageId: number) {
  const page = await readStaticPage(db, pageId);
  if (!page) return null;
  const { updated_at: _updatedAt, ...fields } = page;
  return fields;
}

const listSlides = async (db: Database) =>
  (await db.select().from(slides).orderBy(asc(slides.pos), asc(slides.id))).map(slideWire);

const listMenu = async (db: Database, menu: (typeof MENU_NAMES)[number]) =>
  (
    await db
      .select()
      .from(menuItems)
      .where(eq(menuItems.menu, menu))
      .orderBy(asc(menuItems.pos), asc(menuItems.id))
  ).map(menuWire);

/** A kind of row the back office edits whole (a slide, a menu link, a static page) and its table. */
interface RowKind<Row extends Record<string, unknown>> extends AuditedKind<Row> {
  table: typeof slides | typeof menuItems | typeof staticPages;
}

const slideRows: RowKind<SlideView> = { table: slides, entity: 'slide', read: readSlide };
const menuRows: RowKind<MenuView> = { table: menuItems, entity: 'menu', read: readMenuItem };
const pageRows: RowKind<PageFields> = { table: staticPages, entity: 'page', read: readStaticPageFields };
type SlideView = ReturnType<typeof slideWire>;
type MenuView = ReturnType<typeof menuWire>;
type PageFields = NonNullable<Awaited<ReturnType<typeof readStaticPageFields>>>;

/** Adds a slide or a menu link; its column values are made inside the transaction, where its position is counted. */
async function createRow<Row extends Record<string, unknown>>(
  deps: ContentAdminDeps,
  kind: RowKind<Row>,
  userId: number,
  row: {
    image: string | null | undefined;
    values: (tx: Database) => Promise<typeof slides.$inferInsert | typeof menuItems.$inferInsert>;
  },
) {
  await checkImage(deps, 'img', row.image);
  return auditedChange(deps, kind, {
    userId,
    action: 'content.create',
    before: null,
    write: async (tx) => {
      const [inserted] = await tx
        .insert(kind.table)
        .values((await row.values(tx)) as typeof kind.table.$inferInsert)
        .returning({ id: kind.table.id });
      if (!inserted) throw new Error('insert returned no row');
      return inserted.id;
    },
  });
}

/** Saves the whitelisted fields of an edit: 404 for an unknown row, then the picture is checked. */
async function updateRow<Row extends Record<string, unknown>>(
  deps: ContentAdminDeps,
  kind: RowKind<Row>,
  userId: number,
  rowId: number,
  edit: {
    image?: string | null | undefined;
    /** Column values for the whitelisted fields present in the edit. */
    values: (tx: Database, before: Row) => Promise<Record<string, unknown>>;
  },
) {
  const before = await kind.read(deps.db, rowId);
  if (!before) throw notFound();
  await checkImage(deps, 'img', edit.image);
  return auditedChange(deps, kind, {
    userId,
    action: 'content.update',
    before,
    write: async (tx) => {
      const set = await edit.values(tx, before);
      if (Object.keys(set).length > 0) await tx.update(kind.table).set(set).where(eq(kind.table.id, rowId));
      return rowId;
    },
  });
}

async function deleteRow(
  deps: ContentAdminDeps,
  kind: RowKind<Record<string, unknown>>,
  userId: number,
  rowId: number,
) {
  const before = await kind.read(deps.db, rowId);
  if (!before) throw notFound();
  await auditedChange(deps, kind, {
    userId,
    action: 'content.delete',
    before,
    write: async (tx) => {
      await tx.delete(kind.table).where(eq(kind.table.id, rowId));
      return rowId;
    },
  });
}

async function checkImage(deps: ContentAdminDeps, field: string, file: string | null | undefined) {
  if (file && !(await imageExists(deps.config, file))) {
    throw invalidData({ [field]: ['Такого файла нет в /images/'] });
  }
}

/** New positions from the order the moderator arranged; the list must hold each item exactly once. */
async function reorder(
  deps: ContentAdminDeps,
  userId: number,
  target: { table: typeof slides | typeof menuItems; where?: SQL; entityId: string },
  ids: number[],
) {
  const { table } = target;
  const current = await deps.db
    .select({ id: table.id, pos: table.pos })
    .from(table)
    .where(target.where)
    .orderBy(asc(table.pos), asc(table.id));
  const known = new Set(current.map((row) => row.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((item) => !known.has(item))) {
    throw invalidData({ ids: ['Порядок должен перечислять каждый пункт ровно один раз'] });
  }
  await deps.db.transaction(async (tx) => {
    for (const [pos, itemId] of ids.entries()) {
      await tx
        .update(table)
        .set({ pos: pos + 1 })
        .where(eq(table.id, itemId));
    }
    await writeAudit(tx, {
      userId,
      action: 'content.update',
      entity: 'content',
      entityId: target.entityId,
      before: { order: current.map((row) => row.id) },
      after: { order: ids },
    });
  });
  deps.content.invalidate();
}

async function nextPos(db: Database, table: typeof slides | typeof menuItems, where?: SQL) {
  const [row] = await db
    .select({ last: max(table.pos) })
    .from(table)
    .where(where);
  return (row?.last ?? 0) + 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Routes (relative to /api/v1/admin).

export function contentAdminSection(deps: ContentAdminDeps): (scope: FastifyInstance) => void {
  const { db } = deps;
  return (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    /** Choices of the edit forms: sections, authors, tags and the menus there are. */
    routes.get('/content/options', async () => {
      const [razdelRows, authorRows, tagRows] = await Promise.all([
        db.select({ id: razdels.id, name: razdels.name }).from(razdels).orderBy(asc(razdels.pos)),
        db.select({ id: authors.id, name: authors.name }).from(authors).orderBy(asc(authors.pos)),
        db.select({ id: tags.id, name: tags.name }).from(tags).orderBy(asc(tags.name)),
      ]);
      return { razdels: razdelRows, authors: authorRows, tags: tagRows, menus: MENU_NAMES };
    });

    /** Products for a recipe's ingredient lines. */
    routes.get('/content/products', { schema: { querystring: productQuery } }, async (request) => {
      const pattern = `%${request.query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const rows = await db
        .select({ id: products.id, name: products.name, volume: products.volume })
        .from(products)
        .where(or(ilike(products.name, pattern), ilike(products.url, pattern)))
        .orderBy(asc(products.name))
        .limit(20);
      return { products: rows };
    });

    for (const [path, kind] of [
      ['articles', 'article'],
      ['recipes', 'recept'],
    ] as const) {
      const createSchema = kind === 'article' ? articleCreate : recipeCreate;
      const updateSchema = kind === 'article' ? articleUpdate : recipeUpdate;
      routes.get(`/content/${path}`, { schema: { querystring: listQuery } }, async (request) =>
        listPublicationsForAdmin(db, kind, request.query),
      );
      routes.get(`/content/${path}/:id`, { schema: { params: idParams } }, async (request) => {
        const found = await readPublication(db, kind, request.params.id);
        if (!found) throw notFound();
        return { item: found };
      });
      routes.post(`/content/${path}`, { schema: { body: createSchema } }, async (request, reply) => {
        const item = await savePublication(deps, kind, moderatorId(request), null, request.body);
        return reply.status(201).send({ item });
      });
      routes.put(
        `/content/${path}/:id`,
        { schema: { params: idParams, body: updateSchema } },
        async (request) => ({
          item: await savePublication(deps, kind, moderatorId(request), request.params.id, request.body),
        }),
      );
    }

    // Static pages: their addresses are the shop's fixed routes, so they are edited, not created or deleted.
    routes.get('/content/pages', async () => {
      const rows = await db.select().from(staticPages).orderBy(asc(staticPages.kind), asc(staticPages.url));
      return {
        items: rows.map(({ id: pageId, url, kind, title: pageTitle, updatedAt }) => ({
          id: pageId,
          url,
          kind,
          title: pageTitle,
          updated_at: updatedAt.toISOString(),
        })),
      };
    });
    routes.get('/content/pages/:id', { schema: { params: idParams } }, async (request) => {
      const found = await readStaticPage(db, request.params.id);
      if (!found) throw notFound();
      return { item: found };
    });
    routes.put(
      '/content/pages/:id',
      { schema: { params: idParams, body: staticPageUpdate } },
      async (request) => {
        const body = request.body;
        await updateRow(deps, pageRows, moderatorId(request), request.params.id, {
          values: async () => ({
            ...pick(body, ['title', 'description']),
            ...(body.html !== undefined ? { html: sanitizeHtml(body.html) } : {}),
            updatedAt: new Date(),
          }),
        });
        return { item: await readStaticPage(db, request.params.id) };
      },
    );

    routes.get('/content/slides', async () => ({ items: await listSlides(db) }));
    routes.post('/content/slides', { schema: { body: slideCreate } }, async (request, reply) => {
      const body = request.body;
      const item = await createRow(deps, slideRows, moderatorId(request), {
        image: body.img,
        values: async (tx) => ({
          img: toImageRef(body.img),
          name: body.name,
          link: body.link ?? '',
          show: body.show ?? 'all',
          color: body.color ?? '#ffffff',
          pos: await nextPos(tx, slides),
        }),
      });
      return reply.status(201).send({ item });
    });
    routes.put('/content/slides/order', { schema: { body: orderBody } }, async (request) => {
      await reorder(deps, moderatorId(request), { table: slides, entityId: 'slide:order' }, request.body.ids);
      return { items: await listSlides(db) };
    });
    routes.put(
      '/content/slides/:id',
      { schema: { params: idParams, body: slideUpdate } },
      async (request) => {
        const body = request.body;
        const item = await updateRow(deps, slideRows, moderatorId(request), request.params.id, {
          image: body.img,
          values: async () => ({
            ...pick(body, ['name', 'link', 'show', 'color']),
            ...(body.img !== undefined ? { img: toImageRef(body.img) } : {}),
          }),
        });
        return { item };
      },
    );

    routes.get('/content/menu', { schema: { querystring: menuQuery } }, async (request) => ({
      items: await listMenu(db, request.query.menu),
    }));
    routes.post('/content/menu', { schema: { body: menuCreate } }, async (request, reply) => {
      const body = request.body;
      const item = await createRow(deps, menuRows, moderatorId(request), {
        image: body.img,
        values: async (tx) => ({
          menu: body.menu,
          name: body.name,
          url: body.url,
          img: body.img ?? null,
          color: body.color ?? null,
          pos: await nextPos(tx, menuItems, eq(menuItems.menu, body.menu)),
        }),
      });
      return reply.status(201).send({ item });
    });
    routes.put('/content/menu/order', { schema: { body: menuOrderBody } }, async (request) => {
      const { menu, ids } = request.body;
      await reorder(
        deps,
        moderatorId(request),
        { table: menuItems, where: eq(menuItems.menu, menu), entityId: `menu:${menu}:order` },
        ids,
      );
      return { items: await listMenu(db, menu) };
    });
    routes.put('/content/menu/:id', { schema: { params: idParams, body: menuUpdate } }, async (request) => {
      const itemId = request.params.id;
      const body = request.body;
      const item = await updateRow(deps, menuRows, moderatorId(request), itemId, {
        image: body.img,
        values: async (tx, before) => {
          const values = pick(body, ['menu', 'name', 'url', 'img', 'color']);
          // Moved to another menu: it goes last there.
          if (body.menu !== undefined && body.menu !== before.menu) {
            const others = and(eq(menuItems.menu, body.menu), ne(menuItems.id, itemId));
            values.pos = await nextPos(tx, menuItems, others);
          }
          return values;
        },
      });
      return { item };
    });

    // Slides and menu links are deleted alike: 404 for an unknown one, else gone with an audit entry.
    for (const [path, kind] of [
      ['slides', slideRows],
      ['menu', menuRows],
    ] as const) {
      routes.delete(`/content/${path}/:id`, { schema: { params: idParams } }, async (request, reply) => {
        await deleteRow(deps, kind, moderatorId(request), request.params.id);
        return reply.status(204).send();
      });
    }
  };
}
