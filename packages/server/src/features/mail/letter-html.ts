// The HTML part of every letter: one frame in the shop's look, built the way mail clients (Gmail, Yandex Mail,
// Mail.ru) read it — a 600 px table, inline styles only, web-safe fonts, no scripts, no external CSS or images.
// A letter without its own HTML gets its plain text set in the frame: paragraphs, «• » lists, links made clickable.

const GREEN = '#3f6b4f';
const CREAM = '#faf7f0';
const TEXT = '#262a27';
const MUTED = '#5f6862';
const LINE = '#e3ddd0';
const FONT = 'Arial,Helvetica,sans-serif';
// Single quotes inside: the styles sit in double-quoted attributes.
const SERIF = "Georgia,'Times New Roman',serif";

export function escapeLetterHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const LINK = /https?:\/\/[^\s<>"«»]+[^\s<>"«».,:;!?)]/g;

/** Escaped text with its web addresses as links. */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    out += escapeLetterHtml(text.slice(last, match.index));
    const url = escapeLetterHtml(match[0]);
    out += `<a href="${url}" style="color:${GREEN};text-decoration:underline">${url}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeLetterHtml(text.slice(last));
}

const P = `margin:0 0 14px;font-family:${FONT};font-size:15px;line-height:22px;color:${TEXT}`;

/** Plain letter text as HTML: blank lines part paragraphs, lines starting with «• » become a list. */
export function textToLetterHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block.split('\n');
      const items = lines.filter((line) => line.startsWith('• '));
      if (items.length === 0) return `<p style="${P}">${lines.map(linkify).join('<br>')}</p>`;
      const head = lines.filter((line) => !line.startsWith('• '));
      return (
        (head.length > 0 ? `<p style="${P}">${head.map(linkify).join('<br>')}</p>` : '') +
        `<ul style="margin:0 0 14px;padding:0 0 0 20px;font-family:${FONT};font-size:15px;line-height:22px;color:${TEXT}">` +
        items.map((item) => `<li style="margin:0 0 6px">${linkify(item.slice(2))}</li>`).join('') +
        '</ul>'
      );
    })
    .join('');
}

export interface LetterTableRow {
  name: string;
  detail: string;
  sum: string;
}

/** The lines of an order or a cart: name, «2 × 450 ₽», sum; a total row under them. */
export function letterTable(rows: readonly LetterTableRow[], total: { label: string; sum: string }): string {
  const cell = `padding:10px 0;border-bottom:1px solid ${LINE};font-family:${FONT};font-size:14px;line-height:20px;color:${TEXT};vertical-align:top`;
  return (
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 18px">' +
    rows
      .map(
        (row) =>
          `<tr><td style="${cell}">${escapeLetterHtml(row.name)}<br><span style="color:${MUTED}">${escapeLetterHtml(row.detail)}</span></td>` +
          `<td align="right" style="${cell};white-space:nowrap;padding-left:12px">${escapeLetterHtml(row.sum)}</td></tr>`,
      )
      .join('') +
    `<tr><td style="padding:12px 0 0;font-family:${FONT};font-size:15px;font-weight:bold;color:${TEXT}">${escapeLetterHtml(total.label)}</td>` +
    `<td align="right" style="padding:12px 0 0;font-family:${FONT};font-size:15px;font-weight:bold;color:${TEXT};white-space:nowrap">${escapeLetterHtml(total.sum)}</td></tr>` +
    '</table>'
  );
}

/** A button that is a link (a bulletproof one: the table cell carries the colour where padding on <a> is lost). */
export function letterButton(text: string, url: string): string {
  const href = escapeLetterHtml(url);
  return (
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 18px"><tr>' +
    `<td bgcolor="${GREEN}" style="border-radius:24px;background:${GREEN}">` +
    `<a href="${href}" style="display:inline-block;padding:12px 28px;font-family:${FONT};font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:24px">${escapeLetterHtml(text)}</a>` +
    '</td></tr></table>'
  );
}

export function letterParagraph(text: string): string {
  return `<p style="${P}">${linkify(text)}</p>`;
}

export interface LetterShop {
  name: string;
  /** As printed: +7 (495) 120-45-67. */
  phone: string;
}

const DEFAULT_LETTER_SHOP: LetterShop = { name: 'Эфир', phone: '+7 (495) 120-45-67' };

/** The whole HTML document of a letter: header with the shop's name, the body, the footer (and unsubscribe). */
export function renderLetterHtml(options: {
  subject: string;
  body: string;
  origin: string;
  unsubscribeUrl?: string | undefined;
  /** The shop's name and first phone as the owner set them (decision 060); the defaults without them. */
  shop?: LetterShop | undefined;
}): string {
  const origin = escapeLetterHtml(options.origin);
  const shop = options.shop ?? DEFAULT_LETTER_SHOP;
  const name = escapeLetterHtml(shop.name);
  const unsubscribe = options.unsubscribeUrl
    ? `<br>Вы получили это письмо, потому что подписаны на рассылку магазина «${name}». <a href="${escapeLetterHtml(options.unsubscribeUrl)}" style="color:${MUTED};text-decoration:underline">Отписаться</a>`
    : '';
  return (
    '<!doctype html><html lang="ru"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeLetterHtml(options.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${CREAM}">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${CREAM}" style="background:${CREAM}"><tr><td align="center" style="padding:24px 12px">` +
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;border-collapse:collapse">' +
    `<tr><td style="padding:0 0 16px;font-family:${SERIF};font-size:26px;line-height:30px;color:${GREEN}">` +
    `<a href="${origin}" style="color:${GREEN};text-decoration:none">${name}</a>` +
    `<span style="font-family:${FONT};font-size:13px;color:${MUTED}">&nbsp;&nbsp;эфирные масла и гидролаты</span></td></tr>` +
    `<tr><td bgcolor="#ffffff" style="background:#ffffff;border:1px solid ${LINE};border-radius:12px;padding:28px 28px 14px">` +
    `<h1 style="margin:0 0 18px;font-family:${SERIF};font-size:22px;line-height:28px;font-weight:normal;color:${TEXT}">${escapeLetterHtml(options.subject)}</h1>` +
    options.body +
    '</td></tr>' +
    `<tr><td style="padding:16px 4px 0;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED}">` +
    `Интернет-магазин «${name}» · <a href="${origin}" style="color:${MUTED}">${origin.replace(/^https?:\/\//, '')}</a> · ${escapeLetterHtml(shop.phone)}${unsubscribe}` +
    '</td></tr></table></td></tr></table></body></html>'
  );
}
