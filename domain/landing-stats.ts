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
  /** New projects taken on per month. */
  maxProjectsPerMonth: 20,
  /** The research stat on the agitation card (82% bar). */
  researchStatPercent: 82,
  /** Headline price of the Total Package, cents per month. */
  headlinePriceCents: 3000,
  /** Exit-intent offer: percent off the first month. */
  exitOfferPercent: 10,
} as const;

/** Limited offer: 21% VAT waived on the first 20,000 euro of orders (small-business scheme). */
export const LIMITED_OFFER = { waivedVatPercent: 21, thresholdCents: 2_000_000 } as const;
