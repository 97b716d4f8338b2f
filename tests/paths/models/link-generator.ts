// The staff link generator's model (SPEC screen 16): what
// src/views/dashboard/link-generator.model.test.tsx walks on the real generator and what
// `npm run paths -- linkGenerator` prints.

import {
  linkGeneratorMachine,
  type LinkGeneratorEvent,
} from '#machines/staff/link-generator.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const samples = {
  // One of the default packages that the essential selection leaves out.
  'user.toggle': [{ id: 'branding_mini' }],
  'user.chooseEssentials': [{}],
  'user.lang': [{ lang: 'en' }, { lang: 'nl' }],
  'user.interval': [{ interval: 'yearly' }, { interval: 'monthly' }],
  'user.domain': [{ domain: 'bakkerij.nl' }, { domain: '' }],
  'user.coupon': [{ coupon: 'SPRING10' }, { coupon: '' }],
} satisfies EventSamples<LinkGeneratorEvent>;

export const model = createModel<typeof linkGeneratorMachine, LinkGeneratorEvent>({
  machine: linkGeneratorMachine,
  input: { lang: 'nl' },
  events: samples,
  maxSteps: 40,
});

export const spec = {
  machine: linkGeneratorMachine,
  model,
  test: 'src/views/dashboard/link-generator.model.test.tsx',
  screen: (s: {
    context: {
      selection: string[];
      lang: string;
      interval: string;
      domain: string;
      coupon: string;
    };
  }) =>
    `a ${s.context.lang} link for ${s.context.selection.join(', ')} (${s.context.interval}${s.context.domain ? `, ${s.context.domain}` : ''}${s.context.coupon ? `, code ${s.context.coupon}` : ''})`,
} as unknown as ModelSpec;
