import { describe, expect, it } from 'vitest';
import { checkoutDomainChoiceOf } from './checkout-domain-choice.ts';
import {
  checkoutDomainOf,
  checkoutLinkDomainOf,
  domainStepOutcome,
  isDomainStepSettled,
  planDataDomainOf,
  quoteDomainOf,
  quoteDomainOfPlanData,
  type DomainStepFacts,
} from './domain-step.ts';

const NAME = 'bakkerij.nl';
const facts = (f: Partial<DomainStepFacts>): DomainStepFacts => ({
  flowState: 'none',
  domainName: NAME,
  belongsToUser: null,
  transfer: null,
  ...f,
});

describe('the one mapping from the domain step to the quote', () => {
  const table: Array<[string, Partial<DomainStepFacts>, string, unknown, boolean]> = [
    ['left empty', { flowState: 'none' }, 'none', undefined, false],
    ['available', { flowState: 'available' }, 'register', { name: NAME, type: 'register' }, true],
    ['owner unknown', { flowState: 'taken-other' }, 'undecided', undefined, false],
    [
      'yours, undecided',
      { flowState: 'taken-own-manage', belongsToUser: true },
      'undecided',
      undefined,
      false,
    ],
    [
      'yours, transfer',
      { flowState: 'taken-own-manage', belongsToUser: true, transfer: true },
      'transfer',
      { name: NAME, type: 'transfer' },
      true,
    ],
    [
      'yours, keep',
      { flowState: 'taken-own-manage', belongsToUser: true, transfer: false },
      'keep',
      { name: NAME, type: 'external' },
      true,
    ],
    [
      'yours, kept (advised)',
      { flowState: 'taken-own-keep', belongsToUser: true },
      'keep',
      { name: NAME, type: 'external' },
      true,
    ],
    [
      'not yours',
      { flowState: 'taken-own-keep', belongsToUser: false },
      'takenNotYours',
      undefined,
      false,
    ],
    [
      'deferred',
      { flowState: 'deferred', domainName: '' },
      'deferred',
      { name: '', type: 'none' },
      true,
    ],
    [
      'consultation',
      { flowState: 'deferred-with-consultation', domainName: '' },
      'consultation',
      { name: '', type: 'none', consultation: true },
      true,
    ],
  ];
  for (const [label, given, kind, quoteDomain, settled] of table)
    it(label, () => {
      const outcome = domainStepOutcome(facts(given));
      expect(outcome.kind).toBe(kind);
      expect(quoteDomainOf(outcome)).toEqual(quoteDomain);
      expect(isDomainStepSettled(outcome)).toBe(settled);
      // The checkout page reads the same outcome back from the saved step.
      expect(checkoutDomainOf(facts(given), checkoutLinkDomainOf(outcome))).toEqual(quoteDomain);
      // And a browser that did not keep the step reads it from the link alone (M24): a settled
      // step's link prices it the same; an unsettled step has no link that names a domain.
      expect(checkoutDomainOf(null, checkoutLinkDomainOf(outcome))).toEqual(
        settled ? quoteDomain : undefined,
      );
      // And the server reads the request body back to the same quote domain.
      const qd = quoteDomainOf(outcome);
      expect(
        quoteDomainOfPlanData(planDataDomainOf(qd), qd?.consultation ? [16, 999] : [16]),
      ).toEqual(qd);
    });

  it('a staff checkout link without a saved step registers its name', () => {
    expect(checkoutDomainOf(null, { domain: ' Shop.NL ' })).toEqual({
      name: 'shop.nl',
      type: 'register',
    });
    expect(checkoutDomainOf(null, {})).toBeUndefined();
    // A saved step about another name does not apply to the link's name.
    expect(checkoutDomainOf(facts({ flowState: 'available' }), { domain: 'other.nl' })).toEqual({
      name: 'other.nl',
      type: 'register',
    });
  });

  it("a link's domainChoice wins over a saved step that says otherwise", () => {
    const saved = facts({ flowState: 'available' });
    expect(checkoutDomainOf(saved, { domain: NAME, domainChoice: 'keep' })).toEqual({
      name: NAME,
      type: 'external',
    });
    expect(checkoutDomainOf(saved, { domainChoice: 'deferred' })).toEqual({
      name: '',
      type: 'none',
    });
    // A transfer or keep without a name says nothing: the saved step (or nothing) applies.
    expect(checkoutDomainOf(null, { domainChoice: 'transfer' })).toBeUndefined();
    expect(checkoutDomainOf(saved, { domainChoice: 'keep' })).toEqual({
      name: NAME,
      type: 'register',
    });
  });
});

describe("the checkout link's domainChoice", () => {
  it('is one of the choices, or nothing', () => {
    expect(checkoutDomainChoiceOf('keep')).toBe('keep');
    expect(checkoutDomainChoiceOf('consultation')).toBe('consultation');
    expect(checkoutDomainChoiceOf('register')).toBeUndefined();
    expect(checkoutDomainChoiceOf('KEEP')).toBeUndefined();
    expect(checkoutDomainChoiceOf(undefined)).toBeUndefined();
  });
});
