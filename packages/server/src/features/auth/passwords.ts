// Password hashing with argon2id (OWASP parameters) and the check against common passwords.
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP Password Storage Cheat Sheet: m = 19 MiB, t = 2, p = 1. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

const common = new Set<string>((dictionary.passwords as string[]).map((password) => password.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the e-mail is unknown, so both paths take the same time. */
let decoyHash: Promise<string> | null = null;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-that-nobody-has');
  return decoyHash;
}
