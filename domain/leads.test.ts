import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isValidContactEmail, isValidContactName, leadRequestSchema } from './leads.ts';

describe('the planner contact rule', () => {
  it.each([
    ['', false],
    ['A', false],
    [' A ', false],
    ['Al', true],
    ['  Ann de Vries ', true],
  ])('name %j is valid: %s', (name, ok) => {
    expect(isValidContactName(name)).toBe(ok);
  });

  it.each([
    ['ann@example.nl', true],
    [' ann@example.nl ', true],
    ['ann @example.nl', false],
    ['ann@@example.nl', false],
    ['ann@exa@mple.nl', false],
    ['ann@example', false],
    ['@example.nl', false],
    ['', false],
  ])('email %j is valid: %s', (email, ok) => {
    expect(isValidContactEmail(email)).toBe(ok);
  });
});

describe('leadRequestSchema', () => {
  const answers = {
    situation: 'starting',
    goal: 'buildWebsite',
    budget: 'starter',
    involvement: 'collab',
    timeline: 'soon',
  };
  it('accepts each source with its own answers and trims the contact', () => {
    const out = v.parse(leadRequestSchema, {
      source: 'quiz',
      name: '  Ann ',
      email: ' ann@example.nl',
      subscribe: false,
      answers,
    });
    expect(out).toMatchObject({ name: 'Ann', email: 'ann@example.nl', answers });
    expect(
      v.safeParse(leadRequestSchema, {
        source: 'leadForm',
        name: 'Bo',
        email: 'bo@example.nl',
        subscribe: true,
        answers: { goal: 'showcase' },
      }).success,
    ).toBe(true);
    expect(
      v.safeParse(leadRequestSchema, {
        source: 'blueprint',
        name: 'Bo',
        email: 'bo@example.nl',
        subscribe: true,
        answers: { foundation_goals: ['blog'], foundation_domain: 'bo.nl' },
      }).success,
    ).toBe(true);
  });

  it('refuses planner answers on a lead-form lead and the reverse', () => {
    const base = { name: 'Bo', email: 'bo@example.nl', subscribe: true };
    expect(v.safeParse(leadRequestSchema, { ...base, source: 'leadForm', answers }).success).toBe(
      false,
    );
    expect(
      v.safeParse(leadRequestSchema, { ...base, source: 'planner', answers: { goal: 'showcase' } })
        .success,
    ).toBe(false);
  });
});

describe('lead form need (SPEC section 3)', () => {
  const lead = (answers: unknown) => ({
    source: 'leadForm',
    name: 'Ann',
    email: 'ann@example.nl',
    subscribe: true,
    answers,
  });
  it('carries the need beside the goal, and refuses an unknown one', () => {
    const parsed = v.safeParse(
      leadRequestSchema,
      lead({ goal: 'showcase', need: 'improveCurrent', booked: false }),
    );
    expect(parsed.success && parsed.output.answers).toEqual({
      goal: 'showcase',
      need: 'improveCurrent',
      booked: false,
    });
    expect(v.safeParse(leadRequestSchema, lead({ goal: 'showcase', need: 'world' })).success).toBe(
      false,
    );
  });
});
