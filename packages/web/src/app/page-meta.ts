// Title, description and canonical of a page: rendered into <head> on the server, kept in sync on the client.
import { SHOP } from '@efir/domain/shop-info';

export interface PageMeta {
  title: string;
  description?: string;
  /** Keeps the page out of search results (account, cart, errors). */
  noindex?: boolean;
  ogType?: 'website' | 'article' | 'product';
  image?: string;
}

export interface RouteHandle {
  meta?: (data: unknown) => PageMeta;
}

interface MatchLike {
  route: { id: string; handle?: unknown };
}

export const DEFAULT_DESCRIPTION =
  'Натуральные эфирные масла, гидролаты и базовые масла с проверкой качества, рецепты домашней косметики, статьи и школа ароматерапии в Москве и онлайн.';

/** The deepest route that knows its meta wins. */
export function collectMeta(matches: readonly MatchLike[], loaderData: Record<string, unknown>): PageMeta {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta(loaderData[match.route.id]);
  }
  return { title: SHOP.slogan };
}

export function formatTitle(meta: PageMeta): string {
  return meta.title === SHOP.slogan ? `${SHOP.name} — ${SHOP.slogan}` : `${meta.title} — ${SHOP.name}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <head> tags of a server-rendered page. */
export function renderHeadTags(meta: PageMeta, canonicalUrl: string): string {
  const title = escapeAttribute(formatTitle(meta));
  const description = escapeAttribute(meta.description ?? DEFAULT_DESCRIPTION);
  const canonical = escapeAttribute(canonicalUrl);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${canonical}" />`,
    `<meta property="og:site_name" content="${SHOP.name}" />`,
    `<meta property="og:locale" content="ru_RU" />`,
    `<meta property="og:type" content="${meta.ogType ?? 'website'}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${canonical}" />`,
  ];
  if (meta.image) {
    const image = new URL(meta.image, canonicalUrl).href;
    tags.push(`<meta property="og:image" content="${escapeAttribute(image)}" />`);
  }
  if (meta.noindex) tags.push('<meta name="robots" content="noindex, follow" />');
  return tags.join('\n    ');
}
