// The back office's «Контент» rules for articles and recipes: addresses unique across everything the router resolves
// and never one of the shop's fixed pages, references and pictures that exist, rich text through the one sanitiser,
// only whitelisted fields written; each save audited in its own transaction (content-audit.ts), then the caches
// dropped. The picture and field helpers here serve content-rows.service.ts too.
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { PublicationInput } from '@efir/domain/content-admin-schemas';
import {
  ACCOUNT_PAGES,
  GUEST_ONLY_URLS,
  LEGAL_PAGE_URLS,
  NOT_FOUND_URL,
  STATIC_PAGE_URLS,
} from '@efir/domain/routes';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type FieldErrors, invalidData, notFound } from '../../lib/app-error.ts';
import type { ImageRef } from '../catalog/catalog.table.ts';
import type { ContentService } from './content.service.ts';
import {
  findProductNames,
  findReferences,
  findUrlOwners,
  readPublication,
  writePublication,
} from './content-admin.repo.ts';
import { type AuditedKind, auditedChange } from './content-audit.ts';
import type { PublicationKind } from './publications.repo.ts';

export interface ContentAdminDeps {
  db: Database;
  content: Pick<ContentService, 'invalidate'>;
  config: Pick<Config, 'imagesDir'>;
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses, pictures.

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
  self: { type: PublicationKind; id: number } | null,
): Promise<string | null> {
  if (RESERVED_URLS.has(url) || RESERVED_PREFIXES.some((prefix) => url.startsWith(prefix))) {
    return 'Этот адрес занят страницей магазина';
  }
  const owners = await findUrlOwners(db, url);
  const other = owners.find((row) => !(self && row.type === self.type && row.id === self.id));
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

export async function checkImage(deps: ContentAdminDeps, field: string, file: string | null | undefined) {
  if (file && !(await imageExists(deps.config, file))) {
    throw invalidData({ [field]: ['Такого файла нет в /images/'] });
  }
}

export function toImageRef(file: string): ImageRef {
  return { filename: file, basename: file.replace(/\.[a-z]+$/i, '') };
}

export const pick = <T extends Record<string, unknown>>(source: T, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((key) => key in source).map((key) => [key, source[key]]));

/** A row just written and read back in the same transaction is there. */
export function written<Row>(row: Row | null): Row {
  if (!row) throw new Error('the saved row could not be read back');
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Articles and recipes.

type Publication = NonNullable<Awaited<ReturnType<typeof readPublication>>>;
const publicationAudit = (kind: PublicationKind): AuditedKind<Publication> => ({
  entity: kind === 'article' ? 'article' : 'recipe',
  read: (db, itemId) => readPublication(db, kind, itemId),
});

export async function getPublication(db: Database, kind: PublicationKind, itemId: number) {
  const found = await readPublication(db, kind, itemId);
  if (!found) throw notFound();
  return found;
}

/** Field errors for references and files that do not exist; the address is checked separately. */
async function checkPublicationReferences(deps: ContentAdminDeps, input: PublicationInput) {
  const errors: FieldErrors = {};
  const found = await findReferences(deps.db, {
    razdelId: input.razdel_id,
    authorId: input.author_id,
    tagIds: input.tag_ids,
  });
  if (found.razdel === false) errors.razdel_id = ['Такого раздела нет'];
  if (found.author === false) errors.author_id = ['Такого автора нет'];
  if (input.tag_ids && found.tagIds.length !== new Set(input.tag_ids).size) {
    errors.tag_ids = ['Среди тегов есть несуществующий'];
  }
  if (input.image && !(await imageExists(deps.config, input.image))) {
    errors.image = ['Такого файла нет в /images/'];
  }
  if (input.ingredients) {
    const wanted = input.ingredients.flatMap((line) => (line.product_id ? [line.product_id] : []));
    const names = await findProductNames(deps.db, wanted);
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

/** Creates (itemId null) or edits an article or a recipe; gives it as the edit form shows it. */
export async function savePublication(
  deps: ContentAdminDeps,
  kind: PublicationKind,
  userId: number,
  itemId: number | null,
  input: PublicationInput,
): Promise<Publication> {
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

  const saved = await auditedChange(deps, publicationAudit(kind), {
    userId,
    action: before === null ? 'content.create' : 'content.update',
    before,
    write: (tx) => writePublication(tx, kind, itemId, publicationColumns(input), input),
  }).catch((error: unknown) => {
    // Two saves racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw invalidData({ url: ['Этот адрес уже занят'] });
    throw error;
  });
  return written(saved);
}
