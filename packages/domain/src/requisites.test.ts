// Check digits of Russian requisites against real, published ones (Sberbank's) and one digit off each.
import { describe, expect, it } from 'vitest';
import {
  isValidAccount,
  isValidCorrespondentAccount,
  isValidInn,
  isValidKpp,
  isValidOgrn,
} from './requisites.ts';
import { SHOP_REQUISITES } from './shop-info.ts';

describe('requisites', () => {
  it('accepts Sberbank’s ИНН, ОГРН and correspondent account, and refuses each with one digit changed', () => {
    expect(isValidInn('7707083893')).toBe(true);
    expect(isValidInn('7707083894')).toBe(false);
    expect(isValidOgrn('1027700132195')).toBe(true);
    expect(isValidOgrn('1027700132196')).toBe(false);
    expect(isValidCorrespondentAccount('30101810400000000225', '044525225')).toBe(true);
    expect(isValidCorrespondentAccount('30101810400000000226', '044525225')).toBe(false);
  });

  it('checks a 12-digit ИНН by both check digits, and refuses other lengths and letters', () => {
    expect(isValidInn('500100732259')).toBe(true);
    expect(isValidInn('500100732258')).toBe(false);
    expect(isValidInn('500100732269')).toBe(false);
    expect(isValidInn('77070838')).toBe(false);
    expect(isValidInn('77070838a3')).toBe(false);
  });

  it('checks a settlement account against its bank’s БИК', () => {
    expect(isValidAccount('40702810938000000001', '044525225')).toBe(true);
    expect(isValidAccount('40702810938000000002', '044525225')).toBe(false);
    // The same account at another bank does not add up.
    expect(isValidAccount('40702810938000000001', '044525974')).toBe(false);
    expect(isValidAccount('4070281093800000000', '044525225')).toBe(false);
  });

  it('takes a КПП of 9 characters, the 5th and 6th may be letters', () => {
    expect(isValidKpp('770501001')).toBe(true);
    expect(isValidKpp('7705AB001')).toBe(true);
    expect(isValidKpp('77050100')).toBe(false);
  });

  it('has demo requisites the settings form accepts as they are', () => {
    expect(isValidInn(SHOP_REQUISITES.inn)).toBe(true);
    expect(isValidOgrn(SHOP_REQUISITES.ogrn)).toBe(true);
    expect(isValidAccount(SHOP_REQUISITES.account, SHOP_REQUISITES.bik)).toBe(true);
    expect(isValidCorrespondentAccount(SHOP_REQUISITES.correspondentAccount, SHOP_REQUISITES.bik)).toBe(true);
  });
});
