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
