// The card pager's model (SPEC section 9: grid page size 3): what
// src/views/shared/paged-cards.model.test.tsx walks through the real list and what
// `npm run paths -- cardPager` prints; one definition for both.

import { cardPagerMachine, type CardPagerEvent } from '#machines/shared/card-pager.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

/** The seven cards the model pages through. */
export const SEVEN = ['Ann', 'Bas', 'Cor', 'Dirk', 'Eva', 'Fleur', 'Gijs'];

export const samples = {
  'user.nextPage': [{}],
  'user.previousPage': [{}],
} satisfies EventSamples<CardPagerEvent>;

export const model = createModel<typeof cardPagerMachine, CardPagerEvent>({
  machine: cardPagerMachine,
  input: { total: SEVEN.length },
  events: samples,
});

export const spec = {
  machine: cardPagerMachine,
  model,
  test: 'src/views/shared/paged-cards.model.test.tsx',
} as unknown as ModelSpec;
