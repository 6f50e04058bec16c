// One-click unsubscribe from the shop's mailings, without logging in: the link in every mailing carries the
// customer's number signed with the shop's secret. GET shows a page with one button (mail scanners open links,
// they must not unsubscribe anyone); POST — the button, or a mail client's RFC 8058 one-click — turns
// /my-settings «Рассылка» off.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';
import { findUserById, setMailings } from '../account/account.service.ts';
import { escapeLetterHtml } from './letter-html.ts';

export const UNSUBSCRIBE_PATH = '/unsubscribe';

function signature(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url').slice(0, 32);
}

export function unsubscribeUrl(origin: string, secret: string, userId: number): string {
  return `${origin}${UNSUBSCRIBE_PATH}/${userId}.${signature(secret, userId)}`;
}

/** The customer's number if the token is ours, else null. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(signature(secret, userId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

const STYLE = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;
font-family:"Segoe UI",Roboto,Arial,sans-serif;font-size:16px;line-height:1.55;color:#262a27;background:#faf7f0}
main{width:100%;max-width:28rem;background:#fff;border:1px solid #e3ddd0;border-radius:12px;padding:1.5rem}
h1{margin:0 0 .75rem;font-family:Georgia,"PT Serif",serif;font-weight:600;font-size:1.5rem}
button{min-height:48px;font:inherit;font-weight:600;border-radius:999px;cursor:pointer;padding:.6rem 1.5rem;
background:#3f6b4f;color:#fff;border:1px solid #3f6b4f}
button:focus-visible,a:focus-visible{outline:3px solid #a8841a;outline-offset:2px}
a{color:#3f6b4f}
`.trim();
const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', CSP)
    .send(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeLetterHtml(title)} — Эфир</title><style>${STYLE}</style></head><body><main><h1>${escapeLetterHtml(title)}</h1>${body}</main></body></html>`,
    );
}

const SETTINGS =
  '<p>Подписку можно снова включить в <a href="/my-settings">настройках личного кабинета</a>.</p>';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

export function registerUnsubscribeRoutes(
  app: FastifyInstance,
  deps: { db: Database; secret: string },
): void {
  void app.register(async (scope) => {
    // Encapsulated: the HTML form parser exists for these routes only.
    if (!scope.hasContentTypeParser(FORM_CONTENT_TYPE)) {
      scope.addContentTypeParser(
        FORM_CONTENT_TYPE,
        { parseAs: 'string', bodyLimit: 1024 },
        (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }
    const notFound = (reply: FastifyReply) =>
      page(reply, 404, 'Ссылка не работает', `<p>Возможно, её скопировали не полностью.</p>${SETTINGS}`);

    scope.get<{ Params: { token: string } }>(`${UNSUBSCRIBE_PATH}/:token`, async (request, reply) => {
      const userId = verifyUnsubscribeToken(deps.secret, request.params.token);
      const user = userId === null ? undefined : await findUserById(deps.db, userId);
      if (!user) return notFound(reply);
      if (!user.mailings)
        return page(reply, 200, 'Вы уже отписаны', `<p>Письма рассылки не приходят.</p>${SETTINGS}`);
      return page(
        reply,
        200,
        'Отписаться от рассылки?',
        '<p>Письма о заказах будут приходить как прежде, а рассылка и напоминания о корзине — нет.</p>' +
          `<form method="post" action="${UNSUBSCRIBE_PATH}/${escapeLetterHtml(request.params.token)}"><button type="submit">Отписаться</button></form>`,
      );
    });

    scope.post<{ Params: { token: string } }>(
      `${UNSUBSCRIBE_PATH}/:token`,
      // The signed link is the authorisation; a mail client posts here with no cookie at all (RFC 8058).
      { config: { csrf: false } },
      async (request, reply) => {
        const userId = verifyUnsubscribeToken(deps.secret, request.params.token);
        const user = userId === null ? undefined : await findUserById(deps.db, userId);
        if (!user) return notFound(reply);
        if (user.mailings) await setMailings(deps.db, user, false);
        return page(
          reply,
          200,
          'Вы отписались от рассылки',
          `<p>Больше писем рассылки не будет.</p>${SETTINGS}`,
        );
      },
    );
  });
}
