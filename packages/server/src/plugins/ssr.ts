// Server-side rendering of every page that is not an API call; API calls made while rendering stay in-process.

import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { MESSAGES } from '@efir/domain/http-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { buildPageCsp, createCspNonce } from './security.ts';

/** What packages/web/src/entry-server.tsx exports. */
export interface RenderModule {
  render(input: {
    url: string;
    forwardHeaders: Record<string, string>;
    fetch: typeof fetch;
    origin: string;
    nonce: string | null;
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

/**
 * Turns the page modules a render used into <link> tags: a stylesheet for their CSS (no flash of unstyled page) and
 * a modulepreload for each chunk they need, so the browser fetches them alongside the entry instead of after it.
 * What the entry loads anyway (the template already links it) is left out.
 */
export function createPreloadTags(manifest: ClientManifest): (moduleIds: readonly string[]) => string {
  const closure = (keys: readonly string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entryKeys = closure(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const entryCss = new Set([...entryKeys].flatMap((key) => manifest[key]?.css ?? []));
  return (moduleIds) => {
    const keys = [...closure(moduleIds)].filter((key) => !entryKeys.has(key));
    const css = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))].filter(
      (file) => !entryCss.has(file),
    );
    return [
      ...css.map((file) => `<link rel="stylesheet" href="/${file}">`),
      ...keys.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`),
    ].join('');
  };
}

export interface SsrOptions {
  /** Development (Vite) pages allow inline scripts for hot reload; production pages use a nonce. */
  dev: boolean;
  loadRenderer(): Promise<RenderModule>;
  /** The HTML template with <!--app-head-->, <!--app-html--> and <!--app-data--> placeholders. */
  loadTemplate(url: string): Promise<string>;
  /** The client build's manifest (production): page chunks are preloaded from it. */
  clientManifest?: ClientManifest;
}

const SERVER_ERROR_PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Запрос не выполнен — Эфир</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#2b2b2b"><h1>Запрос не выполнен</h1><p>Ошибка сервера. Попробуйте обновить страницу через минуту.</p><p><a href="/">На главную</a></p></body></html>`;

const API_PREFIXES = ['/api/', '/v1/', '/refresh', '/socket.io/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Headers worth passing to the in-process API calls of a render. */
function pickForwardHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  if (typeof request.headers.cookie === 'string') headers.cookie = request.headers.cookie;
  if (typeof request.headers['accept-language'] === 'string')
    headers['accept-language'] = request.headers['accept-language'];
  return headers;
}

function createInProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const body =
      response.statusCode === 204 || response.statusCode === 304 ? null : new Uint8Array(response.rawPayload);
    return new Response(body, {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [String(value)]).map((item): [string, string] => [name, item]),
      ),
    });
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The compression a page is sent with: Brotli when the browser takes it, else gzip, else none. */
export function pickPageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^\s*q=0(\.0*)?\s*$/.test(quality))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/** A page's HTML compressed: a fast Brotli level, the text is made anew for every request. */
function compressPage(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(html, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    : gzipAsync(html, { level: 6 });
}

export type PageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** Pages are whatever no API route claimed: the not-found handler is the page router's entry point. */
export function registerNotFound(app: FastifyInstance, renderPage?: PageRenderer): void {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (renderPage && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path)) {
      return renderPage(request, reply);
    }
    return reply.status(404).send({ message: MESSAGES.notFound });
  });
}

export function createPageRenderer(app: FastifyInstance, config: Config, options: SsrOptions): PageRenderer {
  const inProcessFetch = createInProcessFetch(app);
  const preloadTags = options.clientManifest ? createPreloadTags(options.clientManifest) : () => '';

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

  async function renderPageOrThrow(request: FastifyRequest, reply: FastifyReply) {
    const renderer = await options.loadRenderer();
    const nonce = options.dev ? null : createCspNonce();
    const result = await renderer.render({
      url: `${config.PUBLIC_URL.replace(/\/$/, '')}${request.url}`,
      forwardHeaders: pickForwardHeaders(request),
      fetch: inProcessFetch,
      origin: config.PUBLIC_URL.replace(/\/$/, ''),
      nonce,
    });
    if (result.type === 'redirect') {
      return reply.redirect(result.location, result.status);
    }
    const template = await options.loadTemplate(request.url);
    const html = template
      // Replacer functions: a `$` in page text must not be read as a replacement pattern.
      .replace(
        '<!--app-head-->',
        () =>
          result.head +
          preloadTags(result.modules ?? []) +
          (config.METRIKA_ID ? `<meta name="efir-metrika" content="${config.METRIKA_ID}">` : ''),
      )
      .replace('<!--app-html-->', () => result.html)
      .replace('<!--app-data-->', () => result.data);
    // Scripts that run get the nonce; data blocks (JSON, JSON-LD) do not need it, and the browser would hide its
    // value from React at hydration (an attribute mismatch).
    const page = nonce
      ? html.replace(
          /<script(?=[\s>])(?![^>]*\btype="application\/(?:ld\+)?json")/g,
          `<script nonce="${nonce}"`,
        )
      : html;
    // Pages are large (the markup and the data it hydrates from): sent compressed, which slow mobile links need.
    const encoding = pickPageEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .status(result.status)
      .header('vary', 'accept-encoding')
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        buildPageCsp(nonce, { dev: options.dev, metrika: Boolean(config.METRIKA_ID) }),
      )
      .send(encoding ? await compressPage(page, encoding) : page);
  }

  return renderPage;
}
