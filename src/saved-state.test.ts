// @vitest-environment jsdom
// src/saved-state.ts writes the storage keys out (the modules that own them are the bodies' code):
// they must stay the keys those modules read, or a visitor's saved state would wait for an input.
import { afterEach, describe, expect, it } from 'vitest';
import { PLANNER_STORAGE_KEY } from '#domain/planner-answers.ts';
import { SMART_ANSWERS_STORAGE_KEY } from '#domain/smart-answers.ts';
import {
  BLUEPRINT_DRAFT_KEY,
  BLUEPRINT_STORAGE_KEY,
} from '#machines/blueprint/blueprint.actors.ts';
import { CHECKOUT_FORM_STORAGE_KEY } from '#machines/checkout/checkout.actors.ts';
import {
  PLAN_INTERVAL_STORAGE_KEY,
  PLAN_TOGGLES_STORAGE_KEY,
} from '#machines/plan-selection/plan-selection.actors.ts';
import { DOMAIN_SELECTION_STORAGE_KEY } from '#machines/shared/domain-selection.ts';
import {
  BLUEPRINT_SAVED_KEYS,
  CHECKOUT_SAVED_KEYS,
  ORDER_SAVED_KEYS,
  hasSaved,
} from './saved-state.ts';

afterEach(() => localStorage.clear());

describe('saved state', () => {
  it('names the keys the bodies read', () => {
    expect([...ORDER_SAVED_KEYS]).toEqual([
      PLANNER_STORAGE_KEY,
      PLAN_TOGGLES_STORAGE_KEY,
      PLAN_INTERVAL_STORAGE_KEY,
      DOMAIN_SELECTION_STORAGE_KEY,
    ]);
    expect([...CHECKOUT_SAVED_KEYS]).toEqual([
      CHECKOUT_FORM_STORAGE_KEY,
      DOMAIN_SELECTION_STORAGE_KEY,
      SMART_ANSWERS_STORAGE_KEY,
    ]);
    expect([...BLUEPRINT_SAVED_KEYS]).toEqual([BLUEPRINT_STORAGE_KEY, BLUEPRINT_DRAFT_KEY]);
  });

  it('says whether any of them is kept in this browser', () => {
    expect(hasSaved(ORDER_SAVED_KEYS)).toBe(false);
    localStorage.setItem('plan-interval', '"yearly"');
    expect(hasSaved(ORDER_SAVED_KEYS)).toBe(true);
    expect(hasSaved(CHECKOUT_SAVED_KEYS)).toBe(false);
  });
});
