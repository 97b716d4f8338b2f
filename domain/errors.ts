// The closed set of API error codes and their HTTP status. Every non-2xx answer of the API carries
// one of these codes; its human message is `api.error.<CODE>` in locales/ (api/http/errors.ts).

/** Each code with its HTTP status (API.md section 3); the keys are the closed set of codes. */
export const API_ERROR_STATUS = {
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  FORBIDDEN_ORIGIN: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNKNOWN_PLAN: 400,
  CONFLICTING_PLANS: 400,
  INVALID_DOMAIN: 400,
  DOMAIN_CHECK_FAILED: 502,
  REGISTRAR_FAILED: 502,
  ALREADY_REGISTERED: 409,
  SLOT_TAKEN: 409,
  INVALID_TOKEN: 400,
  INVALID_CODE: 400,
  COUPON_INVALID: 400,
  COUPON_EXISTS: 409,
  TWO_FACTOR_REQUIRED: 403,
  TWO_FACTOR_ENABLED: 409,
  ALREADY_CANCELLED: 409,
  NOTHING_TO_CREDIT: 409,
  WITHDRAWAL_PERIOD_OVER: 409,
  NOT_A_CONSUMER_ORDER: 409,
  ALREADY_WITHDRAWN: 409,
  CHAT_OFFLINE: 409,
  CONVERSATION_CLOSED: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Readonly<Record<string, number>>;
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export const API_ERROR_CODES = Object.keys(API_ERROR_STATUS) as readonly ApiErrorCode[];

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && (API_ERROR_CODES as readonly string[]).includes(value);
}

/** The `{ error: { code, message, fields? } }` envelope of every non-2xx answer. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string> };
}
