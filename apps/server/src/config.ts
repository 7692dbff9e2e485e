import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { EXAMPLE_BANK_ACCOUNT, parseBankAccount, type BankAccount } from '@voltline/shared/bank-account';
import { DEFAULT_SHOP_MONEY, isPercentWithTwoDecimals, shopMoneyProblem, type ShopMoney } from '@voltline/shared/money';
import { isCountryCode } from '@voltline/shared/delivery-settings';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import { ConfigurationError } from './platform/configuration-error.ts';

/**
 * The shop's configuration, read from the environment. This is the only module that reads
 * process.env (README, "Configuration"): everything else receives a typed Config.
 */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A text the shop prints on its documents: bounded like the columns that copy it. */
const shopText = (name: string, max: number, fallback: string) =>
  z.string().trim().max(max, `${name} must be at most ${max} characters`).default(fallback);

/** The address of a From header ("Voltline Tools <no-reply@voltline.local>" or the address alone). */
const mailAddressOf = (from: string) => from.match(/<([^>]+)>/)?.[1] ?? from.trim();

/** Room is left for the number's digits within the stored number's bound. */
const DOCUMENT_DIGITS_ROOM = 12;
const documentPrefix = (name: string, fallback: string) =>
  shopText(name, TEXT_LIMITS.documentNumber - DOCUMENT_DIGITS_ROOM, fallback);

/**
 * Which `X-Forwarded-For` entries the shop believes (TRUST_PROXY). A client can write any entries it
 * likes at the left of that header; only those the shop's own proxies appended on the right are
 * true. So the shop trusts a fixed number of hops counted from its side, or only hops whose address
 * is one of its proxies', and never the whole header (Fastify's `trustProxy: true` would take the
 * client's own left-most entry as its address).
 */
/** How passwords are hashed: better-auth's scrypt, or the test suites' cheaper one (identity/password-hashing.ts). */
export type PasswordHashing = 'scrypt' | 'fast-for-tests';

export type ProxyTrust = false | { hops: number } | { proxies: readonly string[] };

/** Whole ranges proxy-addr (Fastify's) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const MAX_HOPS = 10;

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** TRUST_PROXY: unset/false/0 trusts nobody, true is one hop, a number that many, else proxy addresses. */
const proxyTrustSetting = z
  .string()
  .optional()
  .transform((raw, context): ProxyTrust => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false') return false;
    if (value === 'true') return { hops: 1 };
    if (/^\d+$/.test(value) && Number(value) <= MAX_HOPS) return Number(value) === 0 ? false : { hops: Number(value) };
    const proxies = value.split(',').map((entry) => entry.trim());
    const wrong = proxies.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, true (one proxy), the number of proxies in front of the shop (up to ${MAX_HOPS}), or a comma-separated list of their IP addresses or CIDR ranges; "${wrong.join(', ')}" is none of these`,
      });
      return z.NEVER;
    }
    return { proxies };
  });

const MINUTE_MS = 60_000;
const INTERVAL_UNITS_MS = { m: MINUTE_MS, h: 60 * MINUTE_MS, d: 24 * 60 * MINUTE_MS } as const;
/** A timer waits at most 2^31 ms (24.8 days): a longer wait would fire at once. */
const LONGEST_BACKUP_INTERVAL_MS = 20 * INTERVAL_UNITS_MS.d;

/** BACKUP_EVERY: `off`, or a number of minutes, hours or days (`30m`, `24h`, `7d`); undefined when off. */
const backupInterval = z
  .string()
  .optional()
  .transform((raw, context): number | undefined => {
    const value = raw?.trim().toLowerCase() || '24h';
    if (value === 'off') return undefined;
    const match = /^(\d+)\s*([mhd])$/.exec(value);
    const ms = match ? Number(match[1]) * INTERVAL_UNITS_MS[match[2] as keyof typeof INTERVAL_UNITS_MS] : 0;
    if (ms < MINUTE_MS || ms > LONGEST_BACKUP_INTERVAL_MS) {
      context.addIssue({ code: 'custom', message: `BACKUP_EVERY must be off, or minutes, hours or days from 1m to 20d such as 30m, 24h or 7d; "${raw}" is none of these` });
      return z.NEVER;
    }
    return ms;
  });

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  REDIS_URL: optionalText,
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalText,
  TRUST_PROXY: proxyTrustSetting,
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  PASSWORD_HASHING: z.enum(['scrypt', 'fast-for-tests']).default('scrypt'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  // Issue 41, item 3 (decision 062): whether every admin must sign in with a second factor.
  ADMIN_TWO_FACTOR: z.enum(['optional', 'required'], { error: 'ADMIN_TWO_FACTOR must be optional or required' }).default('optional'),
  ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // Each press of a quantity field's arrows is a change: a customer working through a cart makes many.
  CART_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  REVIEW_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(5),
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  WEBHOOK_ENDPOINT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  QUERY_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  MY_DATA_EXPORTS_PER_HOUR: z.coerce.number().int().positive().default(5),
  // Decision 066: calls one API key may make per minute, across instances with Redis.
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  // Decision 061: how long an erased customer's invoices and credit notes keep their name, address and VAT id.
  TAX_RECORD_YEARS: z.coerce.number().int().positive().max(100).default(10),
  ACCOUNT_DELETION_TRIES_PER_HOUR: z.coerce.number().int().positive().default(5),
  STOCK_ALERT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(5),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(10),
  // Decision 056: online backups into BACKUP_DIR (default DATA_DIR/backups) every BACKUP_EVERY, the newest BACKUP_KEEP kept.
  BACKUP_DIR: optionalText,
  BACKUP_EVERY: backupInterval,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  SHARE_IMAGE_RENDERS_AT_ONCE: z.coerce.number().int().min(1).max(16).default(1),
  SHARE_IMAGE_RENDERS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  SHARE_IMAGE_STORE_MB: z.coerce.number().int().positive().default(500),
  DOCUMENT_DRAWINGS_AT_ONCE: z.coerce.number().int().min(1).max(16).default(1),
  PUBLIC_UNCACHED_READS_PER_SECOND: z.coerce.number().int().min(0).max(1000).default(40),
  LIST_CACHE_MB: z.coerce.number().positive().default(32),
  SHOP_ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  SHOP_ADMIN_PASSWORD: optionalText,
  SMTP_URL: optionalText,
  SHOP_NOTIFY_EMAIL: optionalText.pipe(z.email().optional()),
  AUTH_TOKEN_SYNC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: flag,
  MAIL_FROM: z.string().default('Voltline Tools <no-reply@voltline.local>'),
  // Printed on every invoice and credit note, and copied into each when it is issued.
  SHOP_LEGAL_NAME: shopText('SHOP_LEGAL_NAME', TEXT_LIMITS.shopLegalName, 'Voltline Tools'),
  SHOP_ADDRESS: shopText('SHOP_ADDRESS', TEXT_LIMITS.address, '1 Circuit Road, Springfield'),
  SHOP_TAX_ID: shopText('SHOP_TAX_ID', TEXT_LIMITS.taxId, ''),
  // The seller's electronic address and contact on e-invoices (decision 068): XRechnung asks both.
  SHOP_INVOICE_EMAIL: optionalText.pipe(z.email({ error: 'SHOP_INVOICE_EMAIL must be an email address' }).optional()),
  SHOP_PHONE: shopText('SHOP_PHONE', TEXT_LIMITS.phone, ''),
  // Decision 060: where customers paying on account transfer the money, printed on their invoices.
  SHOP_BANK_ACCOUNT: z
    .string()
    .default(EXAMPLE_BANK_ACCOUNT)
    .transform((setting, context): BankAccount => {
      const account = parseBankAccount(setting);
      if ('problem' in account) {
        context.addIssue({ code: 'custom', message: account.problem });
        return z.NEVER;
      }
      return account;
    }),
  INVOICE_PREFIX: documentPrefix('INVOICE_PREFIX', 'INV-'),
  CREDIT_NOTE_PREFIX: documentPrefix('CREDIT_NOTE_PREFIX', 'CN-'),
  // The shop's own country (ISO 3166-1 alpha-2): its home delivery rate. The seeded shop is in
  // Springfield and sells in dollars (SHOP_CURRENCY's default), so the United States.
  SHOP_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .default('US')
    .refine(isCountryCode, 'SHOP_COUNTRY must be an ISO 3166-1 alpha-2 country code such as US or DE'),
  // VAT (issue 29, decision 035): the standard rate in percent (0: the shop charges no VAT, and its
  // invoices say SHOP_VAT_NOTE), whether prices as entered include it, and the note's words.
  SHOP_VAT_RATE: z.coerce
    .number({ error: 'SHOP_VAT_RATE must be a percentage such as 19 or 5.5' })
    .min(0, 'SHOP_VAT_RATE must be a percentage from 0 to 100')
    .max(100, 'SHOP_VAT_RATE must be a percentage from 0 to 100')
    .refine(isPercentWithTwoDecimals, 'SHOP_VAT_RATE has at most two decimals')
    .default(0),
  SHOP_PRICES_INCLUDE_VAT: z
    .enum(['true', 'false', '1', '0'], { error: 'SHOP_PRICES_INCLUDE_VAT must be true or false' })
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  SHOP_VAT_NOTE: shopText('SHOP_VAT_NOTE', TEXT_LIMITS.shopLegalName, 'No VAT is charged.'),
  UNPAID_ORDER_EXPIRY_DAYS: z.coerce.number().int().positive().default(7),
  // Issue 38: a tool's warranty when it names none (24 months, the EU's legal guarantee).
  WARRANTY_MONTHS: z.coerce.number().int().min(0).max(1200).default(24),
  // Decision 048: the withdrawal period in days from delivery (14, the EU's), and the days a parcel
  // is taken to be delivered after it left when nobody marked it delivered (so the shop's period
  // never ends before the legal one).
  WITHDRAWAL_DAYS: z.coerce.number().int().min(14).max(365).default(14),
  DELIVERY_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  // Decision 039: how long an unpaid order holds a use of a limited coupon, and how many codes that
  // cannot be used one account and one client address may try per hour.
  COUPON_HOLD_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  WRONG_COUPON_CODES_PER_HOUR: z.coerce.number().int().positive().default(10),
  // Decision 067: the shop's one currency (ISO 4217, with hundredths) and the locale its amounts are
  // written in; checked together after parsing (shopMoneyProblem), so that a wrong one stops the shop in words.
  SHOP_CURRENCY: z.string().trim().toUpperCase().default(DEFAULT_SHOP_MONEY.currency),
  SHOP_LOCALE: z.string().trim().default(DEFAULT_SHOP_MONEY.locale),
  PAYMENT_PROVIDER: z.enum(['builtin', 'stripe']).default('builtin'),
  // Decision 055: who says whether a VAT id is registered (the built-in checker's test ids offline,
  // or the EU's VIES REST service at VIES_URL), and how long a passing check allows reverse charge.
  VAT_CHECK_PROVIDER: z.enum(['builtin', 'vies']).default('builtin'),
  VIES_URL: z.url().default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  VAT_CHECK_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  GITHUB_AUTHORIZATION_URL: z.url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_API_URL: z.url().default('https://graph.facebook.com/v19.0'),
});

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
}

/** Where a provider without OpenID discovery is reached (real addresses by default, a local stand-in in tests). */
export interface OAuthEndpoints {
  authorizationUrl: string;
  tokenUrl: string;
  /** The provider's own API that says who signed in (GitHub's REST API, Facebook's Graph API). */
  apiUrl: string;
}

export interface InvoicingConfig {
  /** The shop's legal name: on documents and as the signature of every mail. */
  shopLegalName: string;
  shopAddress: string;
  /** Empty: the documents leave the tax id line out. */
  shopTaxId: string;
  invoicePrefix: string;
  creditNotePrefix: string;
  /** SHOP_BANK_ACCOUNT: on the invoices of orders on account (decision 060). */
  bankAccount: BankAccount;
  /** How e-invoices name the shop's contact (decision 068): SHOP_INVOICE_EMAIL (else SHOP_NOTIFY_EMAIL, else MAIL_FROM's address) and SHOP_PHONE (empty: left out). */
  contact: { email: string; phone: string };
}

export interface WriteRateLimits {
  orders: number;
  cart: number;
  reviews: number;
  uploads: number;
  webhookEndpoints: number;
}

/** How much drawing of link preview pictures (/og/...png) anyone can make the shop do (docs/decisions/021). */
interface ShareImageLimits {
  /** Pictures drawn at the same time by one instance; a few more requests wait, the rest are told to come back. */
  rendersAtOnce: number;
  /** Pictures not drawn yet that one client address may ask for per minute (stored ones are not counted). */
  rendersPerMinute: number;
  /** Drawn pictures kept in DATA_DIR/share-images; the oldest are deleted past this. */
  storeBytes: number;
}

export interface BackupSettings {
  dir: string;
  everyMs: number | undefined;
  keep: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections per instance to PostgreSQL. */
  databasePoolSize: number;
  /** Shared rate-limit counters and cache invalidation across instances. */
  redisUrl: string | undefined;
  /** Lets a Prometheus scraper read /api/metrics without an admin account. */
  metricsToken: string | undefined;
  /** The shop's own address: links in mail, OAuth callbacks, the origin sign-in forms must come from. */
  publicUrl: string;
  /** Extra origins allowed to post to /api/auth (the loopback twin of a localhost PUBLIC_URL). */
  trustedOrigins: string[];
  logLevel: string;
  /** Folder of the built SPA; without it the server answers the API only. */
  webDistDir: string;
  /** Which X-Forwarded-For entries to believe: none, the nearest N hops, or hops from these proxy addresses. */
  trustProxy: ProxyTrust;
  /** Undefined: generated once into DATA_DIR (see identity/auth-secret.ts). */
  authSecret: string | undefined;
  /** scrypt at better-auth's cost; the test suites' cheaper one never runs in production (identity/password-hashing.ts). */
  passwordHashing: PasswordHashing;
  authRateLimit: { max: number; windowSeconds: number };
  /** Whether an admin must have turned on two-step sign-in before the admin routes answer (decision 062). */
  adminTwoFactor: 'optional' | 'required';
  /** Writes one signed-in account may make per minute, per kind (orders, reviews, uploads, webhook endpoints). */
  writeRateLimits: WriteRateLimits;
  /** "Ask us anything" queries one client address may send per hour: anyone may send them, signed in or not. */
  queryRateLimitPerHour: number;
  /** Downloads of "my data" one account may make per hour: each reads everything the shop keeps about it. */
  myDataExportsPerHour: number;
  /** Calls one API key may make per minute (decision 066). */
  apiKeyRequestsPerMinute: number;
  /** Years an erased customer's issued documents keep their name, address and VAT id (tax law), then cleared by the hourly job. */
  taxRecordYears: number;
  /** Tries one account may make per hour to delete itself: each checks the password again. */
  accountDeletionTriesPerHour: number;
  /** Back-in-stock alerts one email may ask for per hour (ten times that per client address). */
  stockAlertRateLimitPerHour: number;
  /** A shutdown that has not finished after this long exits anyway, with a log line and code 1. */
  shutdownTimeoutSeconds: number;
  /** Online backups (decision 056): where, how often (undefined: only when asked), how many kept. */
  backups: BackupSettings;
  shareImages: ShareImageLimits;
  /** Invoice and credit note PDFs drawn at the same time by one instance (each is drawn once, then kept). */
  documentDrawingsAtOnce: number;
  /** Public reads memory cannot answer that one client address gets per second, one at a time; 0: no limit. */
  publicUncachedReadsPerSecond: number;
  /** What the cached pages of public lists may take in memory, in bytes (docs/decisions/014). */
  listCacheBytes: number;
  firstAdmin: { email: string | undefined; password: string | undefined };
  mail: { smtpUrl: string | undefined; from: string; shopNotifyEmail: string | undefined };
  /** Who issues invoices and credit notes, and how their numbers start (INV-000042, CN-000007). */
  invoicing: InvoicingConfig;
  /** Where the web app reports the current API token (product.md, "The API": the optional token-sync address). */
  tokenSyncUrl: string | undefined;
  /**
   * Webhook receivers on loopback or a private network (10/8, 172.16/12, 192.168/16, 100.64/10,
   * fc00::/7) are accepted. Off by default: an admin account must not become a way into the
   * operator's internal services. Link-local addresses and the shop itself stay refused.
   */
  allowPrivateWebhookTargets: boolean;
  /** The shop's country (ISO code): a new shop's home delivery rate is for it, and its first tax settings. */
  shopCountry: string;
  /**
   * A new shop's first tax settings (pricing/tax-settings-service.ts): how it charges VAT and what its
   * documents say when it charges none. Admins change them on the Tax settings page afterwards.
   */
  vat: { standardRate: number; pricesIncludeVat: boolean; note: string };
  /** The currency of every amount the shop shows, charges, prints, mails and exports, and the locale it writes them in (decision 067). */
  money: ShopMoney;
  /** Unpaid orders older than this are cancelled by the shop. */
  unpaidOrderExpiryDays: number;
  /** A tool's warranty in months from its shipment, when the tool names none. */
  warrantyMonths: number;
  /** Returns (decision 048): the withdrawal period from delivery, and a parcel's days to arrive when nobody marked it delivered. */
  withdrawalDays: number;
  deliveryDays: number;
  /** How long an unpaid order holds a use of a coupon it took; then its order takes one again at payment if one is free. */
  couponHoldMinutes: number;
  /** Codes that cannot be used one account, and one client address, may try per hour before 429. */
  wrongCouponCodesPerHour: number;
  /** Decision 055: the VAT id checker and how old a passing check may be for reverse charge. */
  vatChecks: { provider: 'builtin' | 'vies'; viesUrl: string; maxAgeDays: number };
  payments:
    | { provider: 'builtin' }
    | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined };
  oauth: {
    google: (OAuthClientConfig & { discoveryUrl: string }) | undefined;
    github: (OAuthClientConfig & OAuthEndpoints) | undefined;
    facebook: (OAuthClientConfig & OAuthEndpoints) | undefined;
  };
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

function oauthClient(clientId: string | undefined, clientSecret: string | undefined): OAuthClientConfig | undefined {
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

function oauthEndpoints(authorizationUrl: string, tokenUrl: string, apiUrl: string): OAuthEndpoints {
  return { authorizationUrl, tokenUrl, apiUrl: apiUrl.replace(/\/$/, '') };
}

/** A shop on localhost is also opened as 127.0.0.1 (and the other way round): both are its own origin. */
function loopbackTwin(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const twin = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname === '127.0.0.1' ? 'localhost' : undefined;
  if (!twin) return [];
  url.hostname = twin;
  return [url.origin];
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigurationError(problems);
  }
  const env = parsed.data;
  if (env.PAYMENT_PROVIDER === 'stripe' && !(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigurationError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (env.PASSWORD_HASHING !== 'scrypt' && environment.NODE_ENV === 'production') {
    throw new ConfigurationError('PASSWORD_HASHING=fast-for-tests is for the test suites only and is refused when NODE_ENV=production');
  }
  const money = { currency: env.SHOP_CURRENCY, locale: env.SHOP_LOCALE };
  const moneyProblem = shopMoneyProblem(money);
  if (moneyProblem) throw new ConfigurationError(moneyProblem);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const google = oauthClient(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET);
  const github = oauthClient(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET);
  const facebook = oauthClient(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    publicUrl,
    trustedOrigins: loopbackTwin(publicUrl),
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    trustProxy: env.TRUST_PROXY,
    authSecret: env.AUTH_SECRET,
    passwordHashing: env.PASSWORD_HASHING,
    authRateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    adminTwoFactor: env.ADMIN_TWO_FACTOR,
    writeRateLimits: {
      orders: env.ORDER_RATE_LIMIT_PER_MINUTE,
      cart: env.CART_RATE_LIMIT_PER_MINUTE,
      reviews: env.REVIEW_RATE_LIMIT_PER_MINUTE,
      uploads: env.UPLOAD_RATE_LIMIT_PER_MINUTE,
      webhookEndpoints: env.WEBHOOK_ENDPOINT_RATE_LIMIT_PER_MINUTE,
    },
    queryRateLimitPerHour: env.QUERY_RATE_LIMIT_PER_HOUR,
    myDataExportsPerHour: env.MY_DATA_EXPORTS_PER_HOUR,
    apiKeyRequestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE,
    taxRecordYears: env.TAX_RECORD_YEARS,
    accountDeletionTriesPerHour: env.ACCOUNT_DELETION_TRIES_PER_HOUR,
    stockAlertRateLimitPerHour: env.STOCK_ALERT_RATE_LIMIT_PER_HOUR,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    backups: { dir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')), everyMs: env.BACKUP_EVERY, keep: env.BACKUP_KEEP },
    shareImages: {
      rendersAtOnce: env.SHARE_IMAGE_RENDERS_AT_ONCE,
      rendersPerMinute: env.SHARE_IMAGE_RENDERS_PER_MINUTE,
      storeBytes: env.SHARE_IMAGE_STORE_MB * 1024 * 1024,
    },
    documentDrawingsAtOnce: env.DOCUMENT_DRAWINGS_AT_ONCE,
    publicUncachedReadsPerSecond: env.PUBLIC_UNCACHED_READS_PER_SECOND,
    listCacheBytes: Math.round(env.LIST_CACHE_MB * 1024 * 1024),
    firstAdmin: { email: env.SHOP_ADMIN_EMAIL, password: env.SHOP_ADMIN_PASSWORD },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, shopNotifyEmail: env.SHOP_NOTIFY_EMAIL },
    invoicing: {
      shopLegalName: env.SHOP_LEGAL_NAME || 'Voltline Tools',
      shopAddress: env.SHOP_ADDRESS,
      shopTaxId: env.SHOP_TAX_ID,
      invoicePrefix: env.INVOICE_PREFIX,
      creditNotePrefix: env.CREDIT_NOTE_PREFIX,
      bankAccount: env.SHOP_BANK_ACCOUNT,
      contact: { email: env.SHOP_INVOICE_EMAIL ?? env.SHOP_NOTIFY_EMAIL ?? mailAddressOf(env.MAIL_FROM), phone: env.SHOP_PHONE },
    },
    tokenSyncUrl: env.AUTH_TOKEN_SYNC_URL,
    allowPrivateWebhookTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    shopCountry: env.SHOP_COUNTRY,
    vat: { standardRate: env.SHOP_VAT_RATE, pricesIncludeVat: env.SHOP_PRICES_INCLUDE_VAT, note: env.SHOP_VAT_NOTE },
    money,
    unpaidOrderExpiryDays: env.UNPAID_ORDER_EXPIRY_DAYS,
    warrantyMonths: env.WARRANTY_MONTHS,
    withdrawalDays: env.WITHDRAWAL_DAYS,
    deliveryDays: env.DELIVERY_DAYS,
    couponHoldMinutes: env.COUPON_HOLD_MINUTES,
    wrongCouponCodesPerHour: env.WRONG_COUPON_CODES_PER_HOUR,
    vatChecks: { provider: env.VAT_CHECK_PROVIDER, viesUrl: env.VIES_URL.replace(/\/$/, ''), maxAgeDays: env.VAT_CHECK_MAX_AGE_DAYS },
    payments:
      env.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY!,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            apiUrl: env.STRIPE_API_URL,
          }
        : { provider: 'builtin' },
    oauth: {
      google: google && { ...google, discoveryUrl: env.GOOGLE_DISCOVERY_URL },
      github: github && { ...github, ...oauthEndpoints(env.GITHUB_AUTHORIZATION_URL, env.GITHUB_TOKEN_URL, env.GITHUB_API_URL) },
      facebook: facebook && {
        ...facebook,
        ...oauthEndpoints(env.FACEBOOK_AUTHORIZATION_URL, env.FACEBOOK_TOKEN_URL, env.FACEBOOK_API_URL),
      },
    },
  };
}
