// What the «Контент» section reads and writes under /api/v1/admin/content: the answers' types come from their
// schemas in @efir/domain/content-admin-schemas (the server's routes name the same ones).
import type {
  ContentOptions,
  IngredientAnswer,
  MenuItem,
  MenuName,
  Publication,
  PublicationPage,
  Slide,
  StaticPage,
  StaticPageRow,
} from '@efir/domain/content-admin-schemas';

export type {
  ContentOptions,
  MenuItem,
  MenuName,
  Publication,
  PublicationPage,
  Slide as SlideItem,
  StaticPage,
  StaticPageRow,
};

/** Where the section lives in the browser. */
export const CONTENT_BASE = '/admin/content';

export type PublicationKind = 'articles' | 'recipes';

export const KIND_TITLES: Record<PublicationKind, { list: string; created: string; createdNotice: string }> =
  {
    articles: { list: 'Статьи', created: 'Новая статья', createdNotice: 'Статья создана' },
    recipes: { list: 'Рецепты', created: 'Новый рецепт', createdNotice: 'Рецепт создан' },
  };

/** An ingredient line as the form holds it: a new line has no product name yet. */
export type Ingredient = Omit<IngredientAnswer, 'product_name' | 'product_volume'> &
  Partial<Pick<IngredientAnswer, 'product_name' | 'product_volume'>>;

export type Audience = Slide['show'];

export const AUDIENCES: Record<Audience, string> = {
  all: 'Всем',
  reg: 'Вошедшим в кабинет',
  guest: 'Гостям',
};

export const MENU_TITLES: Record<MenuName, string> = {
  articles: 'Статьи в меню каталога',
  top: 'Верхняя строка',
  more: 'Список «Ещё»',
  footer: 'Подвал',
  legal: 'Правовые ссылки',
};

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
