import { describe, it, expect } from 'vitest';
import {
  DEFAULT_RECOMMENDATION,
  DEFAULT_SELECTION,
  addRecommended,
  canToggle,
  mayStartSelected,
  recommendedSet,
  conflictsOf,
  initialSelection,
  parseLang,
  parsePlansParam,
  toggleOption,
  type ToggleResult,
} from './plan-selection.ts';

function selected(result: ToggleResult): string[] {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.selection;
}

describe('initialSelection (D39A-7: nothing paid pre-selected beyond the website and its domain)', () => {
  it('starts with the website package, the domain and the free always-included options only', () => {
    expect(DEFAULT_RECOMMENDATION).toEqual(['webHosting_total', 'domain_managed', 'branding_full']);
    expect(DEFAULT_SELECTION).toEqual(['webHosting_total', 'domain_managed']);
    // The spec's default set is recommended, not ticked: no paid branding (EUR 790) up front.
    expect(initialSelection()).toEqual([
      'webHosting_total',
      'domain_managed',
      'techConcierge_free',
    ]);
    expect(initialSelection({ recommended: [] })).toEqual(initialSelection());
    expect(initialSelection({ recommended: ['nope'] })).toEqual(initialSelection());
  });

  it('starts a recommendation with its required-group choice only; the rest is one click away', () => {
    expect(
      initialSelection({ recommended: ['seo_booster', 'webHosting_pro', 'branding_mini'] }),
    ).toEqual(['webHosting_pro', 'techConcierge_free']);
    expect(
      recommendedSet({ recommended: ['seo_booster', 'webHosting_pro', 'branding_mini'] }),
    ).toEqual(['webHosting_pro', 'seo_booster', 'branding_mini']);
    expect(recommendedSet()).toEqual(['webHosting_total', 'domain_managed', 'branding_full']);
    expect(mayStartSelected('webHosting_pro')).toBe(true);
    expect(mayStartSelected('domain_managed')).toBe(true);
    expect(mayStartSelected('techConcierge_free')).toBe(true);
    expect(mayStartSelected('branding_full')).toBe(false);
    expect(mayStartSelected('seo_booster')).toBe(false);
  });

  it('adds the whole recommended set with one click, keeping what the visitor chose', () => {
    const start = initialSelection();
    expect(addRecommended([...start, 'seo_booster'], recommendedSet())).toEqual([
      'webHosting_total',
      'domain_managed',
      'techConcierge_free',
      'seo_booster',
      'branding_full',
    ]);
    // A conflicting choice gives way to the set (one branding, one website package).
    expect(
      addRecommended(
        ['webHosting_total', 'techConcierge_free', 'branding_mini'],
        ['webHosting_pro', 'branding_full'],
      ),
    ).toEqual(['webHosting_pro', 'techConcierge_free', 'branding_full']);
  });

  it('treats URL ids like a recommendation; unknown URL ids are ignored', () => {
    expect(
      initialSelection({
        recommended: ['webHosting_pro', 'seo_booster'],
        preselected: ['webHosting_total', 'bogus'],
      }),
    ).toEqual(['webHosting_total', 'techConcierge_free']);
    expect(initialSelection({ recommended: ['webHosting_pro'], preselected: ['bogus'] })).toEqual([
      'webHosting_pro',
      'techConcierge_free',
    ]);
    expect(
      recommendedSet({
        recommended: ['webHosting_pro'],
        preselected: ['webHosting_total', 'seo_booster'],
      }),
    ).toEqual(['webHosting_total', 'seo_booster']);
  });

  it('applies toggles over both, ignoring toggles of always-selected and unknown ids', () => {
    expect(
      initialSelection({
        preselected: ['webHosting_total', 'seo_booster'],
        toggles: { seo_booster: true, cro_booster: true, techConcierge_free: false, bogus: true },
      }),
    ).toEqual(['webHosting_total', 'techConcierge_free', 'seo_booster', 'cro_booster']);
    expect(initialSelection({ toggles: { domain_managed: false, branding_full: true } })).toEqual([
      'webHosting_total',
      'techConcierge_free',
      'branding_full',
    ]);
  });

  it('resolves conflicts in favour of the later source', () => {
    expect(
      initialSelection({ preselected: ['webHosting_total'], toggles: { webHosting_pro: true } }),
    ).toEqual(['webHosting_pro', 'techConcierge_free']);
    expect(
      initialSelection({ recommended: ['branding_mini'], toggles: { branding_premium: true } }),
    ).toEqual(['webHosting_total', 'techConcierge_free', 'branding_premium']);
    expect(initialSelection({ preselected: ['webHosting_total', 'webHosting_pro'] })).toEqual([
      'webHosting_pro',
      'techConcierge_free',
    ]);
    expect(recommendedSet({ preselected: ['branding_mini', 'branding_full'] })).toContain(
      'branding_full',
    );
    expect(recommendedSet({ preselected: ['branding_mini', 'branding_full'] })).not.toContain(
      'branding_mini',
    );
  });

  it('never leaves the required group empty', () => {
    expect(initialSelection({ preselected: ['seo_booster'] })).toEqual([
      'webHosting_total',
      'techConcierge_free',
    ]);
    expect(
      initialSelection({ preselected: ['webHosting_pro'], toggles: { webHosting_pro: false } }),
    ).toEqual(['webHosting_pro', 'techConcierge_free']);
  });

  it('has no duplicates', () => {
    const result = initialSelection({
      preselected: ['seo_booster', 'seo_booster', 'techConcierge_free'],
    });
    expect(result).toEqual([...new Set(result)]);
  });
});

describe('toggleOption', () => {
  const base = initialSelection();

  it('selects and deselects an optional option', () => {
    const added = selected(toggleOption(base, 'seo_booster'));
    expect(added).toContain('seo_booster');
    expect(selected(toggleOption(added, 'seo_booster'))).toEqual(base);
  });

  it('deselects the other option of a mutual-exclusion set', () => {
    const result = selected(toggleOption(base, 'webHosting_pro'));
    expect(result).toContain('webHosting_pro');
    expect(result).not.toContain('webHosting_total');
    expect(result).toContain('domain_managed');
  });

  it('refuses to deselect the last selected option of a required group', () => {
    const onlyHosting = ['webHosting_total', 'techConcierge_free'] as const;
    expect(toggleOption(onlyHosting, 'webHosting_total')).toEqual({
      ok: false,
      reason: 'lastOfRequiredGroup',
    });
    expect(selected(toggleOption(base, 'webHosting_total'))).toEqual([
      'domain_managed',
      'techConcierge_free',
    ]);
    expect(toggleOption(['domain_managed', 'techConcierge_free'], 'domain_managed')).toEqual({
      ok: false,
      reason: 'lastOfRequiredGroup',
    });
  });

  it('keeps a single-choice group to one option and allows deselecting it (group not required)', () => {
    const premium = selected(toggleOption(base, 'branding_premium'));
    expect(premium.filter((id) => id.startsWith('brand'))).toEqual(['branding_premium']);
    const none = selected(toggleOption(premium, 'branding_premium'));
    expect(none.filter((id) => id.startsWith('brand'))).toEqual([]);
    const audit = selected(toggleOption(none, 'brand_audit'));
    expect(audit.filter((id) => id.startsWith('brand'))).toEqual(['brand_audit']);
  });

  it('refuses always-selected and unknown options', () => {
    expect(toggleOption(base, 'techConcierge_free')).toEqual({
      ok: false,
      reason: 'alwaysSelected',
    });
    expect(toggleOption(base, 'seo_keyword')).toEqual({ ok: false, reason: 'unknown' });
    expect(canToggle(base, 'techConcierge_free')).toBe(false);
    expect(canToggle(base, 'seo_booster')).toBe(true);
  });

  it('drops unknown ids from the given selection', () => {
    expect(selected(toggleOption(['bogus', 'webHosting_total'], 'seo_booster'))).toEqual([
      'webHosting_total',
      'seo_booster',
    ]);
  });
});

describe('conflictsOf', () => {
  it('lists the ids an option excludes', () => {
    expect(conflictsOf('webHosting_total')).toEqual(['webHosting_pro']);
    expect(conflictsOf('domain_managed')).toEqual([]);
    expect(conflictsOf('branding_mini').sort()).toEqual([
      'brand_audit',
      'branding_full',
      'branding_premium',
    ]);
    expect(conflictsOf('seo_booster')).toEqual([]);
  });
});

describe('parsePlansParam', () => {
  it('accepts pipe, comma and repeated parameters', () => {
    expect(parsePlansParam('webHosting_total|seo_booster')).toEqual([
      'webHosting_total',
      'seo_booster',
    ]);
    expect(parsePlansParam('webHosting_total,seo_booster')).toEqual([
      'webHosting_total',
      'seo_booster',
    ]);
    expect(parsePlansParam(['webHosting_total', 'seo_booster|cro_booster'])).toEqual([
      'webHosting_total',
      'seo_booster',
      'cro_booster',
    ]);
    expect(parsePlansParam(' webHosting_total , seo_booster ')).toEqual([
      'webHosting_total',
      'seo_booster',
    ]);
  });

  it('drops unknown ids, empty parts and duplicates; never throws', () => {
    expect(parsePlansParam('seo_keyword,webHosting_total,,webHosting_total|')).toEqual([
      'webHosting_total',
    ]);
    expect(parsePlansParam(undefined)).toEqual([]);
    expect(parsePlansParam('')).toEqual([]);
    expect(parsePlansParam(42)).toEqual([]);
    expect(parsePlansParam([null, {}, 'seo_booster'])).toEqual(['seo_booster']);
    expect(parsePlansParam('constructor,__proto__')).toEqual([]);
  });
});

describe('parseLang', () => {
  it('accepts only nl and en', () => {
    expect(parseLang('nl')).toBe('nl');
    expect(parseLang('en')).toBe('en');
    expect(parseLang(['en', 'nl'])).toBe('en');
    expect(parseLang('NL')).toBeUndefined();
    expect(parseLang('de')).toBeUndefined();
    expect(parseLang('nl-NL')).toBeUndefined();
    expect(parseLang(undefined)).toBeUndefined();
    expect(parseLang(1)).toBeUndefined();
  });
});
