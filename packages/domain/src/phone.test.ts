// The phone field's +7 mask: typed digit by digit, pasted in any common spelling, edited inside — it holds the whole
// number in the spec's +7 form and keeps the caret after the digit the person is at.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  editRussianPhone,
  maskRussianPhoneInput,
  normalizeRussianPhone,
  type PhoneFieldState,
} from './phone.ts';

/** Types `keys` one by one at the caret, as a browser does, masking after each key. */
function typeInto(start: PhoneFieldState, keys: string): PhoneFieldState {
  let field = start;
  for (const key of keys) {
    const input = field.value.slice(0, field.caret) + key + field.value.slice(field.caret);
    field = editRussianPhone({
      input,
      caret: field.caret + 1,
      previous: field.value,
      inputType: 'insertText',
    });
  }
  return field;
}

function backspace(field: PhoneFieldState): PhoneFieldState {
  const input = field.value.slice(0, field.caret - 1) + field.value.slice(field.caret);
  return editRussianPhone({
    input,
    caret: field.caret - 1,
    previous: field.value,
    inputType: 'deleteContentBackward',
  });
}

const EMPTY = { value: '', caret: 0 };
const national = fc.stringMatching(/^\d{10}$/);

describe('editRussianPhone', () => {
  it('reads a leading 8, 7 or +7 typed digit by digit as the country code and keeps all eleven digits', () => {
    for (const keys of ['89161234567', '79161234567', '+79161234567', '9161234567']) {
      const field = typeInto(EMPTY, keys);
      expect(field, keys).toEqual({ value: '+7 (916) 123-45-67', caret: 18 });
      expect(normalizeRussianPhone(field.value)).toBe('+79161234567');
    }
  });

  it('shows the code at once: an 8 typed into the empty field becomes «+7 (»', () => {
    expect(typeInto(EMPTY, '8')).toEqual({ value: '+7 (', caret: 4 });
    expect(typeInto(EMPTY, '89')).toEqual({ value: '+7 (9', caret: 5 });
    // After the code an 8 is the area code (St Petersburg)…
    expect(typeInto(EMPTY, '8812').value).toBe('+7 (812');
    // …unless an eleventh digit shows it was the trunk 8 typed after a shown «+7».
    expect(typeInto({ value: '+7 (', caret: 4 }, '89161234567').value).toBe('+7 (916) 123-45-67');
  });

  it('takes pasted numbers in the usual spellings', () => {
    for (const pasted of [
      '8 (916) 123-45-67',
      '+7 916 123 45 67',
      '+7(916)1234567',
      '79161234567',
      '8-916-123-45-67',
      '9161234567',
      ' +7 (916) 123-45-67 ',
      '+8 916 123 45 67',
    ])
      expect(maskRussianPhoneInput(pasted), pasted).toBe('+7 (916) 123-45-67');
    // A whole ten-digit number keeps its 8: it is the area code.
    expect(maskRussianPhoneInput('812 123-45-67')).toBe('+7 (812) 123-45-67');
    // A paste into a field already showing «+7 (».
    expect(editRussianPhone({ input: '+7 (8 916 123-45-67' }).value).toBe('+7 (916) 123-45-67');
  });

  it('any number in any common spelling, pasted or typed key by key, ends as the same eleven digits', () => {
    const spelling = fc.record({
      prefix: fc.constantFrom('', '8', '7', '+7', '+7 ', '8 ', '+7 (', '8('),
      separators: fc.array(fc.constantFrom('', ' ', '-', ')', ' ('), { minLength: 10, maxLength: 10 }),
    });
    fc.assert(
      fc.property(national, spelling, (digits, { prefix, separators }) => {
        const text = prefix + [...digits].map((digit, index) => digit + separators[index]).join('');
        const expected = `+7${digits}`;
        if (!(prefix === '' && /^[78]/.test(digits))) {
          expect(normalizeRussianPhone(maskRussianPhoneInput(text))).toBe(expected);
        }
        const typed = typeInto(
          EMPTY,
          prefix.replace(/\D/g, '') === '' && prefix.includes('+') ? `+7${digits}` : `8${digits}`,
        );
        expect(normalizeRussianPhone(typed.value)).toBe(expected);
        expect(typed.caret).toBe(typed.value.length);
      }),
    );
  });

  it('keeps the caret after the digit being edited inside the number', () => {
    const whole = { value: '+7 (916) 123-45-67', caret: 7 }; // after «916»
    const deleted = backspace(whole);
    expect(deleted).toEqual({ value: '+7 (911) 234-56-7', caret: 6 });
    expect(typeInto(deleted, '5')).toEqual({ value: '+7 (915) 123-45-67', caret: 7 });
    // Backspace right after a separator takes the digit before it.
    expect(backspace({ value: '+7 (916) 123-45-67', caret: 9 })).toEqual({
      value: '+7 (911) 234-56-7',
      caret: 6,
    });
    expect(backspace({ value: '+7 (916) 123-45-67', caret: 12 })).toEqual({
      value: '+7 (916) 124-56-7',
      caret: 11,
    });
    // A digit typed in the middle moves the caret on by one digit, over a separator if one comes next.
    expect(typeInto({ value: '+7 (916) 123-45-6', caret: 7 }, '0')).toEqual({
      value: '+7 (916) 012-34-56',
      caret: 10,
    });
  });

  it('lets the field be emptied and never grows past ten digits', () => {
    expect(backspace({ value: '+7 (9', caret: 5 })).toEqual({ value: '+7', caret: 2 });
    expect(backspace({ value: '+7', caret: 2 })).toEqual({ value: '+', caret: 1 });
    expect(backspace({ value: '+', caret: 1 })).toEqual({ value: '', caret: 0 });
    expect(maskRussianPhoneInput('+7 (')).toBe('+7');
    expect(maskRussianPhoneInput('')).toBe('');
    expect(typeInto({ value: '+7 (916) 123-45-67', caret: 18 }, '8')).toEqual({
      value: '+7 (916) 123-45-67',
      caret: 18,
    });
  });
});
