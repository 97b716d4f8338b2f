// The catalogue: every option the studio sells, its price in integer euro cents, its billing
// cadence, its sign-up link and its customer-facing copy in Dutch and English. Prices live here
// and nowhere else; the server never trusts an amount sent by a client.

import type { Lang } from './language.ts';

export type { Lang };
export type Localized<T> = { readonly en: T; readonly nl: T };

export const CURRENCY = 'EUR' as const;

export const GROUP_KEYS = [
  'buildLaunch',
  'techConcierge',
  'growthOptimize',
  'visualIdentity',
] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];

export const PLAN_IDS = [
  'webHosting_total',
  'webHosting_pro',
  'domain_managed',
  'techConcierge_free',
  'techConcierge_extra_5h',
  'techConcierge_5h',
  'growthCall_monthly',
  'humanContent_business',
  'seo_booster',
  'cro_booster',
  'content_strategy',
  'branding_mini',
  'branding_full',
  'branding_premium',
  'brand_audit',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Billing = 'monthly' | 'yearly' | 'oneTime' | 'notAvailable';

/** Prices in integer euro cents. An option normally carries exactly one of them. */
export interface Prices {
  readonly monthly?: number;
  readonly yearly?: number;
  readonly oneTime?: number;
}

export interface PlanOption {
  readonly id: PlanId;
  /** Product id in the billing system. */
  readonly productId: number;
  readonly groupKey: GroupKey;
  readonly prices: Prices;
  /** Sign-up path, or null when the option has no public sign-up page. */
  readonly link: string | null;
  readonly displayName: Localized<string>;
  readonly features: Localized<readonly string[]>;
}

export interface PlanGroup {
  readonly key: GroupKey;
  readonly title: Localized<string>;
  readonly subtitle: Localized<string>;
  readonly tooltip: Localized<string>;
  readonly popularIds: readonly PlanId[];
  readonly multiSelect: boolean;
  readonly alwaysSelectedIds: readonly PlanId[];
  readonly required: boolean;
  /** Sets of options of which at most one may be selected. */
  readonly mutualExclusionGroups: readonly (readonly PlanId[])[];
}

/** Yearly price of a domain registration or transfer (`domain_managed`), in cents. */
export const DOMAIN_PRICE_CENTS = 1500;

/** Product id of the injected "choose the domain together" consultation item. */
export const CONSULTATION_PRODUCT_ID = 999;

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

export const GROUPS: readonly PlanGroup[] = [
  {
    key: 'buildLaunch',
    title: { en: 'Build & Launch', nl: 'Bouwen & lanceren' },
    subtitle: { en: 'Your website, hosting and domain', nl: 'Je website, hosting en domein' },
    tooltip: {
      en: 'Choose one website package. Your domain can be added here or in the domain step.',
      nl: 'Kies één websitepakket. Je domein voeg je hier toe of in de domeinstap.',
    },
    popularIds: ['webHosting_total'],
    multiSelect: true,
    alwaysSelectedIds: [],
    required: true,
    mutualExclusionGroups: [['webHosting_total', 'webHosting_pro']],
  },
  {
    key: 'techConcierge',
    title: { en: 'Tech Concierge', nl: 'Tech Concierge' },
    subtitle: {
      en: 'Maintenance and support after launch',
      nl: 'Onderhoud en support na de lancering',
    },
    tooltip: {
      en: 'Basic care is always included. Add hours when you need more help.',
      nl: 'Basiszorg zit er altijd bij. Voeg uren toe als je meer hulp nodig hebt.',
    },
    popularIds: ['techConcierge_extra_5h'],
    multiSelect: true,
    alwaysSelectedIds: ['techConcierge_free'],
    required: false,
    mutualExclusionGroups: [],
  },
  {
    key: 'growthOptimize',
    title: { en: 'Growth & Optimisation', nl: 'Groei & optimalisatie' },
    subtitle: { en: 'Get found and win more customers', nl: 'Word gevonden en win meer klanten' },
    tooltip: {
      en: 'Optional services that bring in visitors and turn them into customers. Pick as many as you like.',
      nl: 'Optionele diensten die bezoekers opleveren en er klanten van maken. Kies er zoveel als je wilt.',
    },
    popularIds: ['growthCall_monthly', 'seo_booster'],
    multiSelect: true,
    alwaysSelectedIds: [],
    required: false,
    mutualExclusionGroups: [],
  },
  {
    key: 'visualIdentity',
    title: { en: 'Visual Identity', nl: 'Visuele identiteit' },
    subtitle: { en: 'Logo, colours and design', nl: 'Logo, kleuren en ontwerp' },
    tooltip: {
      en: 'Pick at most one branding package.',
      nl: 'Kies maximaal één brandingpakket.',
    },
    popularIds: ['branding_full'],
    multiSelect: false,
    alwaysSelectedIds: [],
    required: false,
    mutualExclusionGroups: [],
  },
];

const OPTIONS_BY_ID: ReadonlyMap<string, PlanOption> = new Map(CATALOGUE.map((o) => [o.id, o]));
const OPTIONS_BY_PRODUCT_ID: ReadonlyMap<number, PlanOption> = new Map(
  CATALOGUE.map((o) => [o.productId, o]),
);
const GROUPS_BY_KEY: ReadonlyMap<string, PlanGroup> = new Map(GROUPS.map((g) => [g.key, g]));
const CATALOGUE_INDEX: ReadonlyMap<string, number> = new Map(CATALOGUE.map((o, i) => [o.id, i]));

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && OPTIONS_BY_ID.has(value);
}

export function optionById(id: string): PlanOption | undefined {
  return OPTIONS_BY_ID.get(id);
}

export function optionByProductId(productId: number): PlanOption | undefined {
  return OPTIONS_BY_PRODUCT_ID.get(productId);
}

export function groupByKey(key: string): PlanGroup | undefined {
  return GROUPS_BY_KEY.get(key);
}

/** The group an option belongs to. Every catalogue option has one. */
export function groupOf(id: PlanId): PlanGroup {
  const option = OPTIONS_BY_ID.get(id);
  const group = option && GROUPS_BY_KEY.get(option.groupKey);
  if (!group) throw new Error(`catalogue: option ${id} has no group`);
  return group;
}

export function optionsInGroup(key: GroupKey): PlanOption[] {
  return CATALOGUE.filter((o) => o.groupKey === key);
}

/** Position in the catalogue table; used as the stable tie-breaker everywhere. */
export function catalogueIndex(id: string): number {
  return CATALOGUE_INDEX.get(id) ?? Number.MAX_SAFE_INTEGER;
}

/** Every id that is always selected, over all groups. */
export const ALWAYS_SELECTED_IDS: readonly PlanId[] = GROUPS.flatMap((g) => g.alwaysSelectedIds);

export function isAlwaysSelected(id: string): boolean {
  return (ALWAYS_SELECTED_IDS as readonly string[]).includes(id);
}

export function isPopular(id: string): boolean {
  return GROUPS.some((g) => (g.popularIds as readonly string[]).includes(id));
}

export type WarnFn = (message: string) => void;
const defaultWarn: WarnFn = (message) => console.warn(message);

/** Monthly if present, else yearly, else one-time, else 0 with a warning. */
export function resolvePrice(prices: Prices, options: { id?: string; warn?: WarnFn } = {}): number {
  if (prices.monthly !== undefined) return prices.monthly;
  if (prices.yearly !== undefined) return prices.yearly;
  if (prices.oneTime !== undefined) return prices.oneTime;
  (options.warn ?? defaultWarn)(`catalogue: no price for ${options.id ?? 'an option'}; using 0`);
  return 0;
}

/** The billing label that goes with the price `resolvePrice` picks. */
export function billingLabel(prices: Prices): Billing {
  if (prices.monthly !== undefined) return 'monthly';
  if (prices.yearly !== undefined) return 'yearly';
  if (prices.oneTime !== undefined) return 'oneTime';
  return 'notAvailable';
}

const SIGNUP_PATHS: ReadonlyMap<string, PlanId> = new Map(
  CATALOGUE.filter((o) => o.link !== null).map((o) => [o.link as string, o.id]),
);

/** `/signup/web-hosting/standard` → `webHosting_total`. Trailing slash and query are ignored. */
export function planIdForSignupPath(path: string): PlanId | undefined {
  const clean = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
  return SIGNUP_PATHS.get(trimmed);
}

export interface CatalogueOptionView {
  id: PlanId;
  productId: number;
  groupKey: GroupKey;
  displayName: string;
  features: string[];
  price: number;
  billing: Billing;
  link: string | null;
  isPopular: boolean;
  alwaysSelected: boolean;
}

export interface CatalogueGroupView {
  key: GroupKey;
  title: string;
  multiSelect: boolean;
  required: boolean;
  popularIds: PlanId[];
  alwaysSelectedIds: PlanId[];
  mutualExclusionGroups: PlanId[][];
  options: CatalogueOptionView[];
}

export interface CatalogueView {
  currency: typeof CURRENCY;
  groups: CatalogueGroupView[];
}

/** Exactly the body of `GET /api/catalogue`, in one language. */
export function catalogueView(lang: Lang): CatalogueView {
  return {
    currency: CURRENCY,
    groups: GROUPS.map((group) => ({
      key: group.key,
      title: group.title[lang],
      multiSelect: group.multiSelect,
      required: group.required,
      popularIds: [...group.popularIds],
      alwaysSelectedIds: [...group.alwaysSelectedIds],
      mutualExclusionGroups: group.mutualExclusionGroups.map((set) => [...set]),
      options: optionsInGroup(group.key).map((option) => ({
        id: option.id,
        productId: option.productId,
        groupKey: option.groupKey,
        displayName: option.displayName[lang],
        features: [...option.features[lang]],
        price: resolvePrice(option.prices, { id: option.id }),
        billing: billingLabel(option.prices),
        link: option.link,
        isPopular: (group.popularIds as readonly string[]).includes(option.id),
        alwaysSelected: (group.alwaysSelectedIds as readonly string[]).includes(option.id),
      })),
    })),
  };
}
