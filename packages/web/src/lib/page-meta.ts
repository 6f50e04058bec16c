// Title, description and canonical of a page: rendered into <head> on the server, kept in sync on the client.
import { SHOP } from '@efir/domain/shop-info';

/** The shop's picture for link previews of a page without one of its own (packages/web/public). */
export const DEFAULT_SHARE_IMAGE = '/og-default.png';

export interface PageMeta {
  title: string;
  description?: string;
  /** Keeps the page out of search results (account, cart, errors). */
  noindex?: boolean;
  ogType?: 'website' | 'article' | 'product';
  image?: string;
  /**
   * A listing's page past the first (?page=2): its own canonical address, and its number in the title and
   * description, so search engines see each page as a page of its own rather than a copy of the first.
   */
  page?: number;
}

export interface RouteHandle {
  meta?: (data: unknown) => PageMeta;
}

interface MatchLike {
  route: { id: string; handle?: unknown };
}

export const DEFAULT_DESCRIPTION =
  'Натуральные эфирные масла, гидролаты и базовые масла с проверкой качества, рецепты домашней косметики, статьи и школа ароматерапии в Москве и онлайн.';

/**
 * The deepest route that knows its meta wins. When a loader failed (a 404), the route whose error boundary renders
 * the error is the deepest: the failed route's own meta would describe a page that is not there.
 */
export function collectMeta(
  matches: readonly MatchLike[],
  loaderData: Record<string, unknown>,
  errors: Record<string, unknown> | null = null,
): PageMeta {
  const boundary = errors ? matches.findIndex((match) => match.route.id in errors) : -1;
  for (let index = boundary >= 0 ? boundary : matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta(loaderData[match.route.id]);
  }
  return { title: SHOP.slogan };
}

const pageSuffix = (meta: PageMeta) => (meta.page && meta.page > 1 ? ` — страница ${meta.page}` : '');

// A one-word title («Контакты», «Помощь») says nothing in search results without the shop's trade.
const SHORT_TITLE = 24;
const SHORT_TITLE_TAIL = ' — магазин эфирных масел в Москве';

/** The shop's name as the owner set it (critical.shop, decision 060); the home page's title is its slogan. */
export interface TitleShop {
  name: string;
  slogan: string;
}

export function formatTitle(meta: PageMeta, shop: TitleShop = SHOP): string {
  return meta.title === SHOP.slogan || meta.title === shop.slogan
    ? `${shop.name} — ${shop.slogan}, интернет-магазин в Москве`
    : `${meta.title}${meta.title.length < SHORT_TITLE && !meta.noindex ? SHORT_TITLE_TAIL : ''}${pageSuffix(meta)} | ${shop.name}`;
}

export function formatDescription(meta: PageMeta): string {
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const suffix = pageSuffix(meta);
  return suffix ? `${description.replace(/[\s.]+$/, '')}${suffix}.` : description;
}

/** The page's canonical path: the address without its query, but for a listing's page number. */
export function canonicalPath(pathname: string, meta: PageMeta): string {
  return meta.page && meta.page > 1 ? `${pathname}?page=${meta.page}` : pathname;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <head> tags of a server-rendered page. */
export function renderHeadTags(meta: PageMeta, canonicalUrl: string, shop: TitleShop = SHOP): string {
  const title = escapeAttribute(formatTitle(meta, shop));
  const description = escapeAttribute(formatDescription(meta));
  const canonical = escapeAttribute(canonicalUrl);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${canonical}" />`,
    `<meta property="og:site_name" content="${escapeAttribute(shop.name)}" />`,
    `<meta property="og:locale" content="ru_RU" />`,
    `<meta property="og:type" content="${meta.ogType ?? 'website'}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${canonical}" />`,
  ];
  // Every page has a picture for link previews: its own, or the shop's.
  const image = new URL(meta.image ?? DEFAULT_SHARE_IMAGE, canonicalUrl).href;
  tags.push(`<meta property="og:image" content="${escapeAttribute(image)}" />`);
  if (!meta.image)
    tags.push(
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
    );
  if (meta.noindex) tags.push('<meta name="robots" content="noindex, follow" />');
  return tags.join('\n    ');
}
