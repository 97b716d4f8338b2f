// The cookie policy (SPEC 2: functional, analytics and marketing tables, deleting cookies, last
// updated).

import { p, section } from './legal-blocks.ts';
import type { LegalDocument } from './legal-documents.ts';

const C = 'legal.cookies';
const cookieHead = [`${C}.colName`, `${C}.colType`, `${C}.colPurpose`, `${C}.colDuration`];
export const cookies: LegalDocument = {
  slug: 'cookie-policy',
  path: '/legal/cookie-policy',
  titleId: 'page.legalCookies.title',
  subtitleId: 'page.legalCookies.subtitle',
  cardId: 'legal.overview.card.cookies',
  cardLinkId: 'legal.overview.link.cookies',
  pdf: false,
  intro: [p(`${C}.intro`)],
  sections: [
    section(C, 'functional', 'functional', [
      p(`${C}.functional.intro`),
      {
        kind: 'table',
        captionId: `${C}.functional.caption`,
        head: cookieHead,
        rows: [
          [
            `${C}.functional.localeCookie`,
            `${C}.typeCookie`,
            `${C}.functional.localeCookiePurpose`,
            `${C}.functional.localeCookieDuration`,
          ],
          [
            `${C}.functional.localeStorage`,
            `${C}.typeLocal`,
            `${C}.functional.localeStoragePurpose`,
            `${C}.functional.untilCleared`,
          ],
          [
            `${C}.functional.session`,
            `${C}.typeCookie`,
            `${C}.functional.sessionPurpose`,
            `${C}.functional.sessionDuration`,
          ],
          [
            `${C}.functional.chat`,
            `${C}.typeCookie`,
            `${C}.functional.chatPurpose`,
            `${C}.functional.chatDuration`,
          ],
          [
            `${C}.functional.planner`,
            `${C}.typeLocal`,
            `${C}.functional.plannerPurpose`,
            `${C}.functional.untilCleared`,
          ],
          [
            `${C}.functional.order`,
            `${C}.typeLocal`,
            `${C}.functional.orderPurpose`,
            `${C}.functional.untilCleared`,
          ],
          [
            `${C}.functional.booking`,
            `${C}.typeSession`,
            `${C}.functional.bookingPurpose`,
            `${C}.functional.bookingDuration`,
          ],
        ],
      },
      p(`${C}.functional.embedded`),
    ]),
    section(C, 'analytics', 'analytics', [
      p(`${C}.analytics.text`),
      {
        kind: 'table',
        captionId: `${C}.analytics.caption`,
        head: cookieHead,
        rows: [[`${C}.analytics.none`]],
      },
    ]),
    section(C, 'marketing', 'marketing', [
      p(`${C}.marketing.text`),
      {
        kind: 'table',
        captionId: `${C}.marketing.caption`,
        head: cookieHead,
        rows: [[`${C}.marketing.none`]],
      },
    ]),
    section(C, 'billing-client-area', 'client', [
      p(`${C}.client.text`),
      {
        kind: 'table',
        captionId: `${C}.client.caption`,
        head: cookieHead,
        rows: ['sessionId', 'rememberMe', 'affiliateId', 'linkId'].map((row) => [
          `${C}.client.${row}`,
          `${C}.typeCookie`,
          `${C}.client.${row}Purpose`,
          `${C}.client.${row}Duration`,
        ]),
      },
    ]),
    section(C, 'deleting-cookies', 'delete', [`${C}.delete.how`, `${C}.delete.effect`]),
    section(C, 'last-updated', 'updated', [`${C}.updated.text`]),
  ],
};
