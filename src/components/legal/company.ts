// The company facts shown in the privacy policy's contact table (SPEC section 2, "Legal page
// structure"). They are configuration, set at build time through Vite environment variables, so
// the real registration numbers never live in the code:
//
//   VITE_COMPANY_NAME       trade name (default "Webstudio")
//   VITE_COMPANY_ADDRESS    postal address on one line, e.g. "Straatnaam 1, 1234 AB Plaats"
//   VITE_COMPANY_EMAIL      contact address for privacy and support questions
//   VITE_COMPANY_LINKEDIN   full https:// URL of the LinkedIn page
//   VITE_COMPANY_KVK        chamber of commerce (KvK) number
//   VITE_COMPANY_VAT        VAT identification number (btw-id)
//
// Anything not configured is shown as "On request" ("Op aanvraag"); a missing email address
// becomes a link to the contact form. Nothing is ever made up.

export interface CompanyFacts {
  name: string;
  address: string | null;
  email: string | null;
  linkedin: string | null;
  kvk: string | null;
  vat: string | null;
}

function configured(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function httpsUrl(value: unknown): string | null {
  const url = configured(value);
  return url && /^https:\/\//i.test(url) ? url : null;
}

function emailAddress(value: unknown): string | null {
  const email = configured(value);
  return email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

export function companyFacts(env: Record<string, unknown>): CompanyFacts {
  return {
    name: configured(env.VITE_COMPANY_NAME) ?? 'Webstudio',
    address: configured(env.VITE_COMPANY_ADDRESS),
    email: emailAddress(env.VITE_COMPANY_EMAIL),
    linkedin: httpsUrl(env.VITE_COMPANY_LINKEDIN),
    kvk: configured(env.VITE_COMPANY_KVK),
    vat: configured(env.VITE_COMPANY_VAT),
  };
}

// Each variable is read by its full name so that Vite replaces it at build time.
export const COMPANY: CompanyFacts = companyFacts({
  VITE_COMPANY_NAME: import.meta.env.VITE_COMPANY_NAME,
  VITE_COMPANY_ADDRESS: import.meta.env.VITE_COMPANY_ADDRESS,
  VITE_COMPANY_EMAIL: import.meta.env.VITE_COMPANY_EMAIL,
  VITE_COMPANY_LINKEDIN: import.meta.env.VITE_COMPANY_LINKEDIN,
  VITE_COMPANY_KVK: import.meta.env.VITE_COMPANY_KVK,
  VITE_COMPANY_VAT: import.meta.env.VITE_COMPANY_VAT,
});
