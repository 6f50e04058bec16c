// Long on purpose: template, assets and in-process fetch of the one page renderer; its helpers are tested one by one.
// Server-side rendering of every page that is not an API call; API calls made while rendering stay in-process.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorAnswer } from '@efir/domain/error-wire';
import { MESSAGES } from '@efir/domain/http-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { answerNotModified, etagOf } from '../lib/conditional-get.ts';
import { createGate } from '../lib/gate.ts';
import {
  compressFirst,
  isGuestRequest,
  type PageCache,
  pickPageEncoding,
  type RenderedPage,
} from './page-cache.ts';
import type { RenderReads } from './render-reads.ts';
import { buildPageCsp, createCspNonce } from './security.ts';

/** What packages/web/src/entry-server.tsx exports. */
export interface RenderModule {
  render(input: {
    url: string;
    forwardHeaders: Record<string, string>;
    fetch: typeof fetch;
    origin: string;
    nonce: string | null;
    /** The visitor's access token when the server knows who they are: the render's API calls are theirs. */
    accessToken: string | null;
  }): Promise<
    | { type: 'redirect'; status: number; location: string }
    | { type: 'page'; status: number; head: string; html: string; data: string; modules?: string[] }
  >;
}

/** The parts of Vite's client build manifest (dist/client/.vite/manifest.json) that preloading needs. */
export type ClientManifest = Record<
  string,
  { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

/** What a page needs from the client build: its stylesheets in cascade order and the page chunks to preload. */
export interface PageAssets {
  /** The entry's stylesheets (the template links them), then those of the page's modules. */
  styles: string[];
  /** The chunks of the page's modules that the entry does not load anyway. */
  chunks: string[];
}

/**
 * Resolves the page modules a render used (manifest keys) to their assets: the page's stylesheets, so the page is
 * styled without a flash, and its chunks, so the browser fetches them alongside the entry instead of after it.
 */
export function createPageAssets(manifest: ClientManifest): (moduleIds: readonly string[]) => PageAssets {
  const closure = (keys: readonly string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entryKeys = closure(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const entryCss = [...new Set([...entryKeys].flatMap((key) => manifest[key]?.css ?? []))];
  return (moduleIds) => {
    const keys = [...closure(moduleIds)].filter((key) => !entryKeys.has(key));
    const pageCss = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))].filter(
      (file) => !entryCss.includes(file),
    );
    return {
      styles: [...entryCss, ...pageCss],
      chunks: keys.map((key) => manifest[key]?.file ?? ''),
    };
  };
}

/** A stylesheet that refers to files next to it cannot move into the page (its URLs would resolve elsewhere). */
const RELATIVE_URL = /url\((?![\s'"]*(?:data:|\/|https?:))/i;

/**
 * The build's stylesheets that can be inlined, by file: a page then renders without waiting for a stylesheet
 * request (the first paint on a slow mobile link is a round trip earlier).
 */
export function readInlineStyles(manifest: ClientManifest, clientDir: string): Map<string, string> {
  const files = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  const styles = new Map<string, string>();
  for (const file of files) {
    const css = readFileSync(path.join(clientDir, file), 'utf8');
    // `</style` inside the CSS (a string or comment) would end the element early.
    if (!RELATIVE_URL.test(css)) styles.set(file, css.replace(/<\/(style)/gi, '<\\/$1'));
  }
  return styles;
}

/**
 * The page's stylesheets as tags: inlined when the text is at hand, else linked. An inlined sheet keeps a
 * disabled link to its file (never fetched nor applied): Vite's loader of page chunks (`__vitePreload`) looks
 * for `link[href="…"][rel="stylesheet"]` before appending a sheet, so it does not load the same CSS again later
 * in the cascade when the page's code loads for hydration or a client-side navigation.
 */
export function renderStyleTags(files: readonly string[], inline: ReadonlyMap<string, string>): string {
  return files
    .map((file) => {
      const css = inline.get(file);
      return css === undefined
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
    })
    .join('');
}

/** The template without Vite's links to the entry's stylesheets: the page places all its styles itself. */
export function removeStylesheetLinks(template: string, files: readonly string[]): string {
  return template.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>\s*/g, (tag) =>
    files.some((file) => tag.includes(`href="/${file}"`)) ? '' : tag,
  );
}

/**
 * Loads the page's module scripts once its main picture (the `fetchpriority="high"` image) is decoded, or at once
 * when it has none, in the frame after: the server-rendered, inline-styled page needs no code to be seen, so on a
 * slow link the picture and the first paint do not share the connection and the main thread with ~115 KB of
 * JavaScript (docs/decisions/011-scripts-after-the-main-picture.md). A visitor's first press or key starts them at
 * once; a tab opened in the background (no animation frames) starts after 3 s. One inline module imports them all,
 * so the browser fetches them in parallel without a DOM element per file. The files come from the data attributes
 * of the script tag; the nonce is the tag's own.
 *
 * A form the app sends itself (no `action`) and nothing handled — sent before the app's code hydrated it — would
 * go to the page's own address as a GET, its fields (a password) in the URL, the logs and the history. The loader
 * holds it back (it listens last, on the window, so the app's own handler has had its turn) and the app sends it
 * once hydrated (entry-client.tsx). Forms with an `action` (search) are plain HTML forms and go as they are.
 */
const SCRIPT_LOADER = `(function(tag){var started=false;function start(){if(started)return;started=true;\
var script=document.createElement('script');script.type='module';script.nonce=tag.nonce;\
script.textContent=(tag.dataset.entry+' '+tag.dataset.preload).split(' ').filter(Boolean).map(function(file){\
return 'import "'+file+'";'}).join('');document.head.appendChild(script)}\
function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}\
var picture=document.querySelector('img[fetchpriority="high"]');\
if(picture&&picture.decode)picture.decode().then(afterPaint,afterPaint);else afterPaint();setTimeout(start,3000);\
['pointerdown','keydown','touchstart'].forEach(function(type){addEventListener(type,start,{capture:true,once:true})});\
addEventListener('submit',function(event){var form=event.target;\
if(event.defaultPrevented||!(form instanceof HTMLFormElement)||form.hasAttribute('action'))return;\
event.preventDefault();window.efirHeldSubmit={form:form,submitter:event.submitter||null};start()})\
})(document.currentScript)`;

/** A production template made ready once: Vite's entry stylesheet links and module scripts taken out. */
export interface PreparedTemplate {
  template: string;
  /** The entry script; empty when the template had none (development keeps its scripts). */
  entry: string;
  /** The entry's module preloads. */
  preloads: string[];
}

/**
 * Takes the links to the entry's stylesheets (the page inlines them) and Vite's entry script and module preloads
 * (the script loader starts them) out of the template.
 */
export function prepareTemplate(source: string, entryStyles: readonly string[]): PreparedTemplate {
  let entry = '';
  const preloads: string[] = [];
  const template = removeStylesheetLinks(source, entryStyles)
    .replace(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/, (_tag, src: string) => {
      entry = src;
      return '';
    })
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  return entry ? { template, entry, preloads } : { template: source, entry: '', preloads: [] };
}

/** The loader that starts the entry, the page's own chunks and the entry's preloads; it goes at the end of <body>. */
export function renderScriptLoader(prepared: PreparedTemplate, pageChunks: readonly string[]): string {
  if (!prepared.entry) return '';
  const files = [...pageChunks.map((file) => `/${file}`), ...prepared.preloads];
  return `<script data-entry="${prepared.entry}" data-preload="${files.join(' ')}">${SCRIPT_LOADER}</script>`;
}

/**
 * React puts what a render preloads (react-dom's preload(): a page's main picture) before the page's markup; it
 * belongs at the top of <head>, so the browser asks for it before the scripts.
 */
export function takeLeadingPreloads(html: string): { preloads: string; html: string } {
  const preloads = /^(?:<link rel="preload"[^>]*>)*/.exec(html)?.[0] ?? '';
  return { preloads, html: html.slice(preloads.length) };
}

/**
 * Page renders in progress at once. Four keep the main thread busy while others wait on the database; sixteen at
 * once (the bench's load) finished no sooner and raised the embedded shop's peak RSS (docs/performance.md).
 */
const RENDERS_AT_ONCE = 4;

/** Guests' pages: kept by the browser, revalidated on every use. */
const GUEST_CACHE_CONTROL = 'private, no-cache';

export interface SsrOptions {
  /** Development (Vite) pages allow inline scripts for hot reload; production pages use a nonce. */
  dev: boolean;
  loadRenderer(): Promise<RenderModule>;
  /** The HTML template with <!--app-head-->, <!--app-html--> and <!--app-data--> placeholders. */
  loadTemplate(url: string): Promise<string>;
  /** The client build's manifest (production): page chunks are preloaded and stylesheets placed from it. */
  clientManifest?: ClientManifest;
  /** The client build's folder (production): the page's stylesheets are inlined from it. */
  clientDir?: string;
}

const SERVER_ERROR_PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Запрос не выполнен — Эфир</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#2b2b2b"><h1>Запрос не выполнен</h1><p>Ошибка сервера. Попробуйте обновить страницу через минуту.</p><p><a href="/">На главную</a></p></body></html>`;

const API_PREFIXES = ['/api/', '/v1/', '/refresh', '/socket.io/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Headers worth passing to the in-process API calls of a render. */
function pickForwardHeaders(request: FastifyRequest): Record<string, string> {
  // The render's API calls log under the page's request id.
  const headers: Record<string, string> = { 'x-request-id': request.id };
  if (typeof request.headers.cookie === 'string') headers.cookie = request.headers.cookie;
  if (typeof request.headers['accept-language'] === 'string')
    headers['accept-language'] = request.headers['accept-language'];
  return headers;
}

/**
 * What an in-process call answers: the parts of a fetch Response that the shop's HTTP client reads (status and
 * text; headers on demand). Building a full undici Response and reading its body stream cost as much as the call.
 */
class InProcessResponse {
  constructor(
    readonly status: number,
    private readonly body: string,
    private readonly rawHeaders: Record<string, string | string[] | number | undefined>,
  ) {}

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get headers(): Headers {
    return new Headers(
      Object.entries(this.rawHeaders).flatMap(([name, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [String(value)]).map((item): [string, string] => [name, item]),
      ),
    );
  }

  async text(): Promise<string> {
    return this.body;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.body);
  }
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

function createInProcessFetch(app: FastifyInstance, reads: RenderReads | null): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const method = init?.method ?? 'GET';
    // A guest's call (no token: the answer is everyone's) to a read the route lets renders make directly.
    const read = headers.authorization ? undefined : reads?.find(method, url.pathname);
    if (read) {
      const json = await Promise.resolve()
        .then(() =>
          read({
            body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
            search: url.searchParams,
          }),
        )
        .catch(() => null);
      if (json !== null) return new InProcessResponse(200, json, JSON_HEADERS) as unknown as Response;
    }
    const response = await app.inject({
      method: method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const body = response.statusCode === 204 || response.statusCode === 304 ? '' : response.payload;
    return new InProcessResponse(response.statusCode, body, response.headers) as unknown as Response;
  };
}

/** Where a render's parts go in the template (the first `</head>`: the page's styles go before it). */
const TEMPLATE_SLOTS = /<!--app-(?:head|html|data)-->|<\/head>/g;
/** A script tag that runs: not a data block (JSON, JSON-LD). */
const RUNNING_SCRIPT_TAG = /<script(?=[\s>])(?![^>]*\btype="application\/(?:ld\+)?json")/g;

export type PageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * An access token for the visitor a page request comes from (their refresh cookie read, not rotated), or null for
 * a guest: the page is then rendered for that user.
 */
export type PageSessions = (request: FastifyRequest) => Promise<string | null>;

/** Pages are whatever no API route claimed: the not-found handler is the page router's entry point. */
export function registerNotFound(app: FastifyInstance, renderPage?: PageRenderer): void {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (renderPage && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path)) {
      return renderPage(request, reply);
    }
    return reply.status(404).send({ message: MESSAGES.notFound } satisfies ErrorAnswer);
  });
}

export function createPageRenderer(
  app: FastifyInstance,
  config: Config,
  options: SsrOptions,
  guestPages: PageCache | null = null,
  sessions: PageSessions | null = null,
  reads: RenderReads | null = null,
): PageRenderer {
  const inProcessFetch = createInProcessFetch(app, reads);
  const manifest = options.clientManifest;
  const pageAssets = manifest ? createPageAssets(manifest) : null;
  const inlineStyles =
    manifest && options.clientDir ? readInlineStyles(manifest, options.clientDir) : new Map<string, string>();
  // A page's style tags carry ~50 KB of CSS: made once per set of stylesheets (a few page types), not per render.
  const styleTagsBySet = new Map<string, string>();
  const styleTagsOf = (files: readonly string[]) => {
    const key = files.join(' ');
    let tags = styleTagsBySet.get(key);
    if (tags === undefined) {
      tags = renderStyleTags(files, inlineStyles);
      styleTagsBySet.set(key, tags);
    }
    return tags;
  };
  // The production template is the same text for every page: prepared once, again only if it changes.
  let lastPrepared: { source: string; prepared: PreparedTemplate } | null = null;
  const prepareOnce = (source: string): PreparedTemplate => {
    if (lastPrepared?.source !== source) {
      lastPrepared = { source, prepared: prepareTemplate(source, pageAssets?.([]).styles ?? []) };
    }
    return lastPrepared.prepared;
  };

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await renderPageOrThrow(request, reply);
    } catch (error) {
      request.log.error({ err: error }, 'page render failed');
      return reply
        .status(500)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(SERVER_ERROR_PAGE);
    }
  }

  type Redirect = { type: 'redirect'; status: number; location: string };

  // Renders at once, at most (lib/gate.ts): the rest wait their turn instead of all holding memory together.
  const renderSlots = createGate(RENDERS_AT_ONCE);
  const renderHtml = (...args: Parameters<typeof renderHtmlNow>) =>
    renderSlots.run(() => renderHtmlNow(...args));

  /** The page's whole HTML, its API calls made with `forwardHeaders` (without a cookie: as for any guest). */
  async function renderHtmlNow(
    url: string,
    forwardHeaders: Record<string, string>,
    accessToken: string | null = null,
  ): Promise<RenderedPage | Redirect> {
    const renderer = await options.loadRenderer();
    const nonce = options.dev ? null : createCspNonce();
    const result = await renderer.render({
      url: `${config.PUBLIC_URL.replace(/\/$/, '')}${url}`,
      forwardHeaders,
      fetch: inProcessFetch,
      origin: config.PUBLIC_URL.replace(/\/$/, ''),
      nonce,
      accessToken,
    });
    if (result.type === 'redirect') return result;
    const assets = pageAssets?.(result.modules ?? []) ?? { styles: [], chunks: [] };
    const { preloads, html: markup } = takeLeadingPreloads(result.html);
    // Scripts that run get the nonce: the template's own are taken out (prepareTemplate), so only the rendered
    // parts and the loader are searched. Data blocks (JSON, JSON-LD) do not need it, and the browser would hide
    // its value from React at hydration (an attribute mismatch).
    const withNonce = (text: string) =>
      nonce ? text.replace(RUNNING_SCRIPT_TAG, `<script nonce="${nonce}"`) : text;
    let template = await options.loadTemplate(url);
    let styles = '';
    let scriptLoader = '';
    if (pageAssets) {
      const prepared = prepareOnce(template);
      // A template without Vite's entry keeps its scripts: they need the nonce too.
      template = prepared.entry ? prepared.template : withNonce(prepared.template);
      // The styles go last in <head>, where Vite linked the entry's: the page's own sheets follow the entry's,
      // the order a client-side navigation adds them in.
      styles = styleTagsOf(assets.styles);
      scriptLoader = renderScriptLoader(prepared, assets.chunks);
    } else template = withNonce(template);
    const head =
      preloads +
      withNonce(result.head) +
      (config.METRIKA_ID ? `<meta name="efir-metrika" content="${config.METRIKA_ID}">` : '');
    // One pass over the small template: the page (~110 KB, half of it styles) is put together once, not copied
    // by a replace per slot. A replacer function: a `$` in page text is not a replacement pattern.
    const slots: Record<string, string> = {
      '<!--app-head-->': head,
      '</head>': `${styles}</head>`,
      '<!--app-html-->': withNonce(markup),
      '<!--app-data-->': result.data + withNonce(scriptLoader),
    };
    const page = template.replace(TEMPLATE_SLOTS, (slot) => slots[slot] ?? slot);
    return { status: result.status, html: page, nonce };
  }

  function sendPage(
    reply: FastifyReply,
    page: { status: number; nonce: string | null; body: Buffer | string },
    encoding: 'br' | 'gzip' | null,
    cacheControl = 'no-store',
  ) {
    // Pages are large (the markup and the data it hydrates from): sent compressed, which slow mobile links need.
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .status(page.status)
      .header('vary', 'accept-encoding')
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', cacheControl)
      .header(
        'content-security-policy',
        buildPageCsp(page.nonce, { dev: options.dev, metrika: Boolean(config.METRIKA_ID) }),
      )
      .send(page.body);
  }

  async function renderPageOrThrow(request: FastifyRequest, reply: FastifyReply) {
    const encoding = pickPageEncoding(request.headers['accept-encoding']);
    const forwardHeaders = pickForwardHeaders(request);
    if (guestPages && isGuestRequest(forwardHeaders.cookie)) {
      // Rendered as for a guest without cookies: the same page for every guest.
      const { cookie: _neutral, ...guestHeaders } = forwardHeaders;
      const cached = await guestPages.get(request.url, encoding, () => renderHtml(request.url, guestHeaders));
      if ('type' in cached) return reply.redirect(cached.location, cached.status);
      reply.header('x-page-cache', cached.hit ? 'hit' : 'miss');
      if (cached.status !== 200) return sendPage(reply, cached, encoding);
      // The same page for every guest: the browser keeps it and asks whether it changed (a 304 then). Private: the
      // answer may set the visitor's own CSRF cookie, and a logged-in visitor's page differs at the same address.
      reply.header('vary', 'accept-encoding').header('cache-control', GUEST_CACHE_CONTROL);
      const validators = { etag: etagOf(cached.digest, encoding), lastModified: cached.since };
      if (answerNotModified(request, reply, validators)) return reply;
      return sendPage(reply, cached, encoding, GUEST_CACHE_CONTROL);
    }
    // Rendered for this visitor alone (their cart, their account): no shared cache may keep it.
    reply.header('cache-control', 'private, no-store');
    const accessToken = (await sessions?.(request)) ?? null;
    const rendered = await renderHtml(request.url, forwardHeaders, accessToken);
    if ('type' in rendered) return reply.redirect(rendered.location, rendered.status);
    const body = encoding ? compressFirst(rendered.html, encoding) : rendered.html;
    return sendPage(reply, { ...rendered, body }, encoding, 'private, no-store');
  }

  return renderPage;
}
