// Side effect of the storefront status: GET /api/storefront through the one API client.

import { storefrontStatusSchema, type StorefrontStatus } from '#domain/payment-methods.ts';
import { api } from '#machines/shared/api-client.ts';

/** The server's current figures; null when it cannot say (the page then shows none). */
export async function fetchStorefrontStatus(): Promise<StorefrontStatus | null> {
  const result = await api.get('/storefront', storefrontStatusSchema, { timeout: 10_000 });
  return result.ok ? result.data : null;
}
