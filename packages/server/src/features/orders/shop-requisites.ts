// The shop's legal entity and bank account as the papers print them (invoice, receipt): the owner's settings
// (decision 060) — what «Настройки» holds now, without a restart.
import { toPublicShop } from '@efir/domain/shop-defaults';
import type { ShopSettings } from '@efir/domain/shop-settings';

export interface ShopRequisites {
  company: string;
  inn: string;
  kpp: string;
  ogrn: string;
  address: string;
  bank: string;
  account: string;
  correspondentAccount: string;
  bik: string;
  phone: string;
  email: string;
}

export async function readShopRequisites(settings: {
  get(): Promise<ShopSettings>;
}): Promise<ShopRequisites> {
  const current = await settings.get();
  const shop = toPublicShop(current);
  return { ...current.requisites, phone: shop.phones[0]?.display ?? '', email: shop.email };
}
