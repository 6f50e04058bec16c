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
