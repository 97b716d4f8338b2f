// Hard-coded marketing figures of the landing page (SPEC sections 1 and 9).

export const LANDING_STATS = {
  /** Websites built / businesses helped: shown as "100+". */
  websitesBuilt: 100,
  /** Customer satisfaction in percent. */
  satisfactionPercent: 96.2,
  /** Years of experience: shown as "10+". */
  yearsExperience: 10,
  /** Average time to launch, in weeks ("about 2 weeks"). */
  averageLaunchWeeks: 2,
  /** The research stat on the agitation card (82% bar). */
  researchStatPercent: 82,
  /** Headline price of the Total Package, cents per month. */
  headlinePriceCents: 3000,
  /** Exit-intent offer: percent off the first month. */
  exitOfferPercent: 10,
} as const;

// The projects taken on per month are configuration (PROJECTS_PER_MONTH, domain/scarcity.ts), and
// the small-business scheme is no offer (no VAT charged under the KOR): neither is a figure here
// (D39A-3).
