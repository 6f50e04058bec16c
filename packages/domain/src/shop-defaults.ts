// The shop settings' defaults and the part every page shows (decision 060), without the settings' zod schemas: the
// web's start-up code imports this (the header and footer before the critical data arrives), so it stays light.
import { DELIVERY_KINDS, type DeliveryKindId } from './delivery-catalogue.ts';
import { FREE_DELIVERY_FROM } from './delivery-tariffs.ts';
import { formatRussianPhone } from './phone.ts';
import { SHOP, SHOP_REQUISITES } from './shop-info.ts';
import type { PublicShop, ShopSettings } from './shop-settings.ts';

const KIND_IDS = Object.keys(DELIVERY_KINDS).map(Number) as DeliveryKindId[];

/** The settings before the owner saved any: today's constants (the discount tiers come from the server's config). */
export function defaultShopSettings(discountTiers: ShopSettings['discountTiers']): ShopSettings {
  return {
    name: SHOP.name,
    slogan: SHOP.slogan,
    city: SHOP.city,
    email: SHOP.email,
    ownerEmail: SHOP.email,
    phones: SHOP.phones.map((phone) => ({ phone: phone.href.replace(/^tel:/, ''), note: phone.note })),
    hours: SHOP.hours,
    address: { street: SHOP.address.street, city: SHOP.address.city, postalCode: SHOP.address.postalCode },
    requisites: { ...SHOP_REQUISITES },
    freeDeliveryFrom: KIND_IDS.map((kind) => ({ kind, from: FREE_DELIVERY_FROM[kind] ?? null })),
    discountTiers: discountTiers.map((tier) => ({ ...tier })),
  };
}

export function toPublicShop(settings: ShopSettings): PublicShop {
  return {
    name: settings.name,
    slogan: settings.slogan,
    city: settings.city,
    phones: settings.phones.map((phone) => ({
      display: formatRussianPhone(phone.phone),
      href: `tel:${phone.phone}`,
      note: phone.note,
    })),
    email: settings.email,
    hours: settings.hours,
    address: { ...settings.address, country: 'RU' },
    freeDeliveryFrom: settings.freeDeliveryFrom,
  };
}

/** The public part before the critical data arrives (and in tests): the defaults. */
export const DEFAULT_PUBLIC_SHOP: PublicShop = toPublicShop(defaultShopSettings([]));

/** The free-delivery threshold of one kind, from the live list. */
export function freeDeliveryThreshold(
  list: ReadonlyArray<{ kind: number; from: number | null }>,
  kind: number,
): number | null {
  return list.find((entry) => entry.kind === kind)?.from ?? null;
}
