// Where a sign-in may send the visitor next: only a path on this site (`/dashboard?x=1`), never
// another host (`//evil.example`, `/\evil.example`, `https://...`) or anything with control
// characters. Used by the server's `GET /api/auth/login` and by the sign-in page.

export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return value;
}

/** After signing in: the asked-for same-site path, else the dashboard for staff, the client area for clients. */
export function destinationAfterLogin(
  role: 'staff' | 'client',
  redirect: string | null | undefined,
): string {
  return sameSitePath(redirect) ?? (role === 'staff' ? '/dashboard' : '/account');
}
