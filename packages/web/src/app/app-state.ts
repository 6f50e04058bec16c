// Session, cart summary, critical data and UI state of one running app (one per browser tab, one per server render).
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface UserAddress {
  id: number;
  city: string;
  street: string;
  house: string;
  flat: string;
  zip: string;
  comment: string;
}

/** A saved pickup point: the carrier's code and the delivery kind (spec §3 type). */
export interface UserPickupPoint {
  id: number;
  code: string;
  type: number;
  name: string;
  address: string;
}

/** Spec §3 User as GET /v1/user answers it; `normalizeUser` (app/session.ts) fills what an answer lacks. */
export interface SessionUser {
  id: number;
  name: string;
  fam: string;
  email: string;
  tel: string;
  avatar: { type: 'photo' | 'other'; photo: string | null };
  skidka: number;
  /** ISO date (YYYY-MM-DD) or null. */
  birthday: string | null;
  mailings: boolean;
  telegram: { linked: boolean };
  favProducts: number[];
  favRecepts: number[];
  favArticles: number[];
  waitlist: number[];
  addresses: UserAddress[];
  pvz: UserPickupPoint[];
  [field: string]: unknown;
}

/** Checkout form and delivery choices of spec §3, kept while the visitor moves between the checkout steps. */
export interface CheckoutDraft {
  form?: Partial<Record<'id' | 'name' | 'fam' | 'email' | 'tel', string | number>>;
  delivery?: Record<string, unknown>;
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
  /**
   * The server render saw the session-hint cookie: this browser has a session, but its token lives in local
   * storage, so only the browser can load the user. Account pages render a loading frame for it meanwhile.
   */
  sessionHint?: boolean;
}

export interface AppState extends Bootstrap {
  /** Filter options, loaded at start-up without being awaited. */
  filters: Record<string, unknown>;
  notices: Notice[];
  mobileMenuOpen: boolean;
  /**
   * True while the browser is still finding out who the hinted session belongs to (and on the server, which
   * never can): neither guest nor logged in yet. Guards wait for it instead of redirecting too early.
   */
  sessionPending: boolean;
  /** Checkout data of the current session; the checkout feature fills it, logout clears it (spec §4). */
  checkout: CheckoutDraft | null;
  /** Logged in: the user as GET /v1/user gave it; null ends the pending state too. */
  setUser(user: SessionUser | null): void;
  /** Merges fields the server confirmed (favourites, profile, addresses…) into the logged-in user. */
  updateUser(patch: Partial<SessionUser>): void;
  setSessionPending(pending: boolean): void;
  setCheckout(checkout: CheckoutDraft | null): void;
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
    sessionHint: bootstrap.sessionHint ?? false,
    sessionPending: bootstrap.user === null && bootstrap.sessionHint === true,
    checkout: null,
    filters: {},
    notices: [],
    mobileMenuOpen: false,
    setUser: (user) => set({ user, sessionPending: false }),
    updateUser: (patch) => set((state) => (state.user ? { user: { ...state.user, ...patch } } : {})),
    setSessionPending: (sessionPending) => set({ sessionPending }),
    setCheckout: (checkout) => set({ checkout }),
    setCart: (cart) => set({ cart }),
    setFilters: (kind, options) => set((state) => ({ filters: { ...state.filters, [kind]: options } })),
    showNotice: (notice) =>
      set((state) => ({ notices: [...state.notices, { ...notice, id: nextNoticeId++ }] })),
    dismissNotice: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
    setMobileMenuOpen: (mobileMenuOpen) => set({ mobileMenuOpen }),
    // Addresses and pickup points live in the user, so dropping the user clears them too.
    resetSession: () =>
      set({ user: null, sessionPending: false, sessionHint: false, cart: EMPTY_CART, checkout: null }),
  }));
}
