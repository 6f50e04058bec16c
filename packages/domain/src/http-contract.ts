// Names and messages of the wire contract shared by the server and the web client (spec §7–§8).

/** Custom header every request of our client carries (spec §7 "custom header ar"); accepted by CORS. */
export const APP_HEADER = 'ar';
export const APP_HEADER_VALUE = '1';

/**
 * The error-suppression marker of spec §7: a request carrying it gets a 200 body wrapped as `{ok: true, data}`,
 * and the client shows no popup for its failures.
 */
export const SUPPRESS_ERRORS_HEADER = 'x-suppress-errors';

/** Double-submit CSRF pair (Laravel naming, which the spec's client expects). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

export const TOKEN_ERRORS = ['TOKEN_EXPIRED', 'TOKEN_INVALID', 'UNAUTHENTICATED'] as const;
export type TokenError = (typeof TOKEN_ERRORS)[number];

export const MESSAGES = {
  invalidData: 'The given data was invalid.',
  csrfMismatch: 'CSRF token mismatch.',
  tooManyAttempts: 'Too Many Attempts.',
  serverError: 'Server Error',
  notFound: 'Not Found',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  badRequest: 'Bad Request',
  payloadTooLarge: 'Payload Too Large',
  unsupportedMediaType: 'Unsupported Media Type',
  methodNotAllowed: 'Method Not Allowed',
} as const;

/** Client timeouts of spec §9, in milliseconds. `null` means no timeout. */
export const TIMEOUTS = { default: 15_000, delivery: 30_000, upload: null } as const;

/** Paths whose calls use the 30 s delivery timeout. */
export const DELIVERY_PATH_PREFIXES = ['/api/v1/calculator/', '/api/v1/address'] as const;

/** How long before its expiry an access token is treated as expired (spec §9). */
export const TOKEN_EXPIRY_MARGIN_MS = 3_000;

/** Refresh endpoint of spec §7: POST answers `{access_token}`; GET re-issues the CSRF cookie, answers `{status: 'ok'}`. */
export const REFRESH_PATH = '/refresh';

/** Body `error` of a 500 caused by a revoked token; the client turns it into 'auth/error/login' (spec §8). */
export const TOKEN_BLACKLISTED = 'The token has been blacklisted';

/**
 * «В корзину» as a plain form (decision 044): where a browser without the app's scripts posts it (fields in
 * cart-wire.ts: cartFormSchema), and the cart page the answer's 303 opens. Here, not beside the schema, so the web's
 * first scripts get the path without zod.
 */
export const CART_FORM_PATH = '/my-cart/add';
export const CART_PAGE_PATH = '/my-cart';
/** The query the form's answer adds to the cart page when the product sold out (or was withdrawn) meanwhile. */
export const CART_FORM_SOLD_OUT = 'net-v-nalichii';
