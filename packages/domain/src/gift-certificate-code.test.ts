import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeCertificateCode, maskCertificateCode, parseCertificateCode } from './gift-certificate-code.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('gift certificate codes', () => {
  it('are five groups of four Crockford characters whose check character holds', () => {
    for (let run = 0; run < 200; run += 1) {
      const code = makeCertificateCode(randomBytes(12));
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
      expect(parseCertificateCode(code)).toEqual({ code, checkOk: true });
    }
  });

  it('differ for different bytes: 95 random bits', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => makeCertificateCode(randomBytes(12))));
    expect(codes.size).toBe(1000);
  });

  it('read what a person types: case, spaces, O for 0, I and L for 1', () => {
    const code = makeCertificateCode(Uint8Array.from({ length: 12 }, (_, index) => index * 17));
    const typed = code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    expect(parseCertificateCode(typed)).toEqual({ code, checkOk: true });
  });

  it('catch every single wrong character and every swap of two different neighbours but 0 and Z', () => {
    const code = makeCertificateCode(randomBytes(12));
    const compact = code.replace(/-/g, '');
    for (let index = 0; index < compact.length; index += 1) {
      for (const char of ALPHABET) {
        if (char === compact[index]) continue;
        const typo = compact.slice(0, index) + char + compact.slice(index + 1);
        expect(parseCertificateCode(typo)?.checkOk, typo).toBe(false);
      }
      const pair = `${compact[index]}${compact[index + 1]}`;
      // Luhn mod 32 cannot see 0 and Z (0 and 31) swapped, as Luhn mod 10 cannot see 09 → 90.
      if (
        index + 1 < compact.length &&
        compact[index] !== compact[index + 1] &&
        pair !== '0Z' &&
        pair !== 'Z0'
      ) {
        const swapped =
          compact.slice(0, index) + compact[index + 1] + compact[index] + compact.slice(index + 2);
        expect(parseCertificateCode(swapped)?.checkOk, swapped).toBe(false);
      }
    }
  });

  it('leave promo codes alone: another length or other letters is not a certificate', () => {
    expect(parseCertificateCode('EFIR10')).toBeNull();
    expect(parseCertificateCode('ВСЁСОСКИДКОЙ')).toBeNull();
    expect(parseCertificateCode('UUUU-UUUU-UUUU-UUUU-UUUU')).toBeNull();
  });

  it('are masked but for the last four characters', () => {
    expect(maskCertificateCode('7KQ2-M9XH-ABCD-EFGH-JKMN')).toBe('••••-••••-••••-••••-JKMN');
  });
});
