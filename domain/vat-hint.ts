// What a page needs for the first figures of its order summary (issue 43): the VAT a Dutch
// consumer pays now, as the server's VAT rule says. The server renders the order page and the
// checkout with it and sends it along in the HTML, so the browser's first render (the hydration)
// gives the same figures without asking; every later figure comes from `POST /api/quote`. The
// page's copy says nothing of the year's turnover (that is the studio's business), only whether
// the KOR is over; the server's render alone also knows the room left under it (D48H-1).

import type { QuoteVat } from './totals.ts';
import {
  decideVat,
  DEFAULT_VAT_SETTINGS,
  EMPTY_VAT_YEAR,
  type VatScheme,
  type VatSettings,
  type VatYear,
} from './vat.ts';

export interface VatHint {
  scheme: VatScheme;
  /** Under `kor`: the year's turnover has passed the threshold, every invoice now carries 21%. */
  korOver: boolean;
  /**
   * Server only, never in a page (`publicVatHint`): under a running KOR, by how many cents the
   * year's exempt turnover may still grow. The server's render tells from it whether a basket's
   * figures without VAT are final (`hintIsFinal`).
   */
  korRoom?: number | undefined;
}

/** The default scheme's, before the server said otherwise (tests, a page without the hint). */
export const DEFAULT_VAT_HINT: VatHint = { scheme: DEFAULT_VAT_SETTINGS.scheme, korOver: false };

/** The hint for the configured settings and the year so far (with the server's `korRoom`). */
export function vatHintOf(settings: VatSettings, year: VatYear): VatHint {
  const korOver =
    settings.scheme === 'kor' &&
    (Boolean(year.korPassed) || year.korTurnover >= settings.korThreshold);
  return settings.scheme === 'kor' && !korOver
    ? { scheme: settings.scheme, korOver, korRoom: settings.korThreshold - year.korTurnover }
    : { scheme: settings.scheme, korOver };
}

/** What a page carries of the hint: never the year's turnover (`korRoom`). */
export function publicVatHint(hint: VatHint): VatHint {
  return { scheme: hint.scheme, korOver: hint.korOver };
}

/**
 * The quote's VAT input for a Dutch consumer by the hint. Under a running KOR the threshold is
 * out of the hint's sight: a basket that would pass it is quoted 0% here, and the page asks the
 * server at once (`hintIsExact`).
 */
export function hintVat(hint: VatHint): QuoteVat {
  return {
    settings: {
      ...DEFAULT_VAT_SETTINGS,
      scheme: hint.korOver ? 'standard' : hint.scheme,
      korThreshold: Number.MAX_SAFE_INTEGER,
    },
    customer: { country: 'NL' },
    year: EMPTY_VAT_YEAR,
  };
}

/** Whether the hint's figures for a Dutch consumer are the server's whatever the basket. */
export function hintIsExact(hint: VatHint): boolean {
  return hint.scheme === 'standard' || hint.korOver;
}

/**
 * In the server's render: whether the hint's figures for a Dutch consumer's basket of `net`
 * cents (before VAT, the first invoice's) are the server's. Under a running KOR they are while
 * `decideVat` keeps the basket exempt with the room left as its threshold; a hint without
 * `korRoom` (tests, a render without the server's settings) counts as within it.
 */
export function hintIsFinal(hint: VatHint, net: number): boolean {
  if (hintIsExact(hint) || hint.korRoom === undefined) return true;
  const room = { ...DEFAULT_VAT_SETTINGS, scheme: 'kor' as const, korThreshold: hint.korRoom };
  return decideVat(room, { country: 'NL' }, EMPTY_VAT_YEAR, net).category === 'E';
}
