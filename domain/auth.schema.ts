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
