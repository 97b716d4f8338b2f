// The one API client of the machines (STYLE.md "one way to do each small thing"). Every call to
// our own API from machines/ goes through `api`: one ky instance (base path, credentials, time-out),
// retries for idempotent calls only, every answer body read, the error envelope of API.md section 3
// turned into a typed value, and every success body validated by a valibot schema from domain/.
// It never throws for an HTTP or network failure: callers route `{ ok: false }` values.
// ky 2: the base is `baseUrl` (ky 1's `prefixUrl`); an HTTPError's body is already read into
// `error.data` (bounded by the time-out and 10 MiB), so the envelope is taken from there.

import ky, { HTTPError, TimeoutError } from 'ky';
import * as v from 'valibot';
import { isApiErrorCode, type ApiErrorCode } from '#domain/errors.ts';
import type { Lang } from '#domain/language.ts';

/** Why a call did not give a usable answer, beside the API's own codes. */
export type ClientFailureCode =
  /** no answer at all (offline, DNS, connection refused, aborted) */
  | 'NETWORK'
  /** no answer within the time-out */
  | 'TIMEOUT'
  /** a 2xx whose body did not match the schema, or a non-2xx without our envelope */
  | 'BAD_RESPONSE';

export type ApiFailure = {
  ok: false;
  /** HTTP status, 0 when there was no answer */
  status: number;
  code: ApiErrorCode | ClientFailureCode;
  /** the envelope's human message (already in the request's language) */
  message?: string;
  /** validation failures: field name to message key (API.md section 3) */
  fields?: Record<string, string>;
  /** seconds, from a 429's Retry-After header */
  retryAfter?: number;
};

export type ApiSuccess<T> = { ok: true; status: number; data: T; headers: Headers };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiCallOptions {
  /** JSON body */
  json?: unknown;
  /** form body (URLSearchParams or FormData, e.g. uploads) */
  body?: FormData | URLSearchParams;
  searchParams?: Record<string, string | number | boolean | undefined>;
  /** adds `lang=` to the query, so the server answers in the visitor's language */
  lang?: Lang;
  /** sent as the Idempotency-Key header; a POST with one may be retried safely */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** milliseconds; default DEFAULT_TIMEOUT_MS */
  timeout?: number;
  /** extra headers (e.g. Last-Event-ID) */
  headers?: Record<string, string>;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
/** Retries of idempotent calls (GET, PUT, DELETE, or any call with an Idempotency-Key). */
export const IDEMPOTENT_RETRIES = 2;

/** `/api/` on the page's own origin (absolute, so it also resolves outside a browser page). */
function apiBase(): string {
  return typeof location !== 'undefined' && location.origin && location.origin !== 'null'
    ? new URL('/api/', location.href).href
    : '/api/';
}

// `baseUrl` resolves the relative path ('bookings', never '/bookings': see `relative`) under /api/.
const client = () => ky.create({ baseUrl: apiBase(), credentials: 'include' });

/** The path relative to /api/ ('/bookings', 'api/bookings' and 'bookings' all give 'bookings'). */
const relative = (path: string) => path.replace(/^\/?(api\/)?/, '');

const envelopeSchema = v.object({
  error: v.object({
    code: v.string(),
    message: v.optional(v.string()),
    fields: v.optional(v.record(v.string(), v.string())),
  }),
});

function isIdempotent(method: ApiMethod, options: ApiCallOptions): boolean {
  return method === 'get' || method === 'put' || method === 'delete' || !!options.idempotencyKey;
}

function kyOptions(method: ApiMethod, options: ApiCallOptions) {
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.searchParams ?? {}))
    if (value !== undefined) searchParams[key] = String(value);
  if (options.lang) searchParams.lang = options.lang;
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  return {
    method,
    searchParams,
    headers,
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    // Only a call that may be repeated without harm is retried (never a plain POST).
    retry: isIdempotent(method, options)
      ? { limit: IDEMPOTENT_RETRIES, methods: [method], statusCodes: [408, 502, 503, 504] }
      : 0,
    ...(options.json !== undefined ? { json: options.json } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/**
 * Turns a non-2xx answer into a failure value. ky 2 has already read its body into `data`
 * (parsed when the answer says JSON, else the text; undefined when empty or unreadable).
 */
function failureFrom(response: Response, data: unknown): ApiFailure {
  const retryAfterHeader = Number(response.headers.get('Retry-After'));
  const retryAfter =
    Number.isFinite(retryAfterHeader) && retryAfterHeader > 0 ? retryAfterHeader : undefined;
  let body = data;
  if (typeof data === 'string') {
    try {
      body = JSON.parse(data);
    } catch {
      // not JSON: no envelope
    }
  }
  const parsed = v.safeParse(envelopeSchema, body);
  const envelope = parsed.success ? parsed.output : undefined;
  const code = envelope && isApiErrorCode(envelope.error.code) ? envelope.error.code : undefined;
  return {
    ok: false,
    status: response.status,
    code: code ?? 'BAD_RESPONSE',
    ...(envelope?.error.message ? { message: envelope.error.message } : {}),
    ...(envelope?.error.fields ? { fields: envelope.error.fields } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  };
}

async function send(
  method: ApiMethod,
  path: string,
  options: ApiCallOptions,
): Promise<Response | ApiFailure> {
  try {
    return await client()(relative(path), kyOptions(method, options));
  } catch (error) {
    if (error instanceof HTTPError) return failureFrom(error.response, error.data);
    if (error instanceof TimeoutError) return { ok: false, status: 0, code: 'TIMEOUT' };
    return { ok: false, status: 0, code: 'NETWORK' };
  }
}

/**
 * One call to our API whose answer is JSON, validated by `schema`. `path` is relative to /api
 * ('/bookings' and '/api/bookings' both mean /api/bookings).
 */
export async function callApi<TSchema extends v.GenericSchema>(
  method: ApiMethod,
  path: string,
  schema: TSchema,
  options: ApiCallOptions = {},
): Promise<ApiResult<v.InferOutput<TSchema>>> {
  const response = await send(method, path, options);
  if (!(response instanceof Response)) return response;
  const text = await response.text().catch(() => null);
  if (text === null) return { ok: false, status: response.status, code: 'NETWORK' };
  let body: unknown = undefined;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, status: response.status, code: 'BAD_RESPONSE' };
    }
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) return { ok: false, status: response.status, code: 'BAD_RESPONSE' };
  return { ok: true, status: response.status, data: parsed.output, headers: response.headers };
}

/** One call whose answer is a file (PDF, XML, profile): the bytes and the server's file name. */
export async function callApiForFile(
  method: ApiMethod,
  path: string,
  options: ApiCallOptions = {},
): Promise<ApiResult<{ blob: Blob; filename: string | null; contentType: string }>> {
  const response = await send(method, path, options);
  if (!(response instanceof Response)) return response;
  try {
    const blob = await response.blob();
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
    return {
      ok: true,
      status: response.status,
      headers: response.headers,
      data: {
        blob,
        filename: match?.[1] ? decodeURIComponent(match[1]) : null,
        contentType: response.headers.get('Content-Type') ?? 'application/octet-stream',
      },
    };
  } catch {
    return { ok: false, status: response.status, code: 'NETWORK' };
  }
}

/**
 * A Server-Sent Events stream of our API (`text/event-stream`): an EventSource on the same base
 * path, with the page's cookies. EventSource reconnects by itself and sends `Last-Event-ID`;
 * `searchParams` are for the first connection (e.g. `after`).
 */
export function openEventStream(
  path: string,
  searchParams: Record<string, string | number | undefined> = {},
): EventSource {
  const url = new URL(relative(path), apiBase());
  for (const [key, value] of Object.entries(searchParams))
    if (value !== undefined) url.searchParams.set(key, String(value));
  return new EventSource(url.href, { withCredentials: true });
}

/** Answers with no body worth reading (204, `{ ok: true }`): anything is accepted. */
export const anyBody = v.unknown();

/** The API client, method by method. */
export const api = {
  get: <T extends v.GenericSchema>(path: string, schema: T, options?: ApiCallOptions) =>
    callApi('get', path, schema, options),
  post: <T extends v.GenericSchema>(path: string, schema: T, options?: ApiCallOptions) =>
    callApi('post', path, schema, options),
  put: <T extends v.GenericSchema>(path: string, schema: T, options?: ApiCallOptions) =>
    callApi('put', path, schema, options),
  patch: <T extends v.GenericSchema>(path: string, schema: T, options?: ApiCallOptions) =>
    callApi('patch', path, schema, options),
  delete: <T extends v.GenericSchema>(path: string, schema: T, options?: ApiCallOptions) =>
    callApi('delete', path, schema, options),
  file: callApiForFile,
  events: openEventStream,
};

/** A fresh Idempotency-Key for one user action (kept in the machine's context across retries). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
