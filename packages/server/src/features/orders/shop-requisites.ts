// The shop's legal entity and bank account as the papers print them (invoice, receipt). Read through this one
// function: when the requisites move into the back office's settings (branch `catalogsettings`), only its body
// changes — to a read of the settings.
import { SHOP, SHOP_REQUISITES } from '@efir/domain/shop-info';
import type { Database } from '../../db/client.ts';

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

export async function readShopRequisites(_db: Database): Promise<ShopRequisites> {
  return { ...SHOP_REQUISITES, phone: SHOP.phones[0].display, email: SHOP.email };
}
