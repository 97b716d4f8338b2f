import type { Lang } from '#domain/language.ts';
import type { MailClientId } from '#domain/mail-config.ts';

export type EmailConfigEvent =
  | { type: 'user.typeAddress'; value: string }
  | { type: 'user.launch'; client: MailClientId }
  | { type: 'user.closeInstructions' }
  | { type: 'user.retrySettings' }
  | { type: 'site.languageChanged'; lang: Lang };

export interface EmailConfigInput {
  /** `?email=` of the page, pre-filled into the field. */
  email?: string | undefined;
  lang: Lang;
}

/** What a launch did: a refusal is a value (SPEC 8: console only, no message to the visitor). */
export type LaunchResult = { ok: true } | { ok: false; reason: string };
