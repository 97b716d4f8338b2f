import { assign, setup } from 'xstate';
import type { Lang } from '#domain/language.ts';
import {
  DEFAULT_LINK_SELECTION,
  ESSENTIAL_LINK_SELECTION,
  toggleLinkPlan,
  type LinkInterval,
} from '#domain/links.ts';
import type { PlanId } from '#domain/catalogue.ts';

export interface LinkGeneratorContext {
  selection: PlanId[];
  lang: Lang;
  interval: LinkInterval;
  domain: string;
  /** A coupon code the link carries (issue 46); empty: none. */
  coupon: string;
}

export type LinkGeneratorEvent =
  | { type: 'user.toggle'; id: PlanId }
  /** SPEC section 9's "essential selection": only the first two defaults. */
  | { type: 'user.chooseEssentials' }
  | { type: 'user.lang'; lang: Lang }
  | { type: 'user.interval'; interval: LinkInterval }
  | { type: 'user.domain'; domain: string }
  | { type: 'user.coupon'; coupon: string };

/**
 * The choices of a link generator (SPEC screen 16): packages (starting from the default
 * selection), the link's language (starting from the page path), and for checkout links the
 * billing interval and an optional domain; for both an optional coupon code (issue 46). The links themselves come from `#domain/links.ts`.
 */
export const linkGeneratorMachine = setup({
  types: {
    context: {} as LinkGeneratorContext,
    events: {} as LinkGeneratorEvent,
    input: {} as { lang: Lang },
  },
}).createMachine({
  id: 'linkGenerator',
  context: ({ input }) => ({
    selection: [...DEFAULT_LINK_SELECTION],
    lang: input.lang,
    interval: 'monthly',
    domain: '',
    coupon: '',
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.toggle': {
          actions: assign(({ context, event }) => ({
            selection: toggleLinkPlan(context.selection, event.id),
          })),
        },
        'user.chooseEssentials': {
          actions: assign({ selection: () => [...ESSENTIAL_LINK_SELECTION] }),
        },
        'user.lang': { actions: assign({ lang: ({ event }) => event.lang }) },
        'user.interval': { actions: assign({ interval: ({ event }) => event.interval }) },
        'user.domain': { actions: assign({ domain: ({ event }) => event.domain }) },
        'user.coupon': { actions: assign({ coupon: ({ event }) => event.coupon }) },
      },
    },
  },
});
