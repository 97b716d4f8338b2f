// The service level agreement (SPEC 2: webhosting with formula and maximum compensation; other
// services with formula).

import { formula, h3, note, p, section, ul } from './legal-blocks.ts';
import type { LegalDocument } from './legal-documents.ts';

const S = 'legal.sla';
export const sla: LegalDocument = {
  slug: 'sla',
  path: '/legal/sla',
  titleId: 'page.legalSla.title',
  subtitleId: 'page.legalSla.subtitle',
  cardId: 'legal.overview.card.sla',
  cardLinkId: 'legal.overview.link.sla',
  pdf: true,
  intro: [p(`${S}.intro`)],
  sections: [
    section(S, 'webhosting', 'hosting', [
      p(`${S}.hosting.uptime`),
      p(`${S}.hosting.definition`),
      ul(
        `${S}.hosting.exclMaintenance`,
        `${S}.hosting.exclCustomer`,
        `${S}.hosting.exclExternal`,
        `${S}.hosting.exclAttack`,
      ),
      h3(`${S}.hosting.formulaHeading`),
      p(`${S}.hosting.formula`),
      formula(`${S}.hosting.formulaText`),
      p(`${S}.hosting.maximum`),
      note(`${S}.hosting.example`),
      p(`${S}.hosting.credit`),
    ]),
    section(S, 'other-services', 'other', [
      p(`${S}.other.scope`),
      formula(`${S}.other.formulaText`),
      p(`${S}.other.details`),
      note(`${S}.other.example`),
    ]),
    section(S, 'support', 'support', [
      ul(`${S}.support.hours`, `${S}.support.response`, `${S}.support.outages`),
    ]),
    section(S, 'planned-maintenance', 'maintenance', [
      `${S}.maintenance.notice`,
      `${S}.maintenance.urgent`,
    ]),
  ],
};
