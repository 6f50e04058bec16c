// Session, cart, critical data and UI state of one running app (one per browser tab, one per server render).

import type { UserWire } from '@efir/domain/account-schemas';
import { emptyCart } from '@efir/domain/cart-math';
import type { CartAnswer } from '@efir/domain/cart-wire';
import type { CriticalData, PublicationFacets } from '@efir/domain/catalog-wire';
import type { DeliveryFormInput } from '@efir/domain/delivery-rules';
import { DEFAULT_PUBLIC_SHOP } from '@efir/domain/shop-defaults';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Spec §3 User as GET /v1/user answers it (domain/account-schemas.ts). */
export type SessionUser = UserWire;

/** The checkout steps of spec §2 in their order. */
export const CHECKOUT_STEPS = ['delivery', 'pay', 'info', 'check'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** What the address fields of the checkout hold while the buyer types (the Delivery form gets only a whole address). */
export interface AddressInput {
  city: string;
  street: string;
  house: string;
  flat: string;
  zip: string;
  comment: string;
}

/** The price of the chosen way of delivery as the calculator last quoted it (shown until the server's own total). */
export interface DeliveryQuoteDraft {
  price: number | null;
  priceText: string;
  term: string | null;
  tarifName: string | null;
}

/**
 * Checkout form and delivery choices of spec §3, kept while the visitor moves between the checkout steps (and, in
 * the browser, in session storage, so a reload keeps them). Logout clears them (spec §4).
 */
export interface CheckoutDraft {
  /** The Checkout form: id, name, fam, email, tel. */
  form: { id?: number | null; name: string; fam: string; email: string; tel: string };
  /** The Delivery form; `type` is the method and `sposob_dost` the kind (docs/decisions/005). */
  delivery: DeliveryFormInput;
  /** The new address as typed; `delivery.addressNew` holds it only once it is a whole address. */
  addressInput: AddressInput;
  quote: DeliveryQuoteDraft | null;
  /** Steps the buyer has confirmed with «Далее». */
  passed: CheckoutStep[];
  /** The order's idempotency key: one per checkout, so a double click or a retry returns the same order. */
  key: string | null;
  /** With «Картой онлайн»: a card or СБП, asked for right after the order is placed. */
  onlineMethod?: 'bank_card' | 'sbp';
  /** Whom each gift certificate of the cart is for, one per certificate unit in line order (decision 049). */
  recipients?: CertificateRecipientDraft[];
}

/** A certificate's recipient as typed at checkout; `sendAt` is the form's local date-time, Moscow time. */
export interface CertificateRecipientDraft {
  name: string;
  email: string;
  message: string;
  when: 'now' | 'later';
  sendAt: string;
}

/** The whole cart as GET /v1/cart answers it (spec §3 Cart), totals as the server computed them. */
export type CartData = CartAnswer['cart'] & Omit<CartAnswer, 'cart' | 'message'>;

// The critical data of GET /api/v1/critical, as its response schema declares it (domain/catalog-wire.ts).
export type { CatalogEntry, CriticalData, MenuLink, Slide } from '@efir/domain/catalog-wire';

/** The lists whose filter options the start-up loads; also the last part of their calls' paths. */
export type FilterSource = 'articles' | 'recepts';

export interface Notice {
  id: number;
  type: 'error' | 'success';
  title: string;
  text: string;
  /** A link under the text, e.g. «Перейти в корзину». */
  action?: { to: string; label: string };
  /** The failed request's id (X-Request-Id), for the customer to quote to support. */
  requestId?: string;
}

/** What the start-up loads before the router is built (spec §1), embedded in the server-rendered page. */
export interface Bootstrap {
  user: SessionUser | null;
  cart: CartData;
  critical: CriticalData;
  /**
   * The server render saw the session-hint cookie: this browser has a session. When the render could not read
   * the refresh cookie too (a navigation from another site), only the browser can load the user; account pages
   * render a loading frame for it meanwhile.
   */
  sessionHint?: boolean;
}

export interface AppState extends Bootstrap {
  /** Options of the article and recipe filters (GET /api/v1/filter/…), loaded at start-up without being awaited. */
  filters: Partial<Record<FilterSource, PublicationFacets>>;
  notices: Notice[];
  mobileMenuOpen: boolean;
  /**
   * True while the browser is still finding out who the hinted session belongs to (and on the server, which
   * never can): neither guest nor logged in yet. Guards wait for it instead of redirecting too early.
   */
  sessionPending: boolean;
  /**
   * True while the browser is still loading the cart a page should show: a logged-in visitor's cart comes after
   * hydration (the server render sees only the guest's), and after a login the guest's cart merges into the user's.
   */
  cartPending: boolean;
  /** Checkout data of the current session; the checkout feature fills it, logout clears it (spec §4). */
  checkout: CheckoutDraft | null;
  /** Logged in: the user as GET /v1/user gave it; null ends the pending state too. */
  setUser(user: SessionUser | null): void;
  /** Merges fields the server confirmed (favourites, profile, addresses…) into the logged-in user. */
  updateUser(patch: Partial<SessionUser>): void;
  setSessionPending(pending: boolean): void;
  setCheckout(checkout: CheckoutDraft | null): void;
  setCart(cart: CartData): void;
  setCartPending(pending: boolean): void;
  setFilters(kind: FilterSource, options: PublicationFacets): void;
  showNotice(notice: Omit<Notice, 'id'>): void;
  dismissNotice(id: number): void;
  setMobileMenuOpen(open: boolean): void;
  /** Spec §4: logout clears checkout data, addresses and pickup points, and resets the user. */
  resetSession(): void;
}

export type AppStore = StoreApi<AppState>;

export const EMPTY_CART: CartData = {
  ...emptyCart(),
  version: '',
  code: null,
  hydr: false,
  reco: [],
  notices: [],
};

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
  shop: DEFAULT_PUBLIC_SHOP,
};

let nextNoticeId = 1;

export function createAppStore(bootstrap: Bootstrap): AppStore {
  return createStore<AppState>()((set) => ({
    ...bootstrap,
    sessionHint: bootstrap.sessionHint ?? false,
    sessionPending: bootstrap.user === null && bootstrap.sessionHint === true,
    cartPending: bootstrap.user === null && bootstrap.sessionHint === true,
    checkout: null,
    filters: {},
    notices: [],
    mobileMenuOpen: false,
    setUser: (user) => set({ user, sessionPending: false }),
    updateUser: (patch) => set((state) => (state.user ? { user: { ...state.user, ...patch } } : {})),
    setSessionPending: (sessionPending) => set({ sessionPending }),
    setCheckout: (checkout) => set({ checkout }),
    setCart: (cart) => set({ cart, cartPending: false }),
    setCartPending: (cartPending) => set({ cartPending }),
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
