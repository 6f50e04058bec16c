// OWASP's «device cookies» against account lock-out: a browser where a customer has logged in before carries a
// signed cookie naming that login, and its failed attempts count on their own. A stranger guessing the password
// (from anywhere) then locks out only the untrusted clients, never the owner's own browser
// (docs/decisions/013-login-lockout.md).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'efir_device';
export const DEVICE_COOKIE_DAYS = 365;

export interface DeviceCookies {
  /** A new cookie value for this e-mail. */
  issue(email: string): string;
  /** The device's id if the cookie is ours and was issued for this e-mail; null otherwise. */
  verify(value: string | undefined, email: string): string | null;
}

export function createDeviceCookies(secret: string): DeviceCookies {
  const sign = (nonce: string, email: string) =>
    createHmac('sha256', secret).update(`device:${nonce}:${email.trim().toLowerCase()}`).digest('base64url');
  return {
    issue(email) {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${sign(nonce, email)}`;
    },
    verify(value, email) {
      const [nonce, signature, extra] = (value ?? '').split('.');
      if (!nonce || !signature || extra !== undefined || !/^[\w-]{16,64}$/.test(nonce)) return null;
      const expected = Buffer.from(sign(nonce, email));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
    },
  };
}
