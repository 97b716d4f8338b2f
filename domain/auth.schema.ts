// Answer shapes of the session endpoints (API.md section 4, "Accounts"), read by the machines
// through the one API client.

import * as v from 'valibot';

export const sessionUserSchema = v.object({
  email: v.string(),
  name: v.string(),
  role: v.picklist(['staff', 'client']),
});
export type SessionUser = v.InferOutput<typeof sessionUserSchema>;

/** `GET /api/auth/me` and `POST /api/auth/login`. */
export const userAnswerSchema = v.object({ user: sessionUserSchema });

/** `POST /api/auth/login` for an account with a second factor: the code comes next (API.md section 13). */
export const loginAnswerSchema = v.union([
  userAnswerSchema,
  v.object({ twoFactorRequired: v.literal(true) }),
]);
