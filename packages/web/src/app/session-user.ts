// The user of GET /v1/user (spec §3 User), read defensively: a missing list or field becomes its empty value.

import type {
  AddressWire as UserAddress,
  PickupPointWire as UserPickupPoint,
} from '@efir/domain/account-schemas';
import type { HttpClient } from '../lib/http-client.ts';
import type { SessionUser } from './app-state.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function ids(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
}

function records<T>(value: unknown, read: (item: Record<string, unknown>) => T): T[] {
  return Array.isArray(value) ? value.filter(isRecord).map(read) : [];
}

export function normalizeAddress(item: Record<string, unknown>): UserAddress {
  return {
    id: Number(item.id),
    city: text(item.city),
    street: text(item.street),
    house: text(item.house),
    flat: text(item.flat),
    zip: text(item.zip),
    comment: text(item.comment),
  };
}

export function normalizePickupPoint(item: Record<string, unknown>): UserPickupPoint {
  return {
    id: Number(item.id),
    code: text(item.code),
    type: Number(item.type) || 0,
    name: text(item.name),
    address: text(item.address),
  };
}

export function normalizeAddresses(value: unknown): UserAddress[] {
  return records(value, normalizeAddress);
}

export function normalizePickupPoints(value: unknown): UserPickupPoint[] {
  return records(value, normalizePickupPoint);
}

/** A user object from the wire, or null when it is not one (no numeric id). */
export function normalizeUser(raw: unknown): SessionUser | null {
  if (!isRecord(raw) || typeof raw.id !== 'number' || raw.id <= 0) return null;
  const avatar = isRecord(raw.avatar) ? raw.avatar : {};
  const photo = typeof avatar.photo === 'string' && avatar.photo ? avatar.photo : null;
  return {
    ...raw,
    id: raw.id,
    name: text(raw.name),
    fam: text(raw.fam),
    email: text(raw.email),
    tel: text(raw.tel),
    avatar: { type: avatar.type === 'photo' && photo ? 'photo' : 'other', photo },
    skidka: typeof raw.skidka === 'number' ? raw.skidka : 0,
    birthday: typeof raw.birthday === 'string' && raw.birthday ? raw.birthday.slice(0, 10) : null,
    mailings: raw.mailings !== false,
    telegram: { linked: isRecord(raw.telegram) && raw.telegram.linked === true },
    favProducts: ids(raw.favProducts),
    favRecepts: ids(raw.favRecepts),
    favArticles: ids(raw.favArticles),
    waitlist: ids(raw.waitlist),
    addresses: normalizeAddresses(raw.addresses),
    pvz: normalizePickupPoints(raw.pvz),
  };
}

/** GET /v1/user; throws when the call fails or the answer carries no user. */
export async function fetchSessionUser(api: HttpClient): Promise<SessionUser> {
  const response = await api.get<{ user?: unknown }>('/v1/user', { suppressErrors: true });
  const user = normalizeUser(response?.user);
  if (!user) throw new Error('GET /v1/user answered without a user');
  return user;
}
