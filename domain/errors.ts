// The closed set of API error codes, their HTTP status and their human messages.
// Every non-2xx answer of the API carries one of these codes.

import type { Lang } from './language.ts';

export const API_ERROR_CODES = [
  'INVALID_JSON',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'UNKNOWN_PLAN',
  'CONFLICTING_PLANS',
  'INVALID_DOMAIN',
  'DOMAIN_CHECK_FAILED',
  'ALREADY_REGISTERED',
  'SLOT_TAKEN',
  'INVALID_TOKEN',
  'ALREADY_CANCELLED',
  'CHAT_OFFLINE',
  'CONVERSATION_CLOSED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const API_ERROR_STATUS: Readonly<Record<ApiErrorCode, number>> = {
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  UNKNOWN_PLAN: 400,
  CONFLICTING_PLANS: 400,
  INVALID_DOMAIN: 400,
  DOMAIN_CHECK_FAILED: 502,
  ALREADY_REGISTERED: 409,
  SLOT_TAKEN: 409,
  INVALID_TOKEN: 400,
  ALREADY_CANCELLED: 409,
  CHAT_OFFLINE: 409,
  CONVERSATION_CLOSED: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export const API_ERROR_MESSAGES: Readonly<Record<Lang, Readonly<Record<ApiErrorCode, string>>>> = {
  en: {
    INVALID_JSON: 'The request body is not valid JSON.',
    VALIDATION_FAILED: 'Some fields are missing or invalid.',
    NOT_FOUND: 'We could not find what you were looking for.',
    PAYLOAD_TOO_LARGE: 'The request is too large.',
    RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
    UNAUTHORIZED: 'Please log in to continue.',
    FORBIDDEN: 'You do not have access to this page.',
    UNKNOWN_PLAN: 'One of the chosen packages does not exist.',
    CONFLICTING_PLANS: 'Two of the chosen packages cannot be combined.',
    INVALID_DOMAIN: 'Please enter a valid domain name.',
    DOMAIN_CHECK_FAILED: 'Something went wrong while checking the domain. Please try again.',
    ALREADY_REGISTERED:
      'An account with this email already exists. Log in or use a different email address.',
    SLOT_TAKEN: 'This time slot has just been taken. Please choose another time.',
    INVALID_TOKEN: 'This link is no longer valid. It may have been used already or have expired.',
    ALREADY_CANCELLED: 'This has already been cancelled.',
    CHAT_OFFLINE:
      'Nobody is available for live chat right now. Leave us a message or book a call instead.',
    CONVERSATION_CLOSED: 'This conversation has been closed.',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again in a moment.',
    INTERNAL: 'Something went wrong. Please try again.',
  },
  nl: {
    INVALID_JSON: 'De inhoud van het verzoek is geen geldige JSON.',
    VALIDATION_FAILED: 'Sommige velden ontbreken of zijn ongeldig.',
    NOT_FOUND: 'We konden niet vinden wat je zocht.',
    PAYLOAD_TOO_LARGE: 'Het verzoek is te groot.',
    RATE_LIMITED: 'Te veel verzoeken. Wacht even en probeer het opnieuw.',
    UNAUTHORIZED: 'Log in om verder te gaan.',
    FORBIDDEN: 'Je hebt geen toegang tot deze pagina.',
    UNKNOWN_PLAN: 'Een van de gekozen pakketten bestaat niet.',
    CONFLICTING_PLANS: 'Twee van de gekozen pakketten kunnen niet samen worden gekozen.',
    INVALID_DOMAIN: 'Voer een geldige domeinnaam in.',
    DOMAIN_CHECK_FAILED:
      'Er ging iets mis bij het controleren van het domein. Probeer het opnieuw.',
    ALREADY_REGISTERED:
      'Er bestaat al een account met dit e-mailadres. Log in of gebruik een ander e-mailadres.',
    SLOT_TAKEN: 'Dit tijdslot is net bezet. Kies een ander tijdstip.',
    INVALID_TOKEN: 'Deze link is niet meer geldig. Misschien is hij al gebruikt of verlopen.',
    ALREADY_CANCELLED: 'Dit is al opgezegd of geannuleerd.',
    CHAT_OFFLINE:
      'Er is nu niemand beschikbaar voor de livechat. Laat een bericht achter of plan een gesprek.',
    CONVERSATION_CLOSED: 'Dit gesprek is afgesloten.',
    SERVICE_UNAVAILABLE: 'De dienst is tijdelijk niet beschikbaar. Probeer het zo opnieuw.',
    INTERNAL: 'Er ging iets mis. Probeer het opnieuw.',
  },
};

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && (API_ERROR_CODES as readonly string[]).includes(value);
}

export function apiErrorMessage(code: ApiErrorCode, lang: Lang): string {
  return API_ERROR_MESSAGES[lang][code];
}

/** The `{ error: { code, message, fields? } }` envelope of every non-2xx answer. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string> };
}

export function apiErrorBody(
  code: ApiErrorCode,
  lang: Lang,
  extra: { message?: string; fields?: Record<string, string> } = {},
): ApiErrorBody {
  return {
    error: {
      code,
      message: extra.message ?? apiErrorMessage(code, lang),
      ...(extra.fields ? { fields: extra.fields } : {}),
    },
  };
}
