// The facts from the shop's settings a page prints by token (decision 060): {{phone}}, {{email}}, {{requisites}}…
// — so /kontakt, the offer and the privacy policy show what the owner saved in the back office, not a copy typed
// into the page that goes stale.
import { formatRussianPhone } from '@efir/domain/phone';
import type { ShopSettings } from '@efir/domain/shop-settings';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A contact fact in words; undefined: not a contact token. */
export function contactFact(
  name: string,
  argument: string | undefined,
  shop: ShopSettings,
): string | undefined {
  const requisites = shop.requisites;
  switch (name) {
    case 'shop-name':
      return shop.name;
    case 'phone': {
      const phone = shop.phones[Math.max(0, Number(argument ?? 1) - 1)] ?? shop.phones[0];
      return phone && formatRussianPhone(phone.phone);
    }
    case 'email':
      return shop.email;
    case 'hours':
      return shop.hours;
    case 'address':
      return `${shop.address.postalCode}, ${shop.address.city}, ${shop.address.street}`;
    case 'company':
      return requisites.company;
    case 'inn':
      return requisites.inn;
    case 'kpp':
      return requisites.kpp;
    case 'ogrn':
      return requisites.ogrn;
    case 'legal-address':
      return requisites.address;
    case 'bank':
      return `р/с ${requisites.account} в ${requisites.bank}, к/с ${requisites.correspondentAccount}, БИК ${requisites.bik}`;
    default:
      return undefined;
  }
}

/** {{requisites}} alone in its paragraph: the table an accountant copies from. */
export function requisitesTable(shop: ShopSettings): string {
  const r = shop.requisites;
  const rows: Array<[string, string]> = [
    ['Полное наименование', r.company],
    ['ИНН / КПП', r.kpp ? `${r.inn} / ${r.kpp}` : r.inn],
    ['ОГРН', r.ogrn],
    ['Юридический адрес', r.address],
    ['Расчётный счёт', `${r.account} в ${r.bank}`],
    ['Корреспондентский счёт', r.correspondentAccount],
    ['БИК', r.bik],
    ['E-mail для документов', shop.email],
  ];
  return `<div class="table">\n${rows
    .map(
      ([label, value]) =>
        `<div class="table-row"><div class="table-cell">${escapeHtml(label)}</div><div class="table-cell">${escapeHtml(value)}</div></div>`,
    )
    .join('\n')}\n</div>`;
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase('ru-RU') + text.slice(1);

/** {{contacts}} alone in its paragraph: the phones (with their notes) and the e-mail, as links. */
export function contactsList(shop: ShopSettings): string {
  const phones = shop.phones.map((phone) => {
    const label = phone.note ? `<b>${escapeHtml(capitalise(phone.note))}:</b> ` : '<b>Телефон:</b> ';
    return `<li>${label}<a href="tel:${escapeHtml(phone.phone)}">${escapeHtml(formatRussianPhone(phone.phone))}</a></li>`;
  });
  const email = escapeHtml(shop.email);
  return `<ul>\n${[
    ...phones,
    `<li><b>E-mail:</b> <a href="mailto:${email}">${email}</a> — отвечаем в течение рабочего дня</li>`,
  ].join('\n')}\n</ul>`;
}
