// The one place environment variables are read: parsed once by a zod schema, a bad value stops the start.

import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

/** TRUST_PROXY: 0/no → none; 1/yes → one hop; N → N hops; «10.0.0.1, 10.0.0.0/8» → those addresses. */
const trustedProxies = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^(0|1|true|false|yes|no|\d{1,2})$/.test(value) ||
      value.split(',').every((part) => {
        const [address, bits] = part.trim().split('/');
        return isIP(address ?? '') !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
      }),
    'must be 0, 1, a number of proxies, or their addresses (10.0.0.1, 10.0.0.0/8)',
  )
  .transform((value): false | number | string[] => {
    if (['0', 'false', 'no'].includes(value)) return false;
    if (['1', 'true', 'yes'].includes(value)) return 1;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((part) => part.trim());
  });

/** «5000:3,15000:5,30000:10»: from this many ₽ of completed orders, this percent; both rising. */
const discountTiers = z
  .string()
  .regex(/^\s*\d+\s*:\s*\d+\s*(,\s*\d+\s*:\s*\d+\s*)*$/, 'must be amount:percent pairs, e.g. 5000:3,15000:5')
  .transform((value) =>
    value
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const [from, percent] = pair.split(':').map((part) => part.trim());
        return { from: Number(from), percent: Number(percent) };
      }),
  )
  .pipe(
    z
      .array(
        z.object({
          from: z.number().int().min(1),
          percent: z.number().int().min(1, 'percent must be 1-90').max(90, 'percent must be 1-90'),
        }),
      )
      .max(20)
      .refine(
        (tiers) =>
          tiers.every(
            (tier, index) =>
              index === 0 || (tier.from > tiers[index - 1]!.from && tier.percent > tiers[index - 1]!.percent),
          ),
        'must be amount:percent pairs (whole ₽ : whole percent 1-90), both rising, e.g. 5000:3,15000:5',
      ),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Where customers reach the shop; by default http://localhost:<PORT> (links in letters and payments use it). */
  PUBLIC_URL: z.url().optional(),
  /**
   * The one host the shop answers on, e.g. efir.ru: a request for any other Host (www.efir.ru, an IP, an old domain)
   * is sent there with 301, path and query kept — for deployments without a proxy that does it. Health checks exempt.
   */
  CANONICAL_HOST: z
    .string()
    .regex(
      /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i,
      'must be a host name without scheme or path, e.g. efir.ru',
    )
    .transform((value) => value.toLowerCase())
    .optional(),
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
  /**
   * Prefix of every Redis key and channel: shops sharing one Redis server must not hear each other (pub/sub ignores
   * the database number). Default: «efir:» and a digest of the shop's database, so instances of one shop agree.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits, «_ . : -», up to 64 characters')
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
  /** Where the owner hears of each new order by letter (decision 057); none: no letter. */
  OWNER_NOTIFY_EMAIL: z.email('must be an e-mail address').optional(),
  /** The owner's Telegram chat id for a message on each new order (the bot must be allowed to write there). */
  OWNER_TELEGRAM_CHAT_ID: z
    .string()
    .regex(/^-?\d{1,20}$/, 'must be a Telegram chat id (digits)')
    .optional(),
  /** Run the outbox worker (letters, Telegram messages, abandoned-cart reminders) in this instance. */
  OUTBOX_WORKER: booleanFlag.default(true),
  /** How often the worker looks for due letters (it is also woken when this instance queues one). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Attempts per letter before it is marked failed (the back office can send it again). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Wait after the first failure; each next one doubles it (at most 6 hours). */
  OUTBOX_RETRY_BASE_S: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Hours a logged-in customer's cart stays untouched before the one reminder letter; 0 turns reminders off. */
  ABANDONED_CART_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
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
  /** New shop reviews appear on /reviews at once instead of waiting for a moderator (demo mode). */
  REVIEWS_AUTOPUBLISH: booleanFlag.default(false),
  /**
   * The proxies in front of the shop whose X-Forwarded-* are believed (Fastify's trustProxy): how many hops (1 or
   * yes: one proxy), or their addresses and networks; the client's address is the one the last trusted proxy saw.
   */
  TRUST_PROXY: trustedProxies.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Personal discount tiers by completed orders (spec §6). */
  DISCOUNT_TIERS: discountTiers.default(discountTiers.parse('5000:3,15000:5,30000:10')),
  /** Token of the shop's bot from @BotFather; without it Telegram messages are only logged. */
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  /** The bot's username, for t.me links (without @). */
  TELEGRAM_BOT_NAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'must be a Telegram bot username without @')
    .default('efir_consult_bot'),
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** Telegram sends it in X-Telegram-Bot-Api-Secret-Token (setWebhook secret_token); without it the webhook is off. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16-256 characters: letters, digits, _ and -')
    .optional(),
  /** YooKassa shop id (Basic auth user); with YOOKASSA_SECRET_KEY turns card payments on, else the test gateway answers. */
  YOOKASSA_SHOP_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'must be the numeric shop id from the YooKassa account')
    .optional(),
  /** YooKassa secret key (Basic auth password); never logged. */
  YOOKASSA_SECRET_KEY: z.string().min(8, 'must be the secret key from the YooKassa account').optional(),
  YOOKASSA_API_URL: z.url().default('https://api.yookassa.ru/v3'),
  /** vat_code of 54-FZ receipt items: 1 = без НДС, 2 = 0 %, 3 = 10 %, 4 = 20 %, 5 = 10/110, 6 = 20/120, 7–12 newer rates. */
  YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).default(1),
  /** CDEK API v2 (OAuth client credentials); without both, CDEK prices and points come from the offline tables. */
  CDEK_CLIENT_ID: z.string().min(1).optional(),
  CDEK_CLIENT_SECRET: z.string().min(1).optional(),
  /** CDEK's test environment by default; production is https://api.cdek.ru. */
  CDEK_API_URL: z.url().default('https://api.edu.cdek.ru'),
  /**
   * The secret part of the address CDEK's webhooks are sent to: /api/v1/cdek/webhook/<secret> (register it with
   * CDEK's POST /v2/webhooks, type ORDER_STATUS). Without it the webhook is off (decision 029).
   */
  CDEK_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16-256 characters: letters, digits, _ and -')
    .optional(),
  /** Minutes between asking CDEK's API about each shipped parcel (with CDEK keys); 0 turns the poll off. */
  CDEK_TRACKING_POLL_MIN: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
  /** Boxberry API token; without it Boxberry prices and points come from the offline tables. */
  BOXBERRY_TOKEN: z.string().min(1).optional(),
  BOXBERRY_API_URL: z.url().default('https://api.boxberry.ru/json.php'),
  /** Russian Post tariff calculator (e.g. https://tariff.pochta.ru); without it Post prices come from the tables. */
  POCHTA_TARIFF_URL: z.url().optional(),
  /** 5Post API key; without it 5Post lockers come from the offline tables and seeded points. */
  FIVEPOST_API_KEY: z.string().min(1).optional(),
  FIVEPOST_API_URL: z.url().default('https://api-omni.x5.ru'),
  /** Postal code parcels leave from (CDEK and Russian Post price from here). */
  DELIVERY_FROM_ZIP: z
    .string()
    .regex(/^[1-6]\d{5}$/, 'must be a 6-digit Russian postal code')
    .default('101000'),
  /** Time limit of one call to a delivery service (spec §9: 30 s). */
  DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /**
   * The web bundle's version, announced over Socket.IO so open pages reload after a deploy. Normally empty: the
   * build stamps one (package version + build time) into the bundle and dist/client/build-version.json. Set it only
   * to name builds yourself (e.g. a commit hash), and then for the build and the run alike.
   */
  BUILD_VERSION: z
    .string()
    .regex(/^[\w.+-]{1,64}$/, 'must be 1-64 letters, digits, dots, dashes, pluses or underscores')
    .optional(),
  /** Users (ids, comma-separated) who may use the back office /admin and its /api/v1/admin calls (spec §6). */
  MODERATOR_IDS: z
    .string()
    .regex(/^\s*(\d{1,10}\s*(,\s*\d{1,10}\s*)*)?$/, 'must be user ids separated by commas, e.g. 1,42')
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((id) => Number(id.trim()))
        .filter((id) => id > 0),
    ),
  /** The one user (id) who sees the shop assistant chat and may call POST /api/v1/ai; without it the chat is off. */
  CHAT_USER_ID: z.coerce.number().int().min(1).optional(),
  /** OpenAI-compatible API base, e.g. https://api.openai.com/v1 (…/chat/completions is appended); without it the offline assistant answers from the catalogue. */
  AI_BASE_URL: z.url().optional(),
  /** Bearer key of the AI endpoint; never logged. */
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Time limit of one AI answer. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
  /** Bearer token of GET /metrics (Prometheus); without it there is no /metrics. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\w.~+/=-]{16,256}$/, 'must be 16-256 characters: letters, digits and . ~ + / = _ -')
    .optional(),
  /** Folder of scheduled backups (decision 030); without it the shop makes none on its own. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Hours between scheduled backups (with BACKUP_DIR). */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 30)
    .default(24),
  /** Scheduled backups kept in BACKUP_DIR; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** 1C «Обмен с сайтом» (issue 22): the login and password set in 1C's exchange node; without both it is off. */
  EXCHANGE_LOGIN: z.string().min(1).max(200).optional(),
  EXCHANGE_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(200).optional(),
  /** Price type (its Ид or Наименование in 1C) that is the shop's price; empty: the package's first price type. */
  EXCHANGE_PRICE_TYPE: z.string().max(200).default(''),
  /** Price type shown crossed out as the old price when it is higher; empty: none. */
  EXCHANGE_OLD_PRICE_TYPE: z.string().max(200).default(''),
  /** Largest chunk 1C may send in one mode=file call (file_limit); 1C splits bigger files. */
  EXCHANGE_FILE_LIMIT: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(512 * 1024 * 1024)
    .default(32 * 1024 * 1024),
  /** How long one mode=import call waits for its file before answering «progress» (1C then calls again). */
  EXCHANGE_STEP_SECONDS: z.coerce.number().int().min(0).max(600).default(20),
  /** type=sale sends orders placed from this day (Moscow) on; empty: from the shop's first exchange session. */
  EXCHANGE_ORDERS_FROM: z.iso.date('must be a date YYYY-MM-DD').optional(),
  /** Yandex Metrika counter id; without it no analytics script is loaded. */
  METRIKA_ID: z
    .string()
    .regex(/^\d{1,12}$/, 'must be the numeric counter id from Yandex Metrika')
    .optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  isProduction: boolean;
  isTest: boolean;
  imagesDir: string;
  /** REDIS_PREFIX, or one derived from the database (see the schema). */
  redisPrefix: string;
};

/** Instances of one shop share their database, so a digest of it names their Redis keys alike. */
function defaultRedisPrefix(databaseUrl: string | undefined, dataDir: string): string {
  const database = databaseUrl ?? `pglite:${path.resolve(dataDir)}`;
  return `efir:${createHash('sha256').update(database).digest('hex').slice(0, 10)}`;
}

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
        value === undefined ? '' : ` (got "${name.match(/URL|SECRET|KEY|PASSWORD|TOKEN/) ? '***' : value}")`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration / Неверная настройка окружения:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    // The port the shop listens on, when nothing else is said: links then lead back to this shop, not to :3000.
    PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`,
    imagesDir: path.resolve(parsed.data.IMAGES_DIR ?? path.join(parsed.data.DATA_DIR, 'images')),
    redisPrefix:
      parsed.data.REDIS_PREFIX ?? defaultRedisPrefix(parsed.data.DATABASE_URL, parsed.data.DATA_DIR),
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
    // Tests read the outbox as written; the worker has tests of its own that run it.
    OUTBOX_WORKER: 'false',
    ...overrides,
  });
}
