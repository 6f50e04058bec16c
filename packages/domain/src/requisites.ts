// Check digits of Russian requisites, as the Federal Tax Service and the Bank of Russia define them: an invoice with
// a mistyped ИНН or account is refused by the buyer's bank, so the back office refuses it first.

const digitsOnly = (value: string, length: number) => value.length === length && /^\d+$/.test(value);

function weighted(value: string, weights: readonly number[]): number {
  return weights.reduce((sum, weight, index) => sum + weight * Number(value[index]), 0);
}

/** ИНН: 10 digits (an organisation) or 12 (a person or sole trader), the last one or two are check digits. */
export function isValidInn(value: string): boolean {
  if (digitsOnly(value, 10)) {
    return (weighted(value, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10 === Number(value[9]);
  }
  if (digitsOnly(value, 12)) {
    const first = (weighted(value, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
    const second = (weighted(value, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
    return first === Number(value[10]) && second === Number(value[11]);
  }
  return false;
}

/** ОГРН (13 digits) or ОГРНИП (15): the number without its last digit, modulo 11 (13) or 13 (15), then modulo 10. */
export function isValidOgrn(value: string): boolean {
  if (digitsOnly(value, 13)) return Number(BigInt(value.slice(0, 12)) % 11n) % 10 === Number(value[12]);
  if (digitsOnly(value, 15)) return Number(BigInt(value.slice(0, 14)) % 13n) % 10 === Number(value[14]);
  return false;
}

export const isValidKpp = (value: string) => /^\d{4}[\dA-Z]{2}\d{3}$/.test(value);
export const isValidBik = (value: string) => digitsOnly(value, 9);

const ACCOUNT_WEIGHTS = [7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1];

/** A settlement account (20 digits) checked with its bank's БИК: the last three digits of the БИК before it. */
export function isValidAccount(account: string, bik: string): boolean {
  if (!digitsOnly(account, 20) || !isValidBik(bik)) return false;
  return weighted(bik.slice(-3) + account, ACCOUNT_WEIGHTS) % 10 === 0;
}

/** A correspondent account (20 digits, starts 301): «0» and the БИК's 5th–6th digits before it. */
export function isValidCorrespondentAccount(account: string, bik: string): boolean {
  if (!digitsOnly(account, 20) || !isValidBik(bik) || !account.startsWith('301')) return false;
  return weighted(`0${bik.slice(4, 6)}${account}`, ACCOUNT_WEIGHTS) % 10 === 0;
}
