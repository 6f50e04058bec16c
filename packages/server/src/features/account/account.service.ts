// The user as the client sees it (spec §3 User): profile, discount, favourites, waitlist, addresses, pickup points.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { UserRow } from './account.repo.ts';
import { addresses, favorites, pickupPoints, waitlist } from './account.table.ts';

export interface UserWire {
  id: number;
  name: string;
  fam: string;
  email: string;
  tel: string;
  avatar: { type: 'photo' | 'other'; photo: string | null };
  skidka: number;
  birthday: string | null;
  mailings: boolean;
  telegram: { linked: boolean };
  favProducts: number[];
  favRecepts: number[];
  favArticles: number[];
  waitlist: number[];
  addresses: Array<{
    id: number;
    city: string;
    street: string;
    house: string;
    flat: string;
    zip: string;
    comment: string;
  }>;
  pvz: Array<{ id: number; code: string; type: number; name: string; address: string }>;
}

export async function getUserWire(db: Database, user: UserRow): Promise<UserWire> {
  const [favoriteRows, waitRows, addressRows, pickupRows] = await Promise.all([
    db.select().from(favorites).where(eq(favorites.userId, user.id)).orderBy(asc(favorites.createdAt)),
    db.select().from(waitlist).where(eq(waitlist.userId, user.id)).orderBy(asc(waitlist.createdAt)),
    db.select().from(addresses).where(eq(addresses.userId, user.id)).orderBy(asc(addresses.id)),
    db.select().from(pickupPoints).where(eq(pickupPoints.userId, user.id)).orderBy(asc(pickupPoints.id)),
  ]);
  const favoriteIds = (type: 'product' | 'recept' | 'article') =>
    favoriteRows.filter((row) => row.type === type).map((row) => row.itemId);
  return {
    id: user.id,
    name: user.name,
    fam: user.fam,
    email: user.email,
    tel: user.tel,
    avatar: { type: user.avatarType, photo: user.avatarPhoto },
    skidka: user.skidka,
    birthday: user.birthday,
    mailings: user.mailings,
    telegram: { linked: user.telegramChatId !== null },
    favProducts: favoriteIds('product'),
    favRecepts: favoriteIds('recept'),
    favArticles: favoriteIds('article'),
    waitlist: waitRows.map((row) => row.productId),
    addresses: addressRows.map(({ id, city, street, house, flat, zip, comment }) => ({
      id,
      city,
      street,
      house,
      flat,
      zip,
      comment,
    })),
    pvz: pickupRows.map(({ id, code, type, name, address }) => ({ id, code, type, name, address })),
  };
}
