// buildApp(config, deps) assembles the whole shop (API, server-rendered pages, assets) without listening: named
// steps in the order they must run — the request handling every route relies on, the shared core (app-core.ts),
// then the features (app-features.ts), and last the pictures and the «not found» page.
import type { ErrorAnswer } from '@efir/domain/error-wire';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createCore } from './app-core.ts';
import type { AppDeps } from './app-deps.ts';
import {
  registerAssistantAndExchange,
  registerBackOffice,
  registerCheckout,
  registerOperations,
  registerShopPages,
  registerStorefront,
  serveImages,
  startBackgroundWork,
} from './app-features.ts';
import type { Config } from './config.ts';
import { trackInFlightRequests } from './lib/graceful-shutdown.ts';
import { createRequestIdGenerator, returnRequestId } from './lib/request-id.ts';
import { acceptBodylessCalls } from './plugins/bodyless.ts';
import { redirectToCanonicalHost } from './plugins/canonical-host.ts';
import { redirectToCleanUrls } from './plugins/clean-urls.ts';
import { answerClientError } from './plugins/client-errors.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { refuseNulCharacters, registerErrorHandler } from './plugins/error-handler.ts';
import { registerResponseRule } from './plugins/response-rule.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerNotFound } from './plugins/ssr.ts';
import { registerWireContract } from './plugins/wire-contract.ts';

/** TRUST_PROXY as Fastify takes it: N hops is «trust the N proxies nearest to us» (proxy-addr's own reading). */
function toTrustProxy(trusted: Config['TRUST_PROXY']) {
  return typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = createServer(config);
  await registerRequestHandling(app, config);
  const core = createCore(app, config, deps);
  registerStorefront(app, core);
  const checkout = registerCheckout(app, core);
  registerShopPages(app, core, checkout);
  registerOperations(app, core);
  const outboxWorker = startBackgroundWork(app, core, checkout);
  const exchange = registerAssistantAndExchange(app, core, checkout);
  registerBackOffice(app, core, { checkout, exchange, outboxWorker });
  await serveImages(app, core);
  registerNotFound(app, core.renderPage);
  return app;
}

/** The Fastify instance: logging without anything personal, limits, request ids, errors before routing. */
function createServer(config: Config): FastifyInstance {
  return Fastify({
    // Logging off: no logger at all, so no child logger is made for every request.
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              // No client address or headers in the log: nothing personal is kept there.
              req: (request: { method: string; url: string; id: string }) => ({
                id: request.id,
                method: request.method,
                url: request.url.split('?')[0],
              }),
            },
          },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: toTrustProxy(config.TRUST_PROXY),
    genReqId: createRequestIdGenerator(config.TRUST_PROXY !== false),
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // What the HTTP parser refuses (an address over 16 KB) is answered in the catalogue's shape as well.
    clientErrorHandler: answerClientError,
    // Errors Fastify raises before routing (a broken percent-encoding in the path) get the catalogue body too.
    frameworkErrors: (_error, _request, reply) => {
      (reply as unknown as FastifyReply)
        .status(400)
        .send({ message: 'Bad Request', title: 'Некорректный адрес запроса' } satisfies ErrorAnswer);
    },
  });
}

/**
 * What every request goes through before and after its route: request ids, bodyless calls, the wire contract
 * (before any route, so the document collects them all), the error catalogue, redirects to the canonical host and
 * clean addresses, security headers, cookies, the {ok, data} rule and CSRF.
 */
async function registerRequestHandling(app: FastifyInstance, config: Config): Promise<void> {
  returnRequestId(app);
  app.decorate('requestTracker', trackInFlightRequests(app));
  acceptBodylessCalls(app);
  await registerWireContract(app);
  registerErrorHandler(app);
  refuseNulCharacters(app);
  redirectToCanonicalHost(app, config.CANONICAL_HOST);
  redirectToCleanUrls(app);
  await registerSecurity(app, config);
  await app.register(cookie);
  registerResponseRule(app);
  registerCsrf(app, { secure: config.PUBLIC_URL.startsWith('https:'), publicUrl: config.PUBLIC_URL });
}
