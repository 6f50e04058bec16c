// Session, cart summary, critical data and UI state of one running app (one per browser tab, one per server render).
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface SessionUser {
  id: number;
  name: string;
  fam: string;
  email: string;
  tel: string;
  avatar: { type: 'photo' | 'other'; photo: string | null };
  skidka: number;
  [field: string]: unknown;
}

export interface CartLineSummary {
  id: number;
  quantity: number;
  cena: number;
  cena_st: number;
  katGlobal: number;
  url: string;
}

export interface CartSummary {
  lines: CartLineSummary[];
  /** Total in whole roubles as the server computed it. */
  total: number;
  count: number;
}

export interface CatalogEntry {
  id: number;
  id_kat: number;
  name: string;
  url: string;
  pos: number;
  top: 0 | 1;
  foto: string | null;
  foto_main: { filename: string; basename: string } | null;
  webp: string | null;
}

export interface MenuLink {
  name: string;
  url: string;
  img: string | null;
  color: string | null;
}

export interface Slide {
  id: number;
  img: { filename: string; basename: string };
  name: string;
  link: string;
  show: 'all' | 'reg' | 'guest';
  color: string;
}

export interface CriticalData {
  catalogs: CatalogEntry[];
  categories: CatalogEntry[];
  subCatalog: Record<string, CatalogEntry[]>;
  slider: Slide[];
  sidebar: MenuLink[];
  authors: unknown[];
  collection: unknown[];
  razdels: unknown[];
  tags: unknown[];
  menus: Record<string, MenuLink[]>;
}

export interface Notice {
  id: number;
  type: 'error' | 'success';
  title: string;
  text: string;
}

/** What the start-up loads before the router is built (spec §1), embedded in the server-rendered page. */
export interface Bootstrap {
  user: SessionUser | null;
  cart: CartSummary;
  critical: CriticalData;
}

export interface AppState extends Bootstrap {
  /** Filter options, loaded at start-up without being awaited. */
  filters: Record<string, unknown>;
  notices: Notice[];
  mobileMenuOpen: boolean;
  setUser(user: SessionUser | null): void;
  setCart(cart: CartSummary): void;
  setFilters(kind: string, options: unknown): void;
  showNotice(notice: Omit<Notice, 'id'>): void;
  dismissNotice(id: number): void;
  setMobileMenuOpen(open: boolean): void;
  /** Spec §4: logout clears checkout data, addresses and pickup points, and resets the user. */
  resetSession(): void;
}

export type AppStore = StoreApi<AppState>;

export const EMPTY_CART: CartSummary = { lines: [], total: 0, count: 0 };

export const EMPTY_CRITICAL: CriticalData = {
  catalogs: [],
  categories: [],
  subCatalog: {},
  slider: [],
  sidebar: [],
  authors: [],
  collection: [],
  razdels: [],
  tags: [],
  menus: {},
};

let nextNoticeId = 1;

export function createAppStore(bootstrap: Bootstrap): AppStore {
  return createStore<AppState>()((set) => ({
    ...bootstrap,
    filters: {},
    notices: [],
    mobileMenuOpen: false,
    setUser: (user) => set({ user }),
    setCart: (cart) => set({ cart }),
    setFilters: (kind, options) => set((state) => ({ filters: { ...state.filters, [kind]: options } })),
    showNotice: (notice) =>
      set((state) => ({ notices: [...state.notices, { ...notice, id: nextNoticeId++ }] })),
    dismissNotice: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
    setMobileMenuOpen: (mobileMenuOpen) => set({ mobileMenuOpen }),
    resetSession: () => set({ user: null, cart: EMPTY_CART }),
  }));
}
