// The settings form's values: one string per field, named as the server names its fields in a 422 answer
// («requisites.inn», «phones.0.phone»), so its messages land on the field they are about; turned into the body here.
import { formatRussianPhone } from '@efir/domain/phone';
import { type ShopSettings, shopSettingsSchema } from '@efir/domain/shop-settings';
import { z } from '@efir/domain/zod-ru';

export type SettingsValues = Record<string, string>;

/** The rows the form offers: four phones, five discount tiers. */
export const PHONE_SLOTS = [0, 1, 2, 3] as const;
export const TIER_SLOTS = [0, 1, 2, 3, 4] as const;

export const REQUISITE_FIELDS = [
  ['company', 'Юридическое лицо', 'Как в выписке: ООО «Эфир»'],
  ['inn', 'ИНН', '10 цифр у организации, 12 — у ИП'],
  ['kpp', 'КПП', 'У ИП — пусто'],
  ['ogrn', 'ОГРН или ОГРНИП', null],
  ['address', 'Юридический адрес', null],
  ['bank', 'Банк', null],
  ['bik', 'БИК', '9 цифр'],
  ['account', 'Расчётный счёт', '20 цифр; проверяется вместе с БИК'],
  ['correspondentAccount', 'Корреспондентский счёт', '20 цифр, начинается с 301'],
] as const;

export function toValues(settings: ShopSettings): SettingsValues {
  const values: SettingsValues = {
    name: settings.name,
    slogan: settings.slogan,
    city: settings.city,
    email: settings.email,
    ownerEmail: settings.ownerEmail,
    hours: settings.hours,
    'address.street': settings.address.street,
    'address.city': settings.address.city,
    'address.postalCode': settings.address.postalCode,
  };
  for (const index of PHONE_SLOTS) {
    const phone = settings.phones[index];
    values[`phones.${index}.phone`] = phone ? formatRussianPhone(phone.phone) : '';
    values[`phones.${index}.note`] = phone?.note ?? '';
  }
  for (const [key] of REQUISITE_FIELDS) values[`requisites.${key}`] = settings.requisites[key];
  settings.freeDeliveryFrom.forEach((entry, index) => {
    values[`freeDeliveryFrom.${index}.from`] = entry.from === null ? '' : String(entry.from);
  });
  for (const index of TIER_SLOTS) {
    const tier = settings.discountTiers[index];
    values[`discountTiers.${index}.from`] = tier ? String(tier.from) : '';
    values[`discountTiers.${index}.percent`] = tier ? String(tier.percent) : '';
  }
  return values;
}

const wholeOrText = (value: string) =>
  /^\d+$/.test(value.replace(/\s/g, '')) ? Number(value.replace(/\s/g, '')) : value;

/** The body of PUT /admin/settings; `kinds` are the delivery kinds in the order the form lists them. */
export function toBody(values: SettingsValues, kinds: readonly number[]) {
  const get = (name: string) => (values[name] ?? '').trim();
  const phones = [];
  for (const index of PHONE_SLOTS) {
    if (get(`phones.${index}.phone`) || get(`phones.${index}.note`))
      phones.push({ phone: get(`phones.${index}.phone`), note: get(`phones.${index}.note`) });
  }
  const discountTiers = [];
  for (const index of TIER_SLOTS) {
    if (get(`discountTiers.${index}.from`) || get(`discountTiers.${index}.percent`))
      discountTiers.push({
        from: wholeOrText(get(`discountTiers.${index}.from`)),
        percent: wholeOrText(get(`discountTiers.${index}.percent`)),
      });
  }
  return {
    name: get('name'),
    slogan: get('slogan'),
    city: get('city'),
    email: get('email'),
    ownerEmail: get('ownerEmail'),
    hours: get('hours'),
    phones,
    address: {
      street: get('address.street'),
      city: get('address.city'),
      postalCode: get('address.postalCode'),
    },
    requisites: Object.fromEntries(REQUISITE_FIELDS.map(([key]) => [key, get(`requisites.${key}`)])),
    freeDeliveryFrom: kinds.map((kind, index) => {
      const from = get(`freeDeliveryFrom.${index}.from`);
      return { kind, from: from === '' ? null : wholeOrText(from) };
    }),
    discountTiers,
  };
}

/** Checked in the browser with the server's own schema, so both say the same words on the same fields. */
export function settingsFormSchema(kinds: readonly number[]) {
  return z.record(z.string(), z.string()).transform((values, context): ShopSettings => {
    const checked = shopSettingsSchema.safeParse(toBody(values, kinds));
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });
}
