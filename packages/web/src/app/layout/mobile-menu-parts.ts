// What the mobile menu (mobile-menu.tsx) and its lazily loaded drawer (mobile-menu-drawer.tsx) share: its own file,
// so the drawer's chunk does not import the menu that loads it.
import type { CatalogEntry } from '../../lib/app-state.ts';

export const MAIN_SECTIONS = [
  { name: 'Обучение', url: '/seminar_po_aromatherapy.html' },
  { name: 'Рецепты', url: '/recept.html' },
  { name: 'Статьи', url: '/articles-new.html' },
] as const;

export interface DrawerState {
  /** Sliding out: shown for MOBILE_MENU_CLOSE_MS after the menu was closed, then gone. */
  closing: boolean;
  section: 'menu' | 'catalog';
  setSection(section: 'menu' | 'catalog'): void;
  parent: CatalogEntry | null;
  setParent(parent: CatalogEntry | null): void;
}
