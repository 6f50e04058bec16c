// The signed-in customer of the web's tests (Анна Смирнова) as GET /v1/user answers her: one fixture of the wire's
// user for the page tests (dom-shop.tsx) and the session and bootstrap tests, each changing only what it is about.
import type { UserWire } from '@efir/domain/account-schemas';

export function sessionUser(overrides: Partial<UserWire> = {}): UserWire {
  return {
    id: 7,
    name: 'Анна',
    fam: 'Смирнова',
    email: 'anna@example.ru',
    tel: '+79001234567',
    avatar: { type: 'other', photo: null },
    skidka: 3,
    birthday: null,
    mailings: true,
    telegram: { linked: false },
    favProducts: [],
    favRecepts: [],
    favArticles: [],
    waitlist: [],
    addresses: [],
    pvz: [],
    ...overrides,
  };
}
