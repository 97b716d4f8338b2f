import type { AccountProfile } from '#domain/account.schema.ts';

/** A valid `POST /api/checkout` body for a new client (hosting + a registered domain, bank transfer). */
export function checkoutBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: 'a-good-password',
    firstname: 'Anna',
    lastname: 'de Vries',
    address1: 'Damrak 1',
    postalcode: '1012LG',
    city: 'Amsterdam',
    state: '',
    country: 'NL',
    phone: '+31 6 12345678',
    company: 'Anna BV',
    kvk: '87654321',
    vat: '',
    tos: true,
    planData: {
      products: [16],
      billingCycle: 'monthly',
      domainType: 'register',
      domain: 'anna-de-vries.nl',
    },
    paymentMethod: 'banktransfer',
    sendEmail: false,
    noEmail: true,
    ...overrides,
  };
}

/** GET /api/account/profile of a customer whose last order went to a Belgian address. */
export const BELGIAN_PROFILE = {
  email: 'anna@example.test',
  emailVerified: true,
  twoFactorEnabled: false,
  name: 'Anna de Vries',
  phone: '+32 3 123 45 67',
  lang: 'en',
  billing: {
    firstname: 'Anna',
    lastname: 'de Vries',
    company: 'Anna BV',
    address1: 'Meir 1',
    postalcode: '2000',
    city: 'Antwerpen',
    state: '',
    country: 'BE',
    kvk: '',
    vat: 'BE0123456749',
  },
} as const satisfies AccountProfile;
