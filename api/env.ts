import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import {
  DEFAULT_OFFICE_HOLIDAYS,
  DEFAULT_OFFICE_HOURS,
  parseOfficeHolidays,
  parseOfficeHours,
  type OfficeHours,
} from '#domain/office-hours.ts';
import { VAT_RATE } from '#domain/totals.ts';
import { parseNameservers } from './registrar/registrar.ts';

/**
 * The configuration of API.md section 2, parsed once at start. A bad value stops the server with
 * a list naming every variable that is wrong.
 */

const optionalString = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)));
const url = (protocols: readonly string[]) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url('must be an absolute URL'),
    v.check(
      (value) => protocols.includes(new URL(value).protocol),
      `must use ${protocols.map((p) => p.replace(':', '')).join(' or ')}`,
    ),
  );

const emailAddress = v.pipe(v.string(), v.trim(), v.email('must be an email address'));

const envSchema = v.object({
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'must be development, production or test'),
    'development',
  ),
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(0, 'must be between 0 and 65535'),
      v.maxValue(65535, 'must be between 0 and 65535'),
    ),
    '3000',
  ),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')), '0.0.0.0'),
  PUBLIC_URL: v.optional(url(['http:', 'https:'])),
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')), './data'),
  DATABASE_URL: v.optional(url(['postgres:', 'postgresql:'])),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  STAFF_EMAIL: v.optional(emailAddress),
  STAFF_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(10, 'must be at least 10 characters'))),
  SMTP_URL: v.optional(url(['smtp:', 'smtps:'])),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(3, 'must be an address like "Studio <hello@example.nl>"'),
    ),
  ),
  STAFF_NOTIFY_EMAIL: v.optional(emailAddress),
  STAFF_2FA: v.optional(
    v.picklist(['required', 'optional'], 'must be required or optional'),
    'required',
  ),
  STAFF_LANG: v.optional(v.picklist(['nl', 'en'], 'must be nl or en'), 'nl'),
  MOLLIE_API_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^(test|live)_\w{10,}$/,
        'must be test_ or live_ followed by at least 10 letters or digits',
      ),
    ),
  ),
  MOLLIE_API_URL: v.optional(url(['http:', 'https:']), 'https://api.mollie.com/v2/'),
  BANK_IBAN: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.replace(/\s+/g, '').toUpperCase()),
      v.check(isValidIban, 'must be a valid IBAN'),
    ),
  ),
  BANK_BIC: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/i, 'must be a valid BIC'),
    ),
  ),
  BANK_ACCOUNT_NAME: optionalString,
  /** Seller block of invoices; each falls back to the build-time VITE_COMPANY_* value. */
  COMPANY_NAME: optionalString,
  /** Address lines separated by commas, e.g. "Keizersgracht 1, 1015 AA Amsterdam". */
  COMPANY_ADDRESS: optionalString,
  COMPANY_EMAIL: v.optional(emailAddress),
  COMPANY_KVK: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{8}$/, 'must be 8 digits'))),
  COMPANY_VAT_ID: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z]{2}[A-Z0-9]{8,12}$/, 'must be a VAT id like NL123456789B01'),
    ),
  ),
  RDAP_BOOTSTRAP_URL: v.optional(url(['http:', 'https:']), 'https://data.iana.org/rdap/dns.json'),
  REGISTRAR: v.optional(
    v.picklist(['none', 'openprovider'], 'must be none or openprovider'),
    'none',
  ),
  OPENPROVIDER_URL: v.optional(url(['http:', 'https:']), 'https://api.openprovider.eu/v1beta/'),
  OPENPROVIDER_USERNAME: optionalString,
  OPENPROVIDER_PASSWORD: optionalString,
  DOMAIN_NAMESERVERS: v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const hosts = parseNameservers(dataset.value);
        if (hosts) return hosts;
        addIssue({ message: 'must be 2 to 13 host names separated by commas' });
        return NEVER;
      }),
    ),
    '',
  ),
  ADDRESS_LOOKUP_URL: v.optional(
    url(['http:', 'https:']),
    'https://api.pdok.nl/bzk/locatieserver/search/v3_1/',
  ),
  MAIL_IMAP_HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), 'mail.{domain}'),
  MAIL_SMTP_HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), 'mail.{domain}'),
  VIDEO_CALL_BASE_URL: v.optional(url(['https:', 'http:']), 'https://meet.jit.si/'),
  /** When live chat is staffed (grammar in domain/office-hours.ts). */
  OFFICE_HOURS: v.optional(
    v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const parsed = parseOfficeHours(dataset.value);
        if (!parsed.ok) addIssue({ message: parsed.problem });
      }),
    ),
    DEFAULT_OFFICE_HOURS,
  ),
  OFFICE_HOLIDAYS: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => parseOfficeHolidays(value).ok, 'must be nl or none'),
    ),
    DEFAULT_OFFICE_HOLIDAYS,
  ),
  /** Live-chat conversations older than this many months are deleted by the daily job. */
  CHAT_RETENTION_MONTHS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number of months'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(120, 'must be at most 120'),
    ),
    '12',
  ),
  /** Website projects the studio takes on per calendar month ("spots left this month"). */
  PROJECTS_PER_MONTH: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'must be a whole number of projects'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(1000, 'must be at most 1000'),
    ),
    '20',
  ),
  /** Reverse proxies in front of the app whose X-Forwarded-For entries are believed (0: socket). */
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,2}$/, 'must be a whole number of proxies (0 to 99)'),
      v.transform(Number),
    ),
    '0',
  ),
  LOG_LEVEL: v.optional(
    v.picklist(
      ['debug', 'info', 'warn', 'error', 'silent'],
      'must be debug, info, warn, error or silent',
    ),
    'info',
  ),
});

/**
 * The seller details a Dutch invoice must carry (INTEGRATIONS.md 6): name, address, KvK number,
 * and the VAT id unless the small-business scheme (KOR) applies. Each may come from its build-time
 * `VITE_COMPANY_*` value, as the invoices' seller block does (billingSettings).
 */
const SELLER_DETAILS = [
  ['COMPANY_NAME', 'VITE_COMPANY_NAME', 'the seller name on invoices'],
  ['COMPANY_ADDRESS', 'VITE_COMPANY_ADDRESS', 'the business address on invoices'],
  ['COMPANY_KVK', 'VITE_COMPANY_KVK', 'the Chamber of Commerce (KvK) number on invoices'],
  ['COMPANY_VAT_ID', 'VITE_COMPANY_VAT', 'the VAT id on invoices'],
] as const;

/** Whether invoices are issued under the small-business scheme (no VAT charged, domain/totals.ts). */
export const KOR_APPLIES: boolean = VAT_RATE === 0;

/** Rules across variables, checked on the raw values so they are reported with every other problem. */
function crossChecks(
  env: Record<string, string | undefined>,
  options: { korApplies: boolean },
): string[] {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  if (production && !env.SESSION_SECRET)
    problems.push('SESSION_SECRET is required when NODE_ENV=production');
  // Bank transfer is the payment method without Mollie: customers must be told where to pay.
  if (production && !env.MOLLIE_API_KEY && !env.BANK_IBAN)
    problems.push(
      'BANK_IBAN is required when NODE_ENV=production and payments are by bank transfer (MOLLIE_API_KEY not set)',
    );
  if (production)
    for (const [name, fallback, what] of SELLER_DETAILS) {
      if (name === 'COMPANY_VAT_ID' && options.korApplies) continue;
      if (!env[name] && !env[fallback]?.trim())
        problems.push(
          `${name} is required when NODE_ENV=production (${what}; or set ${fallback} at build time)`,
        );
    }
  if (env.REGISTRAR === 'openprovider')
    for (const name of ['OPENPROVIDER_USERNAME', 'OPENPROVIDER_PASSWORD'])
      if (!env[name]?.trim()) problems.push(`${name} is required when REGISTRAR=openprovider`);
  if (Boolean(env.STAFF_EMAIL) !== Boolean(env.STAFF_PASSWORD)) {
    problems.push(
      `${env.STAFF_EMAIL ? 'STAFF_PASSWORD' : 'STAFF_EMAIL'} is required when ${env.STAFF_EMAIL ? 'STAFF_EMAIL' : 'STAFF_PASSWORD'} is set`,
    );
  }
  return problems;
}

export type RawEnv = v.InferOutput<typeof envSchema>;

export interface Config extends Omit<RawEnv, 'PUBLIC_URL' | 'SESSION_SECRET'> {
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  /** OFFICE_HOURS and OFFICE_HOLIDAYS, parsed. */
  officeHours: OfficeHours;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment; throws ConfigError naming each bad variable. Empty values count as
 * unset. `korApplies` (tests only): whether the VAT id may be missing in production.
 */
export function parseConfig(
  env: Record<string, string | undefined>,
  options: { korApplies?: boolean } = {},
): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(envSchema, present);
  const problems = result.success
    ? []
    : result.issues.map((issue) => {
        const name = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment';
        return `${name} ${issue.message.startsWith('Invalid') ? 'has an invalid value' : issue.message}`;
      });
  problems.push(...crossChecks(present, { korApplies: options.korApplies ?? KOR_APPLIES }));
  if (!result.success || problems.length > 0) throw new ConfigError([...new Set(problems)]);
  const raw = result.output;
  return {
    ...raw,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    SESSION_SECRET: raw.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    officeHours: officeHoursOf(raw.OFFICE_HOURS, raw.OFFICE_HOLIDAYS),
  };
}

/** Both values were checked by the schema; parsed again here into their value. */
function officeHoursOf(hours: string, holidays: string): OfficeHours {
  const windows = parseOfficeHours(hours);
  const rule = parseOfficeHolidays(holidays);
  if (!windows.ok || !rule.ok) throw new ConfigError(['OFFICE_HOURS has an invalid value']);
  return { windows: windows.value, holidays: rule.value };
}

/** ISO 13616 mod-97 check. */
function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * What the owner should know about a configuration that starts but leaves customers short.
 * `bankDetails`: payments are by bank transfer without `BANK_IBAN` (development only: production
 * refuses to start so), so pay pages and invoices can only say the details are missing. `smtp`: without `SMTP_URL` every mail
 * stays in the outbox. `sellerDetails`: the invoices' seller block (COMPANY_*, or the build's
 * VITE_COMPANY_*) has no address or no KvK number, which a Dutch invoice must state
 * (INTEGRATIONS.md 6). Logged at start and shown on the staff overview.
 */
export type SetupGap = 'bankDetails' | 'smtp' | 'sellerDetails';

/** What `setupGaps` reads of the seller block invoices are issued with (billingSettings). */
export type SellerBlock = { lines: readonly string[]; kvk?: string | undefined };

export function setupGaps(
  config: Partial<Pick<Config, 'MOLLIE_API_KEY' | 'BANK_IBAN' | 'SMTP_URL'>>,
  seller: SellerBlock,
): SetupGap[] {
  const gaps: SetupGap[] = [];
  if (!config.MOLLIE_API_KEY && !config.BANK_IBAN) gaps.push('bankDetails');
  if (!config.SMTP_URL) gaps.push('smtp');
  if (seller.lines.length === 0 || !seller.kvk) gaps.push('sellerDetails');
  return gaps;
}

const SETUP_GAP_WARNINGS: Record<SetupGap, string> = {
  bankDetails:
    'payments are by bank transfer but BANK_IBAN is not set: pay pages and invoices tell customers the bank details are missing (a production server refuses to start this way)',
  smtp: 'SMTP_URL is not set: every mail is kept in the outbox table, none is sent',
  sellerDetails:
    'COMPANY_ADDRESS or COMPANY_KVK is not set: invoices are issued without the business address or Chamber of Commerce number a Dutch invoice must state',
};

/** The start-up warnings of `setupGaps`, for the log. */
export function configWarnings(
  config: Pick<Config, 'MOLLIE_API_KEY' | 'BANK_IBAN' | 'SMTP_URL'>,
  seller: SellerBlock,
): string[] {
  return setupGaps(config, seller).map((gap) => SETUP_GAP_WARNINGS[gap]);
}
