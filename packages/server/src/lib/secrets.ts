// Secrets come from config; on a bare machine a random signing key is created once and kept in DATA_DIR.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

export function resolveJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.resolve(config.DATA_DIR, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
