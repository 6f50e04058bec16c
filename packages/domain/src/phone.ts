// Russian phone numbers normalised to +7XXXXXXXXXX and shown as +7 (XXX) XXX-XX-XX; the phone field's mask.

/** Accepts 8 (900) 123-45-67, +7 900 123 45 67, 9001234567…; null when it is not a Russian number. */
export function normalizeRussianPhone(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 10) digits = `7${digits}`;
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  if (digits.length !== 11 || !digits.startsWith('7')) return null;
  return `+${digits}`;
}

export function formatRussianPhone(normalized: string): string {
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(normalized);
  return match ? `+7 (${match[1]}) ${match[2]}-${match[3]}-${match[4]}` : normalized;
}

/** What the field holds after an edit, and where its caret goes. */
export interface PhoneFieldState {
  value: string;
  caret: number;
}

export interface PhoneFieldEdit {
  /** The field's text after the browser applied the keystroke, paste or autofill. */
  input: string;
  /** The caret in `input` (selectionStart); the end of the text when unknown. */
  caret?: number | undefined;
  /** The field's text before the edit: tells a Backspace over a separator from one over a digit. */
  previous?: string | undefined;
  /** InputEvent.inputType, e.g. 'deleteContentBackward'. */
  inputType?: string | undefined;
}

const TRUNK_OR_COUNTRY = /^[78]$/;

/** Positions of the digits of `text`. */
function digitPositions(text: string): number[] {
  const positions: number[] = [];
  for (let index = 0; index < text.length; index++) if (/\d/.test(text[index]!)) positions.push(index);
  return positions;
}

/**
 * How many leading digits are the country code (and a trunk 8 typed after it), read the way people write Russian
 * numbers: «+7 …» — the 7 is the code; a leading 8 or 7 without «+» is the code too (8 916 …, 7 916 …), except in a
 * ten-digit number, which is the number itself (812 123-45-67 pasted whole); and after «+7» an eleventh digit means
 * the first one typed was the trunk 8 (or a 7 again): «+7 (8916…» becomes «+7 (916…».
 */
function countryDigits(text: string, digits: string): number {
  const plus = text.trimStart().startsWith('+');
  const first = digits[0] ?? '';
  let drop = 0;
  if (plus) drop = first === '7' || (first === '8' && digits.length === 11) ? 1 : 0;
  else if (TRUNK_OR_COUNTRY.test(first) && digits.length !== 10) drop = 1;
  const national = digits.slice(drop);
  if (drop === 1 && national.length > 10 && TRUNK_OR_COUNTRY.test(national[0]!)) drop = 2;
  return drop;
}

function maskNational(national: string): string {
  let masked = `+7 (${national.slice(0, 3)}`;
  if (national.length > 3) masked += `) ${national.slice(3, 6)}`;
  if (national.length > 6) masked += `-${national.slice(6, 8)}`;
  if (national.length > 8) masked += `-${national.slice(8, 10)}`;
  return masked;
}

/** A Backspace or Delete that met only a separator takes the digit next to it, so the mask cannot undo it. */
function withDigitDeleted(edit: PhoneFieldEdit, caret: number): { input: string; caret: number } {
  const { input, previous, inputType } = edit;
  if (previous === undefined || !inputType?.startsWith('delete')) return { input, caret };
  if (input.replace(/\D/g, '') !== previous.replace(/\D/g, '')) return { input, caret };
  const positions = digitPositions(input);
  const target =
    inputType === 'deleteContentForward'
      ? positions.find((position) => position >= caret)
      : positions.filter((position) => position < caret).at(-1);
  if (target === undefined) return { input, caret };
  return {
    input: input.slice(0, target) + input.slice(target + 1),
    caret: inputType === 'deleteContentForward' ? caret : target,
  };
}

/**
 * The «+7 (XXX) XXX-XX-XX» mask of a phone field, applied on every edit (typing, deleting, pasting, autofill): the
 * ten digits of the number fill the mask, the country code is read as countryDigits says, and the caret stays after
 * the same digit it followed in what the person typed, so editing inside the number never sends it to the end.
 * Without digits the text shrinks to «+7» or nothing, so the field can be emptied.
 */
export function editRussianPhone(edit: PhoneFieldEdit): PhoneFieldState {
  const deleted = withDigitDeleted(edit, edit.caret ?? edit.input.length);
  const { input } = deleted;
  const positions = digitPositions(input);
  const digits = positions.map((position) => input[position]).join('');
  const drop = countryDigits(input, digits);
  const national = digits.slice(drop, drop + 10);
  if (national === '') {
    const trimmed = input.trim();
    if (trimmed === '' || trimmed === '+') return { value: trimmed, caret: trimmed.length };
    // «8» or «7» typed into an empty field: the code is in, the area code comes next.
    const value = trimmed.startsWith('+') ? '+7' : '+7 (';
    return { value, caret: value.length };
  }
  const value = maskNational(national);
  const before = positions.filter((position) => position < deleted.caret).length - drop;
  const digitsBefore = Math.min(Math.max(before, 0), national.length);
  if (digitsBefore === 0) return { value, caret: 4 };
  const masked = digitPositions(value).slice(1); // the first digit of the mask is the country code's 7
  return { value, caret: masked[digitsBefore - 1]! + 1 };
}

/** The mask of a whole text (a paste, a saved number), as editRussianPhone gives it. */
export function maskRussianPhoneInput(input: string): string {
  return editRussianPhone({ input }).value;
}
