import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import type { VatHint } from '#domain/vat-hint.ts';

/** The `<script type="application/json">` the server puts the page's VAT hint in. */
export const VAT_HINT_ID = 'vat-hint';

/**
 * The server's VAT hint of this page (domain/vat-hint.ts); the default scheme's when it is not
 * there or not one (the order summaries then ask the server at once). Checked by hand: a schema
 * library would weigh more than the order pages need.
 */
export function readVatHint(): VatHint {
  try {
    const value = JSON.parse(document.getElementById(VAT_HINT_ID)?.textContent ?? 'null') as {
      scheme?: unknown;
      korOver?: unknown;
    } | null;
    if (
      value &&
      (value.scheme === 'kor' || value.scheme === 'standard') &&
      typeof value.korOver === 'boolean'
    )
      return { scheme: value.scheme, korOver: value.korOver };
  } catch {
    // A page without a readable hint: the default.
  }
  // domain/vat-hint.ts's DEFAULT_VAT_HINT, written out: that module weighs more than this.
  return { scheme: 'kor', korOver: false };
}

/**
 * The page's VAT hint: the server renders with it from the router context; the browser reads it
 * from the page once, here and not in the entry, so pages without an order summary never carry it.
 */
export function usePageVatHint(): VatHint {
  const fromServer = useRouteContext({ from: '__root__', select: (c) => c.vatHint });
  const [hint] = useState(() => fromServer ?? readVatHint());
  return hint;
}
