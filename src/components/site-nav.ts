/** The main navigation, one list for the header and the mobile drawer. */
export const MAIN_NAV = [
  { to: '/total-package/order', id: 'nav.totalPackage' },
  { to: '/blueprint100', id: 'nav.blueprint' },
  { to: '/pricing', id: 'nav.pricing' },
  { to: '/about', id: 'nav.about' },
  { to: '/contact', id: 'nav.contact' },
] as const;
