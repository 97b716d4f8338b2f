// A browser's User-Agent header in words a person recognises ("Firefox on Linux"), for the list
// of the sessions signed in to an account (API.md section 13). Pure: no I/O.

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface UserAgentSummary {
  /** the browser's name, or null when the header names none we know */
  browser: string | null;
  /** the operating system or device, or null */
  system: string | null;
}

export function summariseUserAgent(userAgent: string | null): UserAgentSummary {
  const agent = userAgent ?? '';
  const find = (list: ReadonlyArray<readonly [RegExp, string]>) =>
    list.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}
