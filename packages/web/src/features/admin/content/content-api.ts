// What the «Контент» section reads and writes under /api/v1/admin/content (see server content-admin.ts).

/** Where the section lives in the browser. */
export const CONTENT_BASE = '/admin/content';

export type PublicationKind = 'articles' | 'recipes';

export const KIND_TITLES: Record<PublicationKind, { list: string; created: string; createdNotice: string }> =
  {
    articles: { list: 'Статьи', created: 'Новая статья', createdNotice: 'Статья создана' },
    recipes: { list: 'Рецепты', created: 'Новый рецепт', createdNotice: 'Рецепт создан' },
  };

export interface PublicationRow {
  id: number;
  title: string;
  url: string;
  visible: boolean;
  published_at: string;
  razdel: string | null;
  author: string | null;
}

export interface PublicationPage {
  items: PublicationRow[];
  total: number;
  page: number;
  pages: number;
}

export interface Ingredient {
  product_id: number | null;
  name: string;
  amount: string;
  product_name?: string | null;
  product_volume?: string | null;
}

export interface Publication {
  id: number;
  title: string;
  url: string;
  razdel_id: number;
  author_id: number;
  tag_ids: number[];
  excerpt: string;
  html: string;
  image: string | null;
  visible: boolean;
  published_at: string;
  html_title: string | null;
  meta_description: string | null;
  /** Recipes only. */
  yield?: string;
  time_minutes?: number;
  ingredients?: Ingredient[];
}

export interface ContentOptions {
  razdels: Array<{ id: number; name: string }>;
  authors: Array<{ id: number; name: string }>;
  tags: Array<{ id: number; name: string }>;
  menus: MenuName[];
}

export interface StaticPageRow {
  id: number;
  url: string;
  kind: 'static' | 'legal';
  title: string;
  updated_at: string;
}

export interface StaticPage extends StaticPageRow {
  description: string;
  html: string;
}

export type Audience = 'all' | 'reg' | 'guest';

export const AUDIENCES: Record<Audience, string> = {
  all: 'Всем',
  reg: 'Вошедшим в кабинет',
  guest: 'Гостям',
};

export interface SlideItem {
  id: number;
  img: string;
  name: string;
  link: string;
  show: Audience;
  color: string;
  pos: number;
}

export type MenuName = 'articles' | 'top' | 'more' | 'footer' | 'legal';

export const MENU_TITLES: Record<MenuName, string> = {
  articles: 'Статьи в меню каталога',
  top: 'Верхняя строка',
  more: 'Список «Ещё»',
  footer: 'Подвал',
  legal: 'Правовые ссылки',
};

export interface MenuItem {
  id: number;
  menu: MenuName;
  name: string;
  url: string;
  img: string | null;
  color: string | null;
  pos: number;
}

/** Date the Russian way, without time: «21.11.2026». */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });
}

/** A new order with the item at `index` moved one step up (-1) or down (+1). */
export function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const next = [...items];
  const target = index + step;
  if (target < 0 || target >= next.length) return next;
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}
