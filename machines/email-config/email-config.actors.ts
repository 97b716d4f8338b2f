// The mail-setup page's calls: the server names for the manual settings (GET
// /api/email-config/gmail-config), the downloads (GET /api/email-config/{autodiscover,autoconfig,
// profile}) through the one API client, and the two things that are opened instead of fetched
// (the profile on an iPhone, the Gmail app on Android).

import type { Lang } from '#domain/language.ts';
import { gmailAndroidIntentLink, mailProfileLink } from '#domain/links.ts';
import {
  AUTOCONFIG_FILENAME,
  AUTODISCOVER_FILENAME,
  gmailConfigSchema,
  mailClient,
  profileFilename,
  type GmailConfig,
  type MailClientId,
} from '#domain/mail-config.ts';
import { api } from '../shared/api-client.ts';
import { saveFile } from '../shared/save-file.ts';
import type { LaunchResult } from './email-config.types.ts';

export type SettingsResult = { ok: true; settings: GmailConfig } | { ok: false; code: string };

/** The server names for `address` (the server is the authority on MAIL_IMAP_HOST/MAIL_SMTP_HOST). */
export async function fetchMailSettings(input: {
  address: string;
  lang: Lang;
  signal?: AbortSignal;
}): Promise<SettingsResult> {
  const result = await api.get('/email-config/gmail-config', gmailConfigSchema, {
    searchParams: { email: input.address },
    lang: input.lang,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  return result.ok ? { ok: true, settings: result.data } : { ok: false, code: result.code };
}

/** How a launch reaches the browser; the page uses the real ones, tests pass fakes. */
export interface LaunchEffects {
  save: (blob: Blob, filename: string) => boolean;
  navigate: (url: string) => void;
}

const browserEffects: LaunchEffects = {
  save: saveFile,
  navigate: (url) => window.location.assign(url),
};

async function download(
  path: string,
  fallbackName: string,
  input: { address: string; lang: Lang },
  effects: LaunchEffects,
): Promise<LaunchResult> {
  const result = await api.file('get', path, {
    searchParams: { email: input.address },
    lang: input.lang,
  });
  if (!result.ok) return { ok: false, reason: `${path} answered ${result.status} ${result.code}` };
  return effects.save(result.data.blob, result.data.filename ?? fallbackName)
    ? { ok: true }
    : { ok: false, reason: 'no browser to save the file in' };
}

function open(url: string, effects: LaunchEffects): LaunchResult {
  if (typeof window === 'undefined') return { ok: false, reason: 'no browser to open it in' };
  try {
    effects.navigate(url);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: String(error) };
  }
}

/** Does what the client's button promises (domain/mail-config.ts MAIL_CLIENTS). */
export async function launchMailClient(
  input: { client: MailClientId; address: string; lang: Lang },
  effects: LaunchEffects = browserEffects,
): Promise<LaunchResult> {
  const { action } = mailClient(input.client);
  switch (action) {
    case 'autodiscover':
      return download('/email-config/autodiscover', AUTODISCOVER_FILENAME, input, effects);
    case 'autoconfig':
      return download('/email-config/autoconfig', AUTOCONFIG_FILENAME, input, effects);
    case 'profile':
      // On a Mac the profile is a file to open; on an iPhone Safari installs it when opened.
      return input.client === 'appleMail'
        ? download('/email-config/profile', profileFilename(input.address), input, effects)
        : open(mailProfileLink({ email: input.address, lang: input.lang }), effects);
    case 'gmailProfile':
      return open(
        mailProfileLink({ email: input.address, lang: input.lang, client: 'gmail' }),
        effects,
      );
    case 'androidIntent':
      return open(gmailAndroidIntentLink(), effects);
  }
}
