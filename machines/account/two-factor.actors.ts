// The second factor's setup calls (API.md section 13) through the one API client. Expected
// refusals are values (the envelope's message, in the page's language), never throws.

import * as v from 'valibot';
import type { Lang } from '#domain/language.ts';
import { api } from '#machines/shared/api-client.ts';

export const twoFactorSetupAnswerSchema = v.object({
  secret: v.string(),
  otpauthUrl: v.string(),
  /** The otpauth URL as a QR code (an SVG the server draws; README, additions to API.md 13). */
  qrSvg: v.optional(v.pipe(v.string(), v.startsWith('<svg'))),
});
export type TwoFactorSecret = v.InferOutput<typeof twoFactorSetupAnswerSchema>;

export const twoFactorEnableAnswerSchema = v.object({ recoveryCodes: v.array(v.string()) });

/** What a setup call came to; `message` is the API's own text, when it sent one. */
export type SetupResult = { ok: true; secret: TwoFactorSecret } | { ok: false; message?: string };
export type EnableResult =
  { ok: true; recoveryCodes: string[] } | { ok: false; wrongCode: boolean; message?: string };

/** POST /api/auth/2fa/setup: a new secret (not yet active) for the signed-in account. */
export async function postTwoFactorSetup(lang: Lang): Promise<SetupResult> {
  const result = await api.post('/auth/2fa/setup', twoFactorSetupAnswerSchema, { lang });
  if (result.ok) return { ok: true, secret: result.data };
  return { ok: false, ...(result.message ? { message: result.message } : {}) };
}

/** POST /api/auth/2fa/enable { code }: the first code proves the app has the secret. */
export async function postTwoFactorEnable(input: {
  code: string;
  lang: Lang;
}): Promise<EnableResult> {
  const result = await api.post('/auth/2fa/enable', twoFactorEnableAnswerSchema, {
    json: { code: input.code },
    lang: input.lang,
  });
  if (result.ok) return { ok: true, recoveryCodes: result.data.recoveryCodes };
  return {
    ok: false,
    wrongCode: result.code === 'INVALID_CODE' || result.code === 'VALIDATION_FAILED',
    ...(result.message ? { message: result.message } : {}),
  };
}

/** The secret as people type it: groups of four, split by spaces. */
export function groupedSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/** The QR code's SVG as an image address (the page's CSP allows `data:` images). */
export function qrImageSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
