import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { API_ERROR_STATUS, type ApiErrorBody, type ApiErrorCode } from '#domain/errors.ts';
import type { Lang } from '#domain/language.ts';
import { findHostileText } from '#domain/text.ts';
import { t } from '../i18n.ts';
import { requestLang } from './language.ts';

/**
 * An expected refusal: becomes the `{ error: { code, message, fields } }` envelope of API.md
 * section 3 with the code's status. Anything else thrown is a 500 with a generic message.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    readonly options: {
      fields?: Record<string, string>;
      message?: string;
      status?: number;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(code);
    this.name = 'ApiError';
    this.status = options.status ?? API_ERROR_STATUS[code];
  }
}

/** The envelope of API.md section 3; its message is the code's (`api.error.<CODE>`) unless given. */
export function apiErrorBody(
  code: ApiErrorCode,
  lang: Lang,
  extra: { message?: string; fields?: Record<string, string> } = {},
): ApiErrorBody {
  return {
    error: {
      code,
      message: extra.message ?? t(lang, `api.error.${code}`),
      ...(extra.fields ? { fields: extra.fields } : {}),
    },
  };
}

export function errorResponse(c: Context, error: ApiError): Response {
  const body = apiErrorBody(error.code, requestLang(c), {
    ...(error.options.message ? { message: error.options.message } : {}),
    ...(error.options.fields ? { fields: error.options.fields } : {}),
  });
  return c.json(body, error.status as 400, error.options.headers);
}

const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;

/**
 * Valibot issues to the `fields` map: the dotted path of each field to its message key. Schemas
 * give SPEC's keys as their messages (`checkout.validation.firstnameRequired`); a check without
 * a key of its own reports `form.validation.invalid`.
 */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path?.map((item) => String(item.key)).join('.') || '_';
    if (fields[path]) continue;
    fields[path] = MESSAGE_KEY.test(issue.message) ? issue.message : 'form.validation.invalid';
  }
  return fields;
}

export function validationError(issues: readonly v.BaseIssue<unknown>[]): ApiError {
  return new ApiError('VALIDATION_FAILED', { fields: issuesToFields(issues) });
}

/**
 * `400 VALIDATION_FAILED` when any string or key of a parsed body or query holds a control
 * character (API.md section 3; line breaks and tabs pass here, single-line fields refuse them in
 * their schemas) or the value nests too deep: run before every schema, so free-form blobs (lead
 * answers, Blueprint drafts) never carry a NUL into the database.
 */
export function refuseHostileText(data: unknown): void {
  const found = findHostileText(data);
  if (found) throw new ApiError('VALIDATION_FAILED', { fields: { [found.path]: found.key } });
}

/**
 * Reads and validates a JSON body (its Content-Type was checked by the app: api/http/origin.ts):
 * malformed JSON is `400 INVALID_JSON`, a failed schema `400 VALIDATION_FAILED`. Handlers read `c.req.valid('json')`.
 */
export function validateJson<S extends v.GenericSchema>(schema: S) {
  return createMiddleware<
    { Variables: object },
    string,
    { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }
  >(async (c, next) => {
    const text = await c.req.text();
    let data: unknown;
    try {
      data = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ApiError('INVALID_JSON');
    }
    refuseHostileText(data);
    // Every JSON body is an object (or absent): a list, a string or a number is no request.
    if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data)))
      throw new ApiError('VALIDATION_FAILED', { fields: { _: 'form.validation.invalid' } });
    const result = v.safeParse(schema, data);
    if (!result.success) throw validationError(result.issues);
    c.req.addValidatedData('json', result.output as object);
    await next();
  });
}

/**
 * Validates the query string the same way (`400 VALIDATION_FAILED`); `refuse` words the error
 * when a route has its own message for it.
 */
export function validateQuery<S extends v.GenericSchema>(
  schema: S,
  refuse: (issues: readonly v.BaseIssue<unknown>[], c: Context) => ApiError = validationError,
) {
  return createMiddleware<
    { Variables: object },
    string,
    { in: { query: v.InferInput<S> }; out: { query: v.InferOutput<S> } }
  >(async (c, next) => {
    const query = c.req.query();
    refuseHostileText(query);
    const result = v.safeParse(schema, query);
    if (!result.success) throw refuse(result.issues, c);
    c.req.addValidatedData('query', result.output as object);
    await next();
  });
}
