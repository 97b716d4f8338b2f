import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { linkGeneratorMachine } from './link-generator.machine.ts';

describe('link generator machine', () => {
  it('starts with the default packages and the given language, and takes every choice', () => {
    const actor = createActor(linkGeneratorMachine, { input: { lang: 'nl' } }).start();
    expect(actor.getSnapshot().context).toEqual({
      selection: ['webHosting_total', 'domain_managed', 'branding_mini'],
      lang: 'nl',
      interval: 'monthly',
      domain: '',
      coupon: '',
    });
    actor.send({ type: 'user.toggle', id: 'domain_managed' });
    actor.send({ type: 'user.toggle', id: 'seo_booster' });
    actor.send({ type: 'user.lang', lang: 'en' });
    actor.send({ type: 'user.interval', interval: 'yearly' });
    actor.send({ type: 'user.domain', domain: ' a.nl ' });
    actor.send({ type: 'user.coupon', coupon: 'spring10' });
    expect(actor.getSnapshot().context).toEqual({
      selection: ['webHosting_total', 'seo_booster', 'branding_mini'],
      lang: 'en',
      interval: 'yearly',
      domain: ' a.nl ',
      coupon: 'spring10',
    });
  });

  it('chooses the essential selection: hosting and domain only', () => {
    const actor = createActor(linkGeneratorMachine, { input: { lang: 'en' } }).start();
    actor.send({ type: 'user.toggle', id: 'seo_booster' });
    actor.send({ type: 'user.chooseEssentials' });
    expect(actor.getSnapshot().context.selection).toEqual(['webHosting_total', 'domain_managed']);
  });
});
