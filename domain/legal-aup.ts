// The acceptable use policy (SPEC 17: intro with link to the full version, scope list, sections on
// maintenance, support, other terms).

import { h3, p, section, ul } from './legal-blocks.ts';
import type { LegalDocument } from './legal-documents.ts';

const A = 'legal.aup';
export const aup: LegalDocument = {
  slug: 'aup',
  path: '/legal/aup',
  titleId: 'page.legalAup.title',
  subtitleId: 'page.legalAup.subtitle',
  cardId: 'legal.overview.card.aup',
  cardLinkId: 'legal.overview.link.aup',
  pdf: true,
  intro: [p(`${A}.intro`)],
  sections: [
    section(A, 'scope', 'scope', [
      p(`${A}.scope.intro`),
      ul(
        `${A}.scope.hosting`,
        `${A}.scope.email`,
        `${A}.scope.domains`,
        `${A}.scope.panel`,
        `${A}.scope.users`,
      ),
      h3(`${A}.scope.prohibitedHeading`),
      ul(
        `${A}.scope.illegal`,
        `${A}.scope.spam`,
        `${A}.scope.malware`,
        `${A}.scope.load`,
        `${A}.scope.resale`,
      ),
      p(`${A}.scope.limits`),
    ]),
    section(A, 'maintenance', 'maintenance', [
      `${A}.maintenance.ours`,
      `${A}.maintenance.yours`,
      `${A}.maintenance.passwords`,
    ]),
    section(A, 'support', 'support', [
      `${A}.support.hours`,
      `${A}.support.scope`,
      `${A}.support.mail`,
    ]),
    section(A, 'other-terms', 'other', [
      `${A}.other.enforcement`,
      `${A}.other.report`,
      `${A}.other.changes`,
    ]),
  ],
};
