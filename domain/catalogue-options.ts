// The option table: every option the studio sells, its price in integer euro cents, its
// sign-up link and its customer-facing copy in Dutch and English. Prices live here and nowhere
// else; the server never trusts an amount sent by a client.

import { DOMAIN_PRICE_CENTS, type PlanOption } from './catalogue-types.ts';

export const CATALOGUE: readonly PlanOption[] = [
  {
    id: 'webHosting_total',
    productId: 16,
    groupKey: 'buildLaunch',
    prices: { monthly: 3000 },
    link: '/signup/web-hosting/standard',
    displayName: { en: 'Complete Website Package', nl: 'Compleet Websitepakket' },
    features: {
      en: [
        '5 GB SSD hosting',
        'Business email with unlimited addresses',
        'CMS with a basic theme',
        '3 to 5 pages with up to 1,200 words',
        'Up to 30 products in your shop',
        'One 20-minute onboarding call',
        '1 revision round',
        '50 GB monthly traffic',
      ],
      nl: [
        '5 GB SSD-hosting',
        'Zakelijke e-mail met onbeperkt aantal adressen',
        'CMS met een basisthema',
        "3 tot 5 pagina's met maximaal 1.200 woorden",
        'Maximaal 30 producten in je webshop',
        'Eén onboardinggesprek van 20 minuten',
        '1 revisieronde',
        '50 GB dataverkeer per maand',
      ],
    },
  },
  {
    id: 'webHosting_pro',
    productId: 17,
    groupKey: 'buildLaunch',
    prices: { monthly: 5000 },
    link: '/signup/web-hosting/pro',
    displayName: { en: 'Complete Website Package Pro', nl: 'Compleet Websitepakket Pro' },
    features: {
      en: [
        'Everything in the Complete Website Package',
        '20 GB SSD hosting',
        'Priority support by email and chat',
      ],
      nl: [
        'Alles uit het Compleet Websitepakket',
        '20 GB SSD-hosting',
        'Voorrangssupport via e-mail en chat',
      ],
    },
  },
  {
    id: 'domain_managed',
    productId: 99,
    groupKey: 'buildLaunch',
    prices: { yearly: DOMAIN_PRICE_CENTS },
    link: '/signup/domain/managed',
    displayName: { en: 'Managed Domain', nl: 'Beheerd domein' },
    features: {
      en: [
        'Registration of 1 domain name, such as .com or .net',
        'DNS and email set up for you',
        'Free SSL certificate',
        'Managed DNS',
      ],
      nl: [
        'Registratie van 1 domeinnaam, zoals .com of .net',
        'DNS en e-mail voor je ingesteld',
        'Gratis SSL-certificaat',
        'Beheerde DNS',
      ],
    },
  },
  {
    id: 'techConcierge_free',
    productId: 19,
    groupKey: 'techConcierge',
    prices: { monthly: 0 },
    link: '/signup/tech-concierge/free',
    displayName: { en: 'Tech Concierge Basic', nl: 'Tech Concierge Basis' },
    features: {
      en: [
        'Nightly backups',
        'Weekly security scans',
        '20 minutes of small adjustments every month',
        'Access to the knowledge base',
      ],
      nl: [
        'Nachtelijke back-ups',
        'Wekelijkse beveiligingsscans',
        'Elke maand 20 minuten kleine aanpassingen',
        'Toegang tot de kennisbank',
      ],
    },
  },
  {
    id: 'techConcierge_extra_5h',
    productId: 22,
    groupKey: 'techConcierge',
    prices: { oneTime: 30000 },
    link: '/signup/tech-concierge/2h',
    displayName: { en: 'Extra Support Hours (5 hours)', nl: 'Extra supporturen (5 uur)' },
    features: {
      en: ['5 hours of developer time', 'Priority queue for your requests'],
      nl: ['5 uur developertijd', 'Voorrang in de wachtrij voor je verzoeken'],
    },
  },
  {
    id: 'techConcierge_5h',
    productId: 21,
    groupKey: 'techConcierge',
    prices: { oneTime: 45000 },
    link: '/signup/tech-concierge/5h',
    displayName: { en: 'Dev Sprint (5 hours)', nl: 'Dev Sprint (5 uur)' },
    features: {
      en: [
        '5 hours of development, one-time',
        '2 calls with the developer',
        'Delivered within 5 days',
      ],
      nl: [
        'Eenmalig 5 uur ontwikkeling',
        '2 gesprekken met de developer',
        'Opgeleverd binnen 5 dagen',
      ],
    },
  },
  {
    id: 'growthCall_monthly',
    productId: 31,
    groupKey: 'growthOptimize',
    prices: { monthly: 8900 },
    link: '/signup/growth-call/monthly',
    displayName: { en: 'Monthly Growth Call', nl: 'Maandelijks groeigesprek' },
    features: {
      en: ['Monthly strategy call', 'Analytics dashboard', 'Progress report every 30 days'],
      nl: [
        'Maandelijks strategiegesprek',
        'Analytics-dashboard',
        'Elke 30 dagen een voortgangsrapport',
      ],
    },
  },
  {
    id: 'humanContent_business',
    productId: 32,
    groupKey: 'growthOptimize',
    prices: { monthly: 45000 },
    link: '/signup/human-content/business',
    displayName: { en: 'Human Content Business', nl: 'Human Content Business' },
    features: {
      en: [
        '4 articles of 2,500+ words a month',
        'Content calendar with 16 social posts a month',
        '4 newsletter templates a month',
      ],
      nl: [
        '4 artikelen van 2.500+ woorden per maand',
        'Contentkalender met 16 socialmediaposts per maand',
        '4 nieuwsbriefsjablonen per maand',
      ],
    },
  },
  {
    id: 'seo_booster',
    productId: 33,
    groupKey: 'growthOptimize',
    prices: { oneTime: 89000 },
    link: '/signup/seo/booster',
    displayName: { en: 'SEO Booster', nl: 'SEO Booster' },
    features: {
      en: [
        '50+ internal link opportunities',
        '5 content clusters',
        '20+ key pages optimised',
        '90-day roadmap',
      ],
      nl: [
        '50+ kansen voor interne links',
        '5 contentclusters',
        "20+ belangrijke pagina's geoptimaliseerd",
        'Roadmap voor 90 dagen',
      ],
    },
  },
  {
    id: 'cro_booster',
    productId: 34,
    groupKey: 'growthOptimize',
    prices: { oneTime: 129000 },
    link: '/signup/cro/accelerator',
    displayName: { en: 'Conversion Accelerator', nl: 'Conversieversneller' },
    features: {
      en: ['Conversion optimisation of 3 pages', '60-day roadmap', 'Monthly review call'],
      nl: [
        "Conversie-optimalisatie van 3 pagina's",
        'Roadmap voor 60 dagen',
        'Maandelijks evaluatiegesprek',
      ],
    },
  },
  {
    id: 'content_strategy',
    productId: 35,
    groupKey: 'growthOptimize',
    prices: { oneTime: 249000 },
    link: '/signup/content/strategy-intensive',
    displayName: { en: 'Content Strategy Intensive', nl: 'Contentstrategie Intensief' },
    features: {
      en: ['6-month editorial calendar', '2 strategy sessions', 'Monthly check-ins for 3 months'],
      nl: [
        'Redactiekalender voor 6 maanden',
        '2 strategiesessies',
        '3 maanden lang een maandelijkse check-in',
      ],
    },
  },
  {
    id: 'branding_mini',
    productId: 36,
    groupKey: 'visualIdentity',
    prices: { oneTime: 49000 },
    link: null,
    displayName: { en: 'Mini Branding', nl: 'Mini-branding' },
    features: {
      en: ['2 logo variations', 'Palette of 5 colours', '3 page mockups', '2 revision rounds'],
      nl: ['2 logovarianten', 'Palet van 5 kleuren', '3 paginamockups', '2 revisierondes'],
    },
  },
  {
    id: 'branding_full',
    productId: 37,
    groupKey: 'visualIdentity',
    prices: { oneTime: 79000 },
    link: null,
    displayName: { en: 'Full Branding', nl: 'Volledige branding' },
    features: {
      en: ['3 logo concepts', '6 page mockups', '3 feedback rounds', '20+ social media templates'],
      nl: ['3 logoconcepten', '6 paginamockups', '3 feedbackrondes', '20+ socialmediasjablonen'],
    },
  },
  {
    id: 'branding_premium',
    productId: 38,
    groupKey: 'visualIdentity',
    prices: { oneTime: 149000 },
    link: null,
    displayName: { en: 'Premium Branding', nl: 'Premium branding' },
    features: {
      en: [
        'Complete brand identity, tailored to your business',
        'Delivered within 10 business days',
      ],
      nl: ['Complete huisstijl, op maat van je bedrijf', 'Opgeleverd binnen 10 werkdagen'],
    },
  },
  {
    id: 'brand_audit',
    productId: 39,
    groupKey: 'visualIdentity',
    prices: { oneTime: 35000 },
    link: null,
    displayName: { en: 'Brand Audit', nl: 'Merkaudit' },
    features: {
      en: [
        'Review of your current logo, colours and fonts',
        'Written advice with concrete improvements',
      ],
      nl: [
        'Beoordeling van je huidige logo, kleuren en lettertypes',
        'Schriftelijk advies met concrete verbeterpunten',
      ],
    },
  },
];
