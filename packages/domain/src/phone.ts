// Russian phone numbers normalised to +7XXXXXXXXXX and shown as +7 (XXX) XXX-XX-XX.

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

/**
 * The «+7 (XXX) XXX-XX-XX» mask of a phone field, applied as the visitor types or pastes: digits after «+7» fill the
 * mask; a pasted 8 916 … or 7 916 … (eleven digits) loses its trunk prefix. Without digits the text stays as typed,
 * so the field can be emptied.
 */
export function maskRussianPhoneInput(input: string): string {
  const trimmed = input.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+7')) digits = digits.slice(1);
  else if (digits.length === 11 && /^[78]/.test(digits)) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits === '') return trimmed.startsWith('+') ? trimmed.slice(0, 2) : '';
  let masked = `+7 (${digits.slice(0, 3)}`;
  if (digits.length > 3) masked += `) ${digits.slice(3, 6)}`;
  if (digits.length > 6) masked += `-${digits.slice(6, 8)}`;
  if (digits.length > 8) masked += `-${digits.slice(8, 10)}`;
  return masked;
}
