// Side effects of the withdrawal function (issue 42): who is signed in (their name and email fill
// the form), the refund before the confirm step, and the withdrawal itself, through the one API
// client. Refusals are values, never throws.

import type { Lang } from '#domain/language.ts';
import {
  withdrawalAnswerSchema,
  withdrawalPreviewSchema,
  type WithdrawalAnswer,
  type WithdrawalPreview,
} from '#domain/withdrawal.ts';
import { fetchCurrentUser } from '#machines/auth/auth.actors.ts';
import { api } from '#machines/shared/api-client.ts';

export interface WithdrawalBody {
  orderId?: string;
  invoiceNumber?: string;
  email: string;
  name: string;
  statement: string;
}

/** A refusal: field messages (400), or the server's message in the visitor's language. */
export type Refused = { ok: false; fields?: Record<string, string>; message?: string };

export type PreviewResult = { ok: true; preview: WithdrawalPreview } | Refused;
export type WithdrawResult = { ok: true; answer: WithdrawalAnswer['withdrawal'] } | Refused;

/**
 * The signed-in person's name and email (empty when signed out). Asked only when the page was
 * opened for an order (the client area's and the mail's links carry it): a visitor from the
 * footer is not asked who they are, so their browser logs no refused request.
 */
export async function fetchSignedIn(order: string): Promise<{ name: string; email: string }> {
  if (!order) return { name: '', email: '' };
  const user = await fetchCurrentUser();
  return user ? { name: user.name, email: user.email } : { name: '', email: '' };
}

function refused(result: {
  status: number;
  fields?: Record<string, string>;
  message?: string;
}): Refused {
  if (result.status === 400 && result.fields) return { ok: false, fields: result.fields };
  // 404, 409 and 429 carry a message for the visitor; no answer at all is a plain failure.
  return result.status >= 400 && result.message
    ? { ok: false, message: result.message }
    : { ok: false };
}

/** POST /api/withdrawals/preview */
export async function postPreview(input: {
  lang: Lang;
  body: WithdrawalBody;
}): Promise<PreviewResult> {
  const result = await api.post('/withdrawals/preview', withdrawalPreviewSchema, {
    json: input.body,
    lang: input.lang,
  });
  return result.ok ? { ok: true, preview: result.data } : refused(result);
}

/** POST /api/withdrawals, with one Idempotency-Key for the confirm and its retries. */
export async function postWithdrawal(input: {
  lang: Lang;
  body: WithdrawalBody;
  idempotencyKey: string;
}): Promise<WithdrawResult> {
  const result = await api.post('/withdrawals', withdrawalAnswerSchema, {
    json: input.body,
    lang: input.lang,
    idempotencyKey: input.idempotencyKey,
  });
  return result.ok ? { ok: true, answer: result.data.withdrawal } : refused(result);
}
