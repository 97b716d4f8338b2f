/**
 * Whether this browser holds a session, from the `signed_in` hint cookie the server sets beside
 * the HttpOnly session cookie (decision D39B-2). Public pages are cached for everyone, so the
 * server renders the visitor's "Log in"; the browser switches to "My account" once hydrated,
 * without asking the server.
 */
export function readSignedInHint(): boolean {
  return /(?:^|;\s*)signed_in=1(?:;|$)/.test(document.cookie);
}
