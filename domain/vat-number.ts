// VAT numbers (INTEGRATIONS.md 6): their format and check digits, checked before VIES is asked.
// Belgian: `BE` + 10 digits, the first 0 or 1, the last two 97 minus the first eight modulo 97.
// Dutch: `NL` + 9 digits + `B` + 2 digits; the 9 digits pass the eleven-test (the RSIN-based
// numbers) or the whole id passes ISO 7064 mod 97-10 (the numbers sole traders get since 2020).
// Other EU countries: their shape only (two letters and 8 to 12 letters or digits); VIES decides.

export type VatNumberCheck =
  { ok: true; country: string; number: string; vat: string } | { ok: false };

/** Spaces, dots and dashes left out, upper case. */
export function normalizeVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

function belgian(digits: string): boolean {
  if (!/^[01]\d{9}$/.test(digits)) return false;
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
}

function elevenTest(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[8]);
}

function mod97(id: string): boolean {
  let remainder = 0;
  for (const char of id) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function dutch(rest: string): boolean {
  const match = /^(\d{9})B(\d{2})$/.exec(rest);
  if (!match) return false;
  return elevenTest(match[1]!) || mod97(`NL${rest}`);
}

/** Checks a VAT number's format and check digits (no network). */
export function checkVatNumber(value: string): VatNumberCheck {
  const vat = normalizeVatNumber(value);
  const match = /^([A-Z]{2})([A-Z0-9]{8,12})$/.exec(vat);
  if (!match) return { ok: false };
  const [, country, number] = match as unknown as [string, string, string];
  const valid = country === 'BE' ? belgian(number) : country === 'NL' ? dutch(number) : true;
  return valid ? { ok: true, country, number, vat } : { ok: false };
}
