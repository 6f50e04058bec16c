// The back office's static pages, home slides and menu links: rows it edits whole. An edit takes only the
// whitelisted fields; each save is audited in its own transaction (content-audit.ts), then the caches dropped.
import type {
  MenuName,
  menuCreateSchema,
  menuUpdateSchema,
  slideCreateSchema,
  slideUpdateSchema,
  staticPageUpdateSchema,
} from '@efir/domain/content-admin-schemas';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import type { z } from '@efir/domain/zod-ru';
import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidData, notFound } from '../../lib/app-error.ts';
import { menuItems, slides, staticPages } from './content.table.ts';
import {
  findOrder,
  nextPos,
  type OrderedTable,
  otherMenuLinks,
  readMenuItem,
  readSlide,
  readStaticPage,
  writeOrder,
} from './content-admin.repo.ts';
import { type ContentAdminDeps, checkImage, pick, toImageRef, written } from './content-admin.service.ts';
import { type AuditedKind, auditedChange, auditedReorder } from './content-audit.ts';

/** A static page as the audit log sees it: without the time stamp that every save changes. */
async function readStaticPageFields(db: Database, pageId: number) {
  const page = await readStaticPage(db, pageId);
  if (!page) return null;
  const { updated_at: _updatedAt, ...fields } = page;
  return fields;
}

/** A kind of row the back office edits whole (a slide, a menu link, a static page) and its table. */
interface RowKind<Row extends Record<string, unknown>> extends AuditedKind<Row> {
  table: typeof slides | typeof menuItems | typeof staticPages;
}

type SlideView = NonNullable<Awaited<ReturnType<typeof readSlide>>>;
type MenuView = NonNullable<Awaited<ReturnType<typeof readMenuItem>>>;
type PageFields = NonNullable<Awaited<ReturnType<typeof readStaticPageFields>>>;
const slideRows: RowKind<SlideView> = { table: slides, entity: 'slide', read: readSlide };
const menuRows: RowKind<MenuView> = { table: menuItems, entity: 'menu', read: readMenuItem };
const pageRows: RowKind<PageFields> = { table: staticPages, entity: 'page', read: readStaticPageFields };

/** Adds a slide or a menu link; its column values are made inside the transaction, where its position is counted. */
async function createRow<Row extends Record<string, unknown>>(
  deps: ContentAdminDeps,
  kind: RowKind<Row>,
  userId: number,
  row: {
    image: string | null | undefined;
    values: (tx: Database) => Promise<typeof slides.$inferInsert | typeof menuItems.$inferInsert>;
  },
): Promise<Row> {
  await checkImage(deps, 'img', row.image);
  const created = await auditedChange(deps, kind, {
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
  return written(created);
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
): Promise<Row> {
  const before = await kind.read(deps.db, rowId);
  if (!before) throw notFound();
  await checkImage(deps, 'img', edit.image);
  const updated = await auditedChange(deps, kind, {
    userId,
    action: 'content.update',
    before,
    write: async (tx) => {
      const set = await edit.values(tx, before);
      if (Object.keys(set).length > 0) await tx.update(kind.table).set(set).where(eq(kind.table.id, rowId));
      return rowId;
    },
  });
  return written(updated);
}

/** Slides and menu links are deleted alike: 404 for an unknown one, else gone with an audit entry. */
export async function deleteRow(
  deps: ContentAdminDeps,
  what: 'slide' | 'menu',
  userId: number,
  rowId: number,
): Promise<void> {
  const kind: RowKind<Record<string, unknown>> = what === 'slide' ? slideRows : menuRows;
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

/** New positions from the order the moderator arranged; the list must hold each item exactly once. */
async function reorder(
  deps: ContentAdminDeps,
  userId: number,
  target: { table: OrderedTable; where?: SQL; entityId: string },
  ids: number[],
): Promise<void> {
  const current = await findOrder(deps.db, target.table, target.where);
  const known = new Set(current);
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((item) => !known.has(item))) {
    throw invalidData({ ids: ['Порядок должен перечислять каждый пункт ровно один раз'] });
  }
  await auditedReorder(deps, { userId, entityId: target.entityId, before: current, after: ids }, (tx) =>
    writeOrder(tx, target.table, ids),
  );
}

/** Static pages are edited, never created or deleted: their addresses are the shop's fixed routes. */
export async function updateStaticPage(
  deps: ContentAdminDeps,
  userId: number,
  pageId: number,
  body: z.infer<typeof staticPageUpdateSchema>,
) {
  await updateRow(deps, pageRows, userId, pageId, {
    values: async () => ({
      ...pick(body, ['title', 'description']),
      ...(body.html !== undefined ? { html: sanitizeHtml(body.html) } : {}),
      updatedAt: new Date(),
    }),
  });
  return written(await readStaticPage(deps.db, pageId));
}

export function createSlide(deps: ContentAdminDeps, userId: number, body: z.infer<typeof slideCreateSchema>) {
  return createRow(deps, slideRows, userId, {
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
}

export function updateSlide(
  deps: ContentAdminDeps,
  userId: number,
  slideId: number,
  body: z.infer<typeof slideUpdateSchema>,
) {
  return updateRow(deps, slideRows, userId, slideId, {
    image: body.img,
    values: async () => ({
      ...pick(body, ['name', 'link', 'show', 'color']),
      ...(body.img !== undefined ? { img: toImageRef(body.img) } : {}),
    }),
  });
}

export function reorderSlides(deps: ContentAdminDeps, userId: number, ids: number[]) {
  return reorder(deps, userId, { table: slides, entityId: 'slide:order' }, ids);
}

export function createMenuLink(
  deps: ContentAdminDeps,
  userId: number,
  body: z.infer<typeof menuCreateSchema>,
) {
  return createRow(deps, menuRows, userId, {
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
}

export function updateMenuLink(
  deps: ContentAdminDeps,
  userId: number,
  itemId: number,
  body: z.infer<typeof menuUpdateSchema>,
) {
  return updateRow(deps, menuRows, userId, itemId, {
    image: body.img,
    values: async (tx, before) => {
      const values = pick(body, ['menu', 'name', 'url', 'img', 'color']);
      // Moved to another menu: it goes last there.
      if (body.menu !== undefined && body.menu !== before.menu) {
        values.pos = await nextPos(tx, menuItems, otherMenuLinks(body.menu, itemId));
      }
      return values;
    },
  });
}

export function reorderMenu(deps: ContentAdminDeps, userId: number, menu: MenuName, ids: number[]) {
  return reorder(
    deps,
    userId,
    { table: menuItems, where: eq(menuItems.menu, menu), entityId: `menu:${menu}:order` },
    ids,
  );
}
