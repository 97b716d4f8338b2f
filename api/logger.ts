/**
 * Structured JSON logs, one line per event on stdout. Values under keys that can hold secrets or
 * payment data are replaced before anything is written, and long digit runs (card or account
 * numbers) are masked in every string (ids such as request ids are kept whole), so a log line
 * never holds a password or a full card or bank number.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
  child(fields: object): Logger;
}

const SECRET_KEY =
  /pass(word)?|secret|token|authorization|cookie|iban|card|cvc|cvv|pan|api[-_]?key|session/i;
const DIGIT_RUN = /\b(?:\d[ -]?){12,19}\b/;
const IBAN_LIKE = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/;
/** Request and record ids: their middle groups can be twelve digits in a row ("8720-4821-8610"). */
const UUID = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/;
/** One pass: an id is kept whole, an IBAN or a long digit run is masked. */
const MASKED = new RegExp(`(${UUID.source})|${IBAN_LIKE.source}|${DIGIT_RUN.source}`, 'g');

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[deep]';
  if (typeof value === 'string')
    return value.replace(MASKED, (match, id?: string) => (id ? match : '[redacted]'));
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Error) return describeError(value, depth);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(item, depth + 1);
    }
    return out;
  }
  return value;
}

/**
 * An error as a log line may hold it: name, code and message, the stack's frames, the cause.
 * A failed query (drizzle's DrizzleQueryError) carries its SQL and every parameter in its message
 * (a new account's password hash, emails, names): only "Failed query" and the driver's own
 * error are kept, never the parameters, the SQL text or the driver's `detail` (which quotes the
 * offending values). The stack loses its first lines, which repeat the message.
 */
function describeError(error: Error, depth: number): Record<string, unknown> {
  const failedQuery = 'params' in error || 'query' in error;
  const message = failedQuery ? 'Failed query' : String(redact(error.message, depth + 1));
  const code = (error as { code?: unknown }).code;
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  return {
    name: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    message,
    ...(frames ? { stack: [`${error.name}: ${message}`, ...frames].join('\n') } : {}),
    ...(error.cause instanceof Error ? { cause: describeError(error.cause, depth + 1) } : {}),
  };
}

/** A path segment that is a bearer secret: a random token of 32+ base64url characters. */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{32,}$/;

/**
 * A request path as a log line may hold it: secret tokens in it (a Blueprint draft's
 * `/api/blueprinthundred/drafts/{token}`) become `[token]`; ids and numbers stay.
 */
export function loggedPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) && !UUID.test(segment) ? '[token]' : segment))
    .join('/');
}

export function createLogger(
  options: { level?: LogLevel; write?: (line: string) => void; base?: object } = {},
): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const base = options.base ?? {};
  const log = (level: Exclude<LogLevel, 'silent'>, fields: object, msg: string) => {
    if (ORDER[level] < threshold) return;
    const entry = {
      time: new Date().toISOString(),
      level,
      msg,
      ...(redact({ ...base, ...fields }) as object),
    };
    write(JSON.stringify(entry));
  };
  return {
    debug: (fields, msg) => log('debug', fields, msg),
    info: (fields, msg) => log('info', fields, msg),
    warn: (fields, msg) => log('warn', fields, msg),
    error: (fields, msg) => log('error', fields, msg),
    child: (fields) => createLogger({ ...options, base: { ...base, ...fields } }),
  };
}

/** A logger that writes nothing, for tests. */
export const silentLogger: Logger = createLogger({ level: 'silent' });
