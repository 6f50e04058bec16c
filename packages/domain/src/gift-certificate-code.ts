// Gift certificate codes (decision 045): 19 Crockford base32 characters (95 random bits) and a check character,
// written in five groups of four («7KQ2-M9XH-...»). Pure: generation takes its random bytes from the caller.

/** Crockford's base32: no I, L, O, U, so a code read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = ALPHABET.length;
export const CERTIFICATE_DATA_LENGTH = 19;
export const CERTIFICATE_CODE_LENGTH = CERTIFICATE_DATA_LENGTH + 1;

/**
 * Luhn mod 32 over the data characters: catches every single wrong character and every swap of two neighbours but
 * 0 ↔ Z (as Luhn mod 10 misses 09 ↔ 90) — the typos a person makes — before the code is looked up.
 */
function checkCharacter(data: string): string {
  let sum = 0;
  let double = true;
  for (let index = data.length - 1; index >= 0; index -= 1) {
    let value = ALPHABET.indexOf(data[index]!);
    if (double) {
      value *= 2;
      value = Math.floor(value / BASE) + (value % BASE);
    }
    sum += value;
    double = !double;
  }
  return ALPHABET[(BASE - (sum % BASE)) % BASE]!;
}

/** Groups of four with hyphens: how a code is printed and shown. */
export function formatCertificateCode(compact: string): string {
  return compact.match(/.{1,4}/g)!.join('-');
}

/** A code made of `bytes` (at least 12 random bytes; 95 bits are used), formatted. */
export function makeCertificateCode(bytes: Uint8Array): string {
  if (bytes.length < 12) throw new RangeError('A certificate code needs at least 12 random bytes');
  let bits = 0n;
  for (const byte of bytes.subarray(0, 12)) bits = (bits << 8n) | BigInt(byte);
  let data = '';
  for (let index = 0; index < CERTIFICATE_DATA_LENGTH; index += 1) {
    data += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return formatCertificateCode(data + checkCharacter(data));
}

/**
 * What the buyer typed, as the stored code (formatted), or null when it is not a certificate code at all: spaces and
 * hyphens dropped, lower case raised, the letters Crockford reads as digits (O → 0, I and L → 1) mapped.
 */
export function parseCertificateCode(typed: string): { code: string; checkOk: boolean } | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== CERTIFICATE_CODE_LENGTH) return null;
  if ([...compact].some((char) => !ALPHABET.includes(char))) return null;
  const data = compact.slice(0, CERTIFICATE_DATA_LENGTH);
  return { code: formatCertificateCode(compact), checkOk: checkCharacter(data) === compact.at(-1) };
}

/** The code as the back office and the account show it: only the last four characters. */
export function maskCertificateCode(code: string): string {
  return `••••-••••-••••-••••-${code.slice(-4)}`;
}
