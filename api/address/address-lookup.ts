import ky from 'ky';
import * as v from 'valibot';

/**
 * Dutch addresses from postal code and house number: PDOK Locatieserver (INTEGRATIONS.md
 * section 2), `free?q=postcode:1012AB AND huisnummer:12&fq=type:adres`. The digits of the house
 * number are queried; a letter or addition is then matched among the results.
 */

const docSchema = v.object({
  straatnaam: v.string(),
  huisnummer: v.number(),
  huisletter: v.optional(v.string()),
  huisnummertoevoeging: v.optional(v.string()),
  postcode: v.string(),
  woonplaatsnaam: v.string(),
});
const answerSchema = v.object({
  response: v.object({ numFound: v.number(), docs: v.array(v.unknown()) }),
});

export interface FoundAddress {
  street: string;
  houseNumber: string;
  postalcode: string;
  city: string;
}

export type AddressLookup = (
  postalcode: string,
  houseNumber: string,
) => Promise<FoundAddress | null>;

export function parseHouseNumber(value: string): { number: number; addition: string } | null {
  const match = /^\s*(\d{1,5})\s*[-\s]?\s*([A-Za-z0-9]{0,4})\s*$/.exec(value);
  if (!match) return null;
  return { number: Number(match[1]), addition: (match[2] ?? '').toUpperCase() };
}

export function createAddressLookup(options: {
  baseUrl: string;
  timeoutMs?: number;
}): AddressLookup {
  const api = ky.create({
    // ky 2's `prefix` (ky 1's prefixUrl): joined with '/', so the URL works with or without its
    // trailing slash (`baseUrl` would resolve 'free' against the URL and drop its last segment).
    prefix: options.baseUrl,
    timeout: options.timeoutMs ?? 5000,
    retry: 0,
  });
  return async (postalcode, houseNumber) => {
    const code = postalcode.replace(/\s+/g, '').toUpperCase();
    const house = parseHouseNumber(houseNumber);
    if (!/^[1-9]\d{3}[A-Z]{2}$/.test(code) || !house) return null;
    // ky 2 checks the answer against the schema (a SchemaValidationError when PDOK changes shape).
    const parsed = await api
      .get('free', {
        searchParams: {
          q: `postcode:${code} AND huisnummer:${house.number}`,
          fq: 'type:adres',
          rows: '20',
        },
      })
      .json(answerSchema);
    const docs = parsed.response.docs.flatMap((doc) => {
      const d = v.safeParse(docSchema, doc);
      return d.success ? [d.output] : [];
    });
    const addition = (d: v.InferOutput<typeof docSchema>) =>
      `${d.huisletter ?? ''}${d.huisnummertoevoeging ?? ''}`.toUpperCase();
    const match =
      docs.find((d) => addition(d) === house.addition) ?? (house.addition ? undefined : docs[0]);
    if (!match) return null;
    const suffix = `${match.huisletter ?? ''}${match.huisnummertoevoeging ? `-${match.huisnummertoevoeging}` : ''}`;
    return {
      street: match.straatnaam,
      houseNumber: `${match.huisnummer}${suffix}`,
      postalcode: `${match.postcode.slice(0, 4)} ${match.postcode.slice(4)}`,
      city: match.woonplaatsnaam,
    };
  };
}
