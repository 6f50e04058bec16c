// The one place environment variables are read: parsed once by a zod schema, a bad value stops the start.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Product pictures and other images; by default inside DATA_DIR. */
  IMAGES_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /** Signs access tokens (HS256); at least 32 characters. Without it a random one is kept in DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** smtp://user:pass@host:port or smtps://…; without it letters go to the outbox table and the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Эфир <info@efir-shop.ru>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** How long read-only answers (page data, search) are served from memory; 0 turns the cache off. */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  SEED_DEMO: booleanFlag.default(true),
  TRUST_PROXY: booleanFlag.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
});

export type Config = z.infer<typeof envSchema> & {
  isProduction: boolean;
  isTest: boolean;
  imagesDir: string;
};

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const withoutEmpty = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(withoutEmpty);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = env[name];
      const shown =
        value === undefined ? '' : ` (got "${name.match(/URL|SECRET|KEY|PASSWORD/) ? '***' : value}")`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration / Неверная настройка окружения:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    imagesDir: path.resolve(parsed.data.IMAGES_DIR ?? path.join(parsed.data.DATA_DIR, 'images')),
    isProduction: parsed.data.NODE_ENV === 'production',
    isTest: parsed.data.NODE_ENV === 'test',
  };
}

/** A config for tests: defaults plus overrides, without touching process.env. */
export function createTestConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    IMAGES_DIR: path.join(os.tmpdir(), 'efir-test-images'),
    // Tests change data between requests; the cache itself has its own tests.
    PAGE_CACHE_TTL_MS: '0',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...overrides,
  });
}
