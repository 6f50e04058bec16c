// The test gateway's confirmation page: small server-rendered Russian HTML in the shop's colours, no scripts.
import { createHash } from 'node:crypto';
import { formatRub } from '@efir/domain/money';
import { TEST_GATEWAY_PATH, type TestGatewayRow } from './test-gateway.ts';

const STYLE = `
:root{--green:#3f6b4f;--green-dark:#2c4d38;--cream:#faf7f0;--sand:#f3e9d2;--text:#262a27;--muted:#5f6862;--line:#e3ddd0;--gold:#a8841a}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;
font-family:"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Liberation Sans",sans-serif;font-size:16px;
line-height:1.55;color:var(--text);background:var(--cream)}
main{width:100%;max-width:28rem;background:#fff;border:1px solid var(--line);border-radius:12px;
box-shadow:0 6px 24px rgba(38,42,39,.08);padding:1.5rem}
.banner{margin:0 0 1.25rem;padding:.6rem .8rem;border-radius:8px;background:var(--sand);border:1px solid var(--gold);
font-weight:600;text-align:center}
.shop{margin:0;color:var(--muted);font-size:.95rem}
h1{margin:.25rem 0 .5rem;font-family:Georgia,"PT Serif","Times New Roman",serif;font-weight:600;font-size:1.6rem}
.description{margin:0 0 1.5rem;color:var(--muted);overflow-wrap:anywhere}
form{display:flex;flex-wrap:wrap;gap:.75rem}
button{flex:1 1 10rem;min-height:48px;font:inherit;font-weight:600;border-radius:999px;cursor:pointer;padding:.6rem 1rem}
.pay{background:var(--green);color:#fff;border:1px solid var(--green)}
.pay:hover,.pay:focus-visible{background:var(--green-dark)}
.cancel{background:#fff;color:var(--green-dark);border:1px solid var(--line)}
.cancel:hover,.cancel:focus-visible{border-color:var(--green)}
button:focus-visible,a:focus-visible{outline:3px solid var(--gold);outline-offset:2px}
.note{margin:1.25rem 0 0;font-size:.85rem;color:var(--muted)}
.banks{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.banks form{display:block}
.bank{width:100%;text-align:left;background:#fff;color:var(--text);border:1px solid var(--line);border-radius:10px}
.bank:hover,.bank:focus-visible{border-color:var(--green)}
a{color:var(--green)}
`.trim();

/** The one inline style is allowed by its hash: no 'unsafe-inline', no scripts at all. */
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export function buildTestGatewayCsp(returnUrl?: string): string {
  // Chromium applies form-action to the redirect that follows the form post as well.
  const returnOrigin = returnUrl && URL.canParse(returnUrl) ? new URL(returnUrl).origin : '';
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} — Эфир</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const BANNER = '<p class="banner" role="status">Тестовый платёж — деньги не списываются</p>';

/** The banks YooKassa's СБП page lists first (the real list holds every bank of the system). */
const SBP_BANKS = [
  { id: 'sber', name: 'Сбербанк' },
  { id: 'tbank', name: 'Т-Банк' },
  { id: 'vtb', name: 'ВТБ' },
  { id: 'alfa', name: 'Альфа-Банк' },
  { id: 'raif', name: 'Райффайзенбанк' },
  { id: 'gazprom', name: 'Газпромбанк' },
] as const;

/**
 * СБП on a phone (`redirect`): YooKassa's page is the list of banks, and the chosen bank's app confirms. Here the
 * bank's button opens the confirmation below, saying which bank plays it. A QR code (desktop) is scanned by the bank's
 * app itself, so its link goes straight to the confirmation.
 */
export function renderConfirmationPage(row: TestGatewayRow, bank?: string): string {
  if (row.status === 'pending' && row.method === 'sbp' && row.confirmationType !== 'qr') {
    const chosen = SBP_BANKS.find((item) => item.id === bank);
    if (!chosen) return renderBankList(row);
    return renderDecision(row, `оплата через СБП в приложении банка «${chosen.name}»`);
  }
  return renderDecision(row, row.method === 'sbp' ? 'оплата через СБП' : 'оплата картой');
}

function renderBankList(row: TestGatewayRow): string {
  const action = `${TEST_GATEWAY_PATH}/${encodeURIComponent(row.id)}`;
  return layout(
    'Оплата через СБП',
    `${BANNER}<p class="shop">Магазин «Эфир» · оплата через СБП</p>` +
      '<h1>Выберите банк</h1>' +
      `<p class="description">К оплате: <span class="amount">${escapeHtml(formatRub(row.amount))}</span>. ` +
      `${escapeHtml(row.description || 'Оплата заказа')}. Откроется приложение банка, там подтвердите оплату.</p>` +
      '<ul class="banks" aria-label="Банки СБП">' +
      SBP_BANKS.map(
        (item) =>
          `<li><form method="get" action="${action}"><button type="submit" class="bank" name="bank" value="${item.id}">${escapeHtml(item.name)}</button></form></li>`,
      ).join('') +
      '</ul>' +
      '<p class="note">Это встроенный тестовый шлюз: так выглядит список банков СБП на телефоне. ' +
      'Настоящие деньги не участвуют.</p>',
  );
}

function renderDecision(row: TestGatewayRow, how: string): string {
  if (row.status !== 'pending') {
    const paid = row.status === 'succeeded' || row.status === 'waiting_for_capture';
    return renderMessagePage(
      paid ? 'Платёж уже оплачен' : 'Платёж отменён',
      paid ? 'Этот платёж уже прошёл.' : 'От этого платежа отказались.',
      row.returnUrl,
    );
  }
  return layout(
    'Тестовый платёж',
    `${BANNER}<p class="shop">Магазин «Эфир» · ${escapeHtml(how)}</p>` +
      `<h1>К оплате: <span class="amount">${escapeHtml(formatRub(row.amount))}</span></h1>` +
      `<p class="description">${escapeHtml(row.description || 'Оплата заказа')}</p>` +
      `<form method="post" action="${TEST_GATEWAY_PATH}/${encodeURIComponent(row.id)}">` +
      `<input type="hidden" name="token" value="${escapeHtml(row.formToken)}">` +
      '<button type="submit" class="pay" name="decision" value="pay">Оплатить</button>' +
      '<button type="submit" class="cancel" name="decision" value="cancel">Отказаться</button>' +
      '</form>' +
      (row.method === 'sbp'
        ? '<p class="note">Так выглядит подтверждение в приложении банка после QR-кода или кнопки СБП. '
        : '<p class="note">') +
      'Это встроенный тестовый шлюз: магазин работает без ключей ЮKassa. ' +
      'Данные карты не нужны, настоящие деньги не участвуют.</p>',
  );
}

export function renderMessagePage(title: string, text: string, returnUrl?: string): string {
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Вернуться в магазин</a></p>` : '';
  return layout(title, `${BANNER}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${back}`);
}
