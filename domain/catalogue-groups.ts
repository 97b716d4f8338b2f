// The group table: the four groups of the order page, with their selection rules
// (multi or single choice, required, always selected, mutual exclusion) and copy.

import type { PlanGroup } from './catalogue-types.ts';

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
