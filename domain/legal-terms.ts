// The terms and conditions (SPEC 2: agreement, external conditions, account info, maintenance and
// backups, upgrades and domains, payments and price, use of services, rights and data, termination).

import { h3, p, section, ul } from './legal-blocks.ts';
import type { LegalDocument } from './legal-documents.ts';

const T = 'legal.terms';
export const terms: LegalDocument = {
  slug: 'terms-and-conditions',
  path: '/legal/terms-and-conditions',
  titleId: 'page.legalTerms.title',
  subtitleId: 'page.legalTerms.subtitle',
  cardId: 'legal.overview.card.terms',
  cardLinkId: 'legal.overview.link.terms',
  pdf: true,
  intro: [p(`${T}.intro`)],
  sections: [
    section(T, 'agreement', 'agreement', [
      p(`${T}.agreement.parties`),
      p(`${T}.agreement.start`),
      p(`${T}.agreement.consumers`),
      h3(`${T}.agreement.termHeading`),
      p(`${T}.agreement.term`),
      p(`${T}.agreement.termYearly`),
      h3(`${T}.agreement.lawHeading`),
      p(`${T}.agreement.law`),
    ]),
    section(T, 'external-conditions', 'external', [
      p(`${T}.external.intro`),
      ul(
        `${T}.external.domains`,
        `${T}.external.ssl`,
        `${T}.external.payments`,
        `${T}.external.software`,
      ),
      p(`${T}.external.conflict`),
    ]),
    section(T, 'account', 'account', [
      p(`${T}.account.intro`),
      ul(
        `${T}.account.passwords`,
        `${T}.account.responsible`,
        `${T}.account.misuse`,
        `${T}.account.registrant`,
      ),
      p(`${T}.account.handover`),
    ]),
    section(T, 'maintenance-and-backups', 'maintenance', [
      `${T}.maintenance.updates`,
      `${T}.maintenance.backups`,
      `${T}.maintenance.ownCopy`,
      `${T}.maintenance.support`,
    ]),
    section(T, 'upgrades-and-domains', 'upgrades', [
      p(`${T}.upgrades.upgrade`),
      p(`${T}.upgrades.downgrade`),
      h3(`${T}.upgrades.domainsHeading`),
      ul(
        `${T}.upgrades.domainTerm`,
        `${T}.upgrades.domainOwner`,
        `${T}.upgrades.domainNoRefund`,
        `${T}.upgrades.domainExpiry`,
        `${T}.upgrades.domainTransfer`,
      ),
      h3(`${T}.upgrades.sslHeading`),
      ul(`${T}.upgrades.sslTerm`, `${T}.upgrades.sslIncluded`),
    ]),
    section(T, 'payments-and-price', 'payments', [
      `${T}.payments.currency`,
      `${T}.payments.vat`,
      `${T}.payments.vatEnd`,
      `${T}.payments.invoices`,
      `${T}.payments.suspend`,
      `${T}.payments.priceChange`,
      `${T}.payments.refunds`,
    ]),
    section(T, 'use-of-services', 'use', [
      p(`${T}.use.aup`),
      p(`${T}.use.limits`),
      p(`${T}.use.enforcement`),
      h3(`${T}.use.liabilityHeading`),
      p(`${T}.use.liabilityCare`),
      p(`${T}.use.liabilityBusiness`),
      p(`${T}.use.liabilityLimits`),
    ]),
    section(T, 'rights-and-data', 'rights', [
      p(`${T}.rights.design`),
      p(`${T}.rights.thirdParty`),
      p(`${T}.rights.content`),
      p(`${T}.rights.processor`),
      ul(
        `${T}.rights.processorInstructions`,
        `${T}.rights.processorSecure`,
        `${T}.rights.processorBreach`,
        `${T}.rights.processorEnd`,
      ),
      p(`${T}.rights.processorDpa`),
    ]),
    section(T, 'termination', 'termination', [
      h3(`${T}.termination.withdrawalHeading`),
      p(`${T}.termination.withdrawal`),
      p(`${T}.termination.withdrawalExceptions`),
      p(`${T}.termination.withdrawalStarted`),
      h3(`${T}.termination.noticeHeading`),
      p(`${T}.termination.notice`),
      p(`${T}.termination.byUs`),
      p(`${T}.termination.after`),
    ]),
  ],
};
