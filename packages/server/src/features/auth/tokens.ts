// Access tokens (short-lived JWTs, HS256 only) and the random secrets behind refresh and one-time tokens.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { unauthenticated } from '../../lib/app-error.ts';

export interface AccessClaims {
  userId: number;
  tokenVersion: number;
}

export interface AccessTokens {
  issue(claims: AccessClaims): Promise<{ token: string; expiresIn: number }>;
  /** Throws a 401 AppError with TOKEN_EXPIRED or TOKEN_INVALID. */
  verify(token: string): Promise<AccessClaims>;
}

const ISSUER = 'efir';
const AUDIENCE = 'efir-web';

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async issue({ userId, tokenVersion }) {
      const token = await new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
      return { token, expiresIn: ttlSeconds };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') {
          throw unauthenticated('TOKEN_INVALID');
        }
        return { userId, tokenVersion };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthenticated('TOKEN_EXPIRED');
        throw unauthenticated('TOKEN_INVALID');
      }
    },
  };
}

/** A token handed to the browser: `<id>.<secret>`; only sha256(secret) is stored. */
export function createOpaqueToken(): { id: string; secret: string; value: string; hash: string } {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  return { id, secret, value: `${id}.${secret}`, hash: hashSecret(secret) };
}

export function parseOpaqueToken(value: string | undefined): { id: string; secret: string } | null {
  if (!value) return null;
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(value);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
