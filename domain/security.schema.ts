import * as v from 'valibot';

/**
 * Sign-in security requests (API.md section 13): a one-time code is a 6-digit TOTP code or a
 * recovery code (`xxxxx-xxxxx`); spaces are allowed, as phone apps show `123 456`.
 */
export const oneTimeCodeSchema = v.pipe(
  v.string('security.validation.codeRequired'),
  v.trim(),
  v.nonEmpty('security.validation.codeRequired'),
  v.maxLength(20, 'security.validation.codeRequired'),
  v.regex(/^[A-Za-z0-9 -]+$/, 'security.validation.codeRequired'),
);

export const codeRequestSchema = v.object({ code: oneTimeCodeSchema });

export const disableTwoFactorSchema = v.object({
  password: v.pipe(
    v.string('account.validation.passwordRequired'),
    v.nonEmpty('account.validation.passwordRequired'),
    v.maxLength(200, 'account.validation.passwordRequired'),
  ),
  code: oneTimeCodeSchema,
});

/** GET /api/admin/audit: `before` an entry id, `limit` 1..200 (default 50), `action` one kind. */
export const auditQuerySchema = v.object({
  before: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(200)),
    '50',
  ),
  action: v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/))),
});
