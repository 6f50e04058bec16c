// The phone field's +7 mask keeps what was typed or pasted and gives the number the phone rules accept.
import { describe, expect, it } from 'vitest';
import { maskRussianPhoneInput, normalizeRussianPhone } from './phone.ts';

describe('maskRussianPhoneInput', () => {
  it('fills the mask digit by digit as the visitor types', () => {
    let field = '';
    for (const key of '9161234567') field = maskRussianPhoneInput(field + key);
    expect(field).toBe('+7 (916) 123-45-67');
    expect(normalizeRussianPhone(field)).toBe('+79161234567');
  });

  it('takes pasted numbers in the usual Russian spellings', () => {
    expect(maskRussianPhoneInput('8 (916) 123-45-67')).toBe('+7 (916) 123-45-67');
    expect(maskRussianPhoneInput('+7 916 123 45 67')).toBe('+7 (916) 123-45-67');
    expect(maskRussianPhoneInput('79161234567')).toBe('+7 (916) 123-45-67');
    // A St Petersburg number typed without the prefix keeps its 8: it is the code, not a trunk prefix.
    expect(maskRussianPhoneInput('812')).toBe('+7 (812');
  });

  it('lets the field be emptied and never grows past ten digits', () => {
    expect(maskRussianPhoneInput('+7 (')).toBe('+7');
    expect(maskRussianPhoneInput('+')).toBe('+');
    expect(maskRussianPhoneInput('')).toBe('');
    expect(maskRussianPhoneInput('+7 (916) 123-45-678')).toBe('+7 (916) 123-45-67');
  });
});
