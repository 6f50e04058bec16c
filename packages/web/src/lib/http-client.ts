// Long on purpose: one client whose token and CSRF refresh, timeouts and error catalogue share each call's state.
// The web app's one HTTP client: contract headers, timeouts, token/CSRF refresh and the error catalogue of spec §7–§8.
import type { ErrorAnswer, FieldErrors } from '@efir/domain/error-wire';
import {
  APP_HEADER,
  APP_HEADER_VALUE,
  CSRF_COOKIE,
  CSRF_HEADER,
  DELIVERY_PATH_PREFIXES,
  MESSAGES,
  REFRESH_PATH,
  SUPPRESS_ERRORS_HEADER,
  TIMEOUTS,
  TOKEN_BLACKLISTED,
  TOKEN_ERRORS,
  TOKEN_EXPIRY_MARGIN_MS,
  type TokenError,
} from '@efir/domain/http-contract';

/**
 * What a failed call resolves to (spec §8): the status and the fields of the server's error answer (ErrorAnswer, the
 * schema every route declares) the catalogue passes on, with `error` the client's own code ('bad/data', '500'…).
 */
export interface ApiError extends Partial<ErrorAnswer> {
  status: number;
}

/** Thrown for every failed call; `detail` is the spec §8 shape. */
export class HttpError extends Error {
  readonly detail: ApiError;
  /** The server's X-Request-Id of the failed call, for the customer to quote to support. */
  readonly requestId: string | null;

  constructor(detail: ApiError, message: string, requestId: string | null = null) {
    super(message);
    this.name = 'HttpError';
    this.detail = detail;
    this.requestId = requestId;
  }
}

export interface Notice {
  type: 'error' | 'success';
  title: string;
  text: string;
  /** The failed request's id, shown under the text so the customer can quote it to support. */
  requestId?: string;
}

export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export interface Timeouts {
  default: number;
  delivery: number;
}

export interface HttpClientOptions {
  /** '' in the browser (own host); an absolute origin on the server and in tests. */
  baseUrl: string;
  fetch?: typeof fetch;
  tokenStore: TokenStore;
  getCsrfToken?: () => string | null;
  /** The app's message popup. */
  notify?: (notice: Notice) => void;
  /** Spec §4: a request flagged token-expired logs the user out. */
  onSessionExpired?: () => void;
  /** Extra headers; the SSR side forwards the visitor's cookies this way. */
  headers?: Record<string, string>;
  /** Overrides the spec §9 timeouts (tests use short ones). */
  timeouts?: Partial<Timeouts>;
}

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as-is (multipart); such a call has no timeout unless `timeoutMs` says otherwise. */
  formData?: FormData;
  /** Milliseconds; `null` means no timeout; by default chosen by `pickTimeout`. */
  timeoutMs?: number | null;
  /** Spec §7 response rule: no popup for failures, and a 200 `{ok: true, data}` resolves to `data`. */
  suppressErrors?: boolean;
  /** A caller's abort rejects with the signal's reason rather than an HttpError: cancelling is not a failure. */
  signal?: AbortSignal;
  /** fetch cannot report upload progress; kept so a caller asking for it fails to compile instead of silently. */
  onUploadProgress?: never;
}

export interface UploadOptions {
  /** Called as the file leaves the browser; `total` is 0 when the size is unknown. */
  onProgress?: (progress: { loaded: number; total: number }) => void;
  suppressErrors?: boolean;
  signal?: AbortSignal;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type HttpClient = ReturnType<typeof createHttpClient>;

interface Exchange {
  path: string;
  method: HttpMethod;
  token: string | null;
  opts: RequestOptions;
}

/** A response reduced to what the client looks at; the body is parsed JSON or undefined. */
interface Answer {
  status: number;
  body: unknown;
  /** X-Request-Id of the answer, when the server sent one. */
  requestId?: string | null;
}

const FAILED_TITLE = 'Запрос не выполнен';
const NETWORK_ERROR = 'Network Error';

/** The timeout of one call: explicit `timeoutMs` wins, uploads have none, delivery calls get the longer one. */
export function pickTimeout(
  path: string,
  opts: Pick<RequestOptions, 'timeoutMs' | 'formData'> = {},
  timeouts: Timeouts = TIMEOUTS,
): number | null {
  if (opts.timeoutMs !== undefined) return opts.timeoutMs;
  if (opts.formData) return TIMEOUTS.upload;
  const normalized = normalizePath(path);
  return DELIVERY_PATH_PREFIXES.some((prefix) => normalized.startsWith(prefix))
    ? timeouts.delivery
    : timeouts.default;
}

/** Token store for tests and the server side. */
export function createMemoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (next) => {
      token = next;
    },
  };
}

/** Browser token store under localStorage 'token'; reads `localStorage` lazily so the module is safe to load during SSR. */
export function createLocalStorageTokenStore(key = 'token'): TokenStore {
  // Storage can be missing (SSR) or throw (privacy modes); both mean "no token" rather than a crash.
  const storage = (): Storage | null => {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage;
    } catch {
      return null;
    }
  };
  return {
    get: () => {
      try {
        return storage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set: (token) => {
      try {
        if (token === null) storage()?.removeItem(key);
        else storage()?.setItem(key, token);
      } catch {
        // A token that cannot be persisted only costs a later refresh.
      }
    },
  };
}

/** The XSRF-TOKEN cookie value, or null outside the browser. */
export function readCsrfCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const pair of document.cookie.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name !== CSRF_COOKIE) continue;
    const value = rest.join('=');
    try {
      // The server URL-encodes the cookie (Laravel style), the header must carry the decoded value.
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

export function createHttpClient(options: HttpClientOptions) {
  const { tokenStore } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeouts: Timeouts = { ...TIMEOUTS, ...options.timeouts };
  let tokenRefresh: Promise<string | null> | null = null;
  let csrfRefresh: Promise<boolean> | null = null;

  /** One round trip; a failure without a response (including our timeout) becomes status 0. */
  async function exchange({ path, method, token, opts }: Exchange): Promise<Answer> {
    const headers: Record<string, string> = {
      ...options.headers,
      Accept: 'application/json',
      [APP_HEADER]: APP_HEADER_VALUE,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const csrf = options.getCsrfToken?.();
    if (csrf) headers[CSRF_HEADER] = csrf;
    if (opts.suppressErrors) headers[SUPPRESS_ERRORS_HEADER] = '1';
    let body: BodyInit | undefined;
    if (opts.formData) {
      // No Content-Type: fetch writes the multipart boundary itself.
      body = opts.formData;
    } else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }

    const controller = new AbortController();
    const timeoutMs = pickTimeout(path, opts, timeouts);
    let timedOut = false;
    const timer =
      timeoutMs === null
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs);
    const forwardAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) forwardAbort();
    else opts.signal?.addEventListener('abort', forwardAbort, { once: true });

    try {
      const response = await doFetch(toUrl(baseUrl, path), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
      // The timeout also covers reading the body, so the timer is cleared only after it.
      return {
        status: response.status,
        body: parseBody(await response.text()),
        requestId: response.headers.get('x-request-id'),
      };
    } catch (cause) {
      if (opts.signal?.aborted && !timedOut) throw opts.signal.reason;
      const reason = timedOut ? `timeout of ${timeoutMs} ms exceeded` : describe(cause);
      throw new HttpError({ status: 0, error: NETWORK_ERROR }, `${method} ${path}: ${reason}`);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  /**
   * One multipart round trip over XMLHttpRequest, which (unlike fetch) reports upload progress. The same headers as
   * `exchange`; no timeout (spec §9: the document upload has none); a failure without a response is status 0.
   */
  function exchangeWithProgress(
    { path, method, token, opts }: Exchange,
    onProgress: UploadOptions['onProgress'],
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const networkError = (reason: string) =>
        new HttpError({ status: 0, error: NETWORK_ERROR }, `${method} ${path}: ${reason}`);
      if (typeof XMLHttpRequest === 'undefined') {
        reject(networkError('XMLHttpRequest is not available here'));
        return;
      }
      if (opts.signal?.aborted) {
        reject(opts.signal.reason);
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(method, toUrl(baseUrl, path));
      xhr.withCredentials = true;
      const headers: Record<string, string> = {
        ...options.headers,
        Accept: 'application/json',
        [APP_HEADER]: APP_HEADER_VALUE,
      };
      if (token) headers.Authorization = `Bearer ${token}`;
      const csrf = options.getCsrfToken?.();
      if (csrf) headers[CSRF_HEADER] = csrf;
      if (opts.suppressErrors) headers[SUPPRESS_ERRORS_HEADER] = '1';
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

      const abort = () => xhr.abort();
      const settle = () => opts.signal?.removeEventListener('abort', abort);
      opts.signal?.addEventListener('abort', abort, { once: true });
      xhr.upload.onprogress = (event) =>
        onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      xhr.onload = () => {
        settle();
        resolve({
          status: xhr.status,
          body: parseBody(xhr.responseText),
          requestId: xhr.getResponseHeader('x-request-id'),
        });
      };
      xhr.onerror = () => {
        settle();
        reject(networkError('the connection failed'));
      };
      xhr.onabort = () => {
        settle();
        reject(opts.signal?.reason ?? networkError('aborted'));
      };
      // No Content-Type: the browser writes the multipart boundary itself.
      xhr.send(opts.formData ?? null);
    });
  }

  /** POST /refresh; concurrent callers share one in-flight refresh so a burst of expired calls costs one round trip. */
  function refreshToken(): Promise<string | null> {
    tokenRefresh ??= (async () => {
      try {
        const answer = await exchange({ path: REFRESH_PATH, method: 'POST', token: null, opts: {} });
        const token =
          isOk(answer.status) && isRecord(answer.body) && typeof answer.body.access_token === 'string'
            ? answer.body.access_token
            : '';
        if (!token) return null;
        tokenStore.set(token);
        return token;
      } catch {
        // An unreachable refresh endpoint is "no new token", same as a refused one.
        return null;
      }
    })().finally(() => {
      tokenRefresh = null;
    });
    return tokenRefresh;
  }

  /** GET /refresh re-issues the CSRF cookie; shared like the token refresh. */
  function refreshCsrf(): Promise<boolean> {
    csrfRefresh ??= exchange({ path: REFRESH_PATH, method: 'GET', token: null, opts: {} })
      .then(
        (answer) => isOk(answer.status),
        () => false,
      )
      .finally(() => {
        csrfRefresh = null;
      });
    return csrfRefresh;
  }

  /** Spec §4: a token that cannot be renewed is dropped; an expired one also ends the session. */
  function dropToken(expired: boolean): void {
    // Concurrent failures share one refresh; only the first to drop the token reports the logout.
    if (tokenStore.get() === null) return;
    tokenStore.set(null);
    if (expired) options.onSessionExpired?.();
  }

  /** Spec §9 margin: renew a token about to expire before sending rather than spending a 401 round trip. */
  async function renewExpiringToken(): Promise<void> {
    const token = tokenStore.get();
    if (!token || !isExpiring(token, Date.now())) return;
    if (!(await refreshToken())) dropToken(true);
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions = {},
    send: (exchange: Exchange) => Promise<Answer> = exchange,
  ): Promise<T> {
    await renewExpiringToken();
    let tokenRetried = false;
    let csrfRetried = false;
    for (;;) {
      const token = tokenStore.get();
      const answer = await send({ path, method, token, opts });
      if (isOk(answer.status)) return unwrap(answer, opts) as T;

      const tokenError = readTokenError(answer);
      // Refresh only when this call carried a token. A guest's 401 UNAUTHENTICATED (e.g. GET /v1/user at start-up)
      // just means "not logged in": refreshing there would fire a /refresh for every guest call, a refresh storm
      // that can never succeed for most visitors. A lost-token-but-live-cookie user simply logs in again.
      if (tokenError && token !== null && !tokenRetried) {
        tokenRetried = true;
        const current = tokenStore.get();
        // Another call may have settled the token while this one was in flight: reuse a renewed one, and don't
        // refresh again after a dropped one (that refresh already failed).
        const renewed = current === token ? await refreshToken() : current;
        if (renewed) continue;
        dropToken(tokenError === 'TOKEN_EXPIRED');
      } else if (isCsrfMismatch(answer) && !csrfRetried) {
        csrfRetried = true;
        if (await refreshCsrf()) continue;
      }
      throw fail(method, path, answer, opts);
    }
  }

  /** Maps a failed answer to spec §8, shows the popup the catalogue asks for, and returns the error to throw. */
  function fail(method: HttpMethod, path: string, answer: Answer, opts: RequestOptions): HttpError {
    const { detail, notice } = describeFailure(answer.status, answer.body);
    const requestId = answer.requestId ?? null;
    if (notice && !opts.suppressErrors) options.notify?.(requestId ? { ...notice, requestId } : notice);
    const summary = detail.error ?? detail.message ?? '';
    return new HttpError(detail, `${method} ${path}: ${detail.status} ${summary}`.trim(), requestId);
  }

  return {
    request,
    /** Where the access token lives: the session sets it after login and drops it at logout. */
    tokenStore,
    /** POST /refresh: a new access token from the refresh cookie (kept in the store), or null. */
    renewToken: refreshToken,
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
    post: <T>(path: string, opts?: RequestOptions) => request<T>('POST', path, opts),
    put: <T>(path: string, opts?: RequestOptions) => request<T>('PUT', path, opts),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
    /** POST of a multipart form with upload progress (XMLHttpRequest), the same auth, CSRF and error rules. */
    upload: <T>(path: string, formData: FormData, uploadOptions: UploadOptions = {}) =>
      request<T>(
        'POST',
        path,
        {
          formData,
          ...(uploadOptions.suppressErrors ? { suppressErrors: true } : {}),
          ...(uploadOptions.signal ? { signal: uploadOptions.signal } : {}),
        },
        (call) => exchangeWithProgress(call, uploadOptions.onProgress),
      ),
  };
}

/** The spec §8 table; pure so each row reads as one branch. */
function describeFailure(status: number, body: unknown): { detail: ApiError; notice?: Notice } {
  const { message, errors, error, title, hydr } = readErrorAnswer(body);

  if (status === 401 && isTokenError(error)) return { detail: { status, error, message } };
  if (status === 400) return { detail: { status, error: 'Bad request', errors, message, title } };
  // The router sends page 404s to /err404; anything else in the body is irrelevant.
  if (status === 404) return { detail: { status } };
  if (
    status === 422 &&
    (message === MESSAGES.invalidData || (message !== undefined && errors !== undefined))
  ) {
    // The order call adds `hydr: true` when hydrolats cannot travel the chosen way (spec §3 error fields).
    return {
      detail: { status, error: 'bad/data', errors, message, ...(hydr === undefined ? {} : { hydr }) },
    };
  }
  if (status === 429 && message === MESSAGES.tooManyAttempts) {
    return {
      detail: { status, error: MESSAGES.tooManyAttempts, message },
      notice: { type: 'error', title: FAILED_TITLE, text: 'Слишком много запросов' },
    };
  }
  if (status === 500) {
    const notice: Notice = { type: 'error', title: FAILED_TITLE, text: 'Ошибка сервера' };
    if (error === TOKEN_BLACKLISTED) return { detail: { status, error: 'auth/error/login' }, notice };
    return { detail: { status, error: '500', errors: { server: ['Server Error 500'] } }, notice };
  }
  return { detail: { status, errors, message, hydr } };
}

/**
 * The fields of an error answer that are there with their schema's type: the body of a failed call may also be a
 * proxy's HTML page, nothing at all, or an answer of another server.
 */
function readErrorAnswer(body: unknown): Partial<ErrorAnswer> {
  if (!isRecord(body)) return {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    message: text(body.message),
    error: text(body.error),
    title: text(body.title),
    errors: isRecord(body.errors) ? (body.errors as FieldErrors) : undefined,
    hydr: typeof body.hydr === 'boolean' ? body.hydr : undefined,
  };
}

/** Spec §7 response rule: a suppressed call's 200 arrives as `{ok: true, data}`. */
function unwrap(answer: Answer, opts: RequestOptions): unknown {
  const { body } = answer;
  if (opts.suppressErrors && answer.status === 200 && isRecord(body) && body.ok === true && 'data' in body) {
    return body.data;
  }
  return body;
}

function readTokenError(answer: Answer): TokenError | undefined {
  if (answer.status !== 401) return undefined;
  const { error } = readErrorAnswer(answer.body);
  return isTokenError(error) ? error : undefined;
}

function isTokenError(value: unknown): value is TokenError {
  return (TOKEN_ERRORS as readonly unknown[]).includes(value);
}

function isCsrfMismatch(answer: Answer): boolean {
  return answer.status === 419 && readErrorAnswer(answer.body).message === MESSAGES.csrfMismatch;
}

/** Reads the JWT `exp` claim without verifying (the server does that); tokens that aren't JWTs are never "expiring". */
function isExpiring(token: string, now: number): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
      c.charCodeAt(0),
    );
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!isRecord(claims) || typeof claims.exp !== 'number') return false;
    return claims.exp * 1000 - now < TOKEN_EXPIRY_MARGIN_MS;
  } catch {
    return false;
  }
}

/** Empty and non-JSON bodies count as "no body" so an HTML error page or a 204 never crashes the caller. */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function normalizePath(path: string): string {
  // The spec lists some calls without a leading slash ('api/v1/route'); they are relative to the own host's root.
  return /^https?:\/\//.test(path) || path.startsWith('/') ? path : `/${path}`;
}

function toUrl(baseUrl: string, path: string): string {
  const normalized = normalizePath(path);
  return normalized.startsWith('/') ? `${baseUrl}${normalized}` : normalized;
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // undici hides the real reason (ECONNREFUSED, socket closed) in `cause`.
  return cause.cause instanceof Error ? `${cause.message} (${cause.cause.message})` : cause.message;
}
