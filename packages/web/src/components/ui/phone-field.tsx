// The shop's one phone field (issue 35): the «+7 (XXX) XXX-XX-XX» mask of editRussianPhone on every keystroke, paste
// and autofill, with the caret kept after the digit the person is at. «Купить в 1 клик», the checkout, registration
// and the account's personal data all use it, so a number is typed and read the same way everywhere.
import { editRussianPhone, maskRussianPhoneInput } from '@efir/domain/phone';
import { TextField, type TextFieldProps } from './form.tsx';

export interface PhoneFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type'> {
  value: string;
  onValueChange(value: string): void;
}

export function PhoneField({ value, onValueChange, onBlur, ...field }: PhoneFieldProps) {
  return (
    <TextField
      inputMode="tel"
      autoComplete="tel"
      placeholder="+7 (___) ___-__-__"
      {...field}
      type="tel"
      value={value}
      onChange={(event) => {
        const input = event.target;
        const next = editRussianPhone({
          input: input.value,
          caret: input.selectionStart ?? undefined,
          previous: value,
          inputType: (event.nativeEvent as InputEvent).inputType,
        });
        // Written into the field here, with its caret, so React finds the field already showing the new value and
        // leaves the caret where the person is editing (a re-rendered value would send it to the end).
        input.value = next.value;
        if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
        onValueChange(next.value);
      }}
      onBlur={(event) => {
        // A code without a number («+7») is an empty field; text put in before the app started gets its mask.
        const digits = value.replace(/\D/g, '');
        const tidy = digits.length <= 1 ? '' : maskRussianPhoneInput(value);
        if (tidy !== value) onValueChange(tidy);
        onBlur?.(event);
      }}
    />
  );
}
