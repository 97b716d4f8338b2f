import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { surveyRequestSchema } from './consultation.schema.ts';
import { surveyPriorityOf } from './consultation-survey.ts';

describe('survey priorities', () => {
  it('reads an id or SPEC 14 label as the id', () => {
    expect(surveyPriorityOf('Increase sales')).toBe('increaseSales');
    expect(surveyPriorityOf(' optimize operations ')).toBe('optimizeOperations');
    expect(surveyPriorityOf('other')).toBe('other');
    expect(surveyPriorityOf('world')).toBeUndefined();
  });

  it('the request schema stores the id', () => {
    expect(v.parse(surveyRequestSchema, { priority: 'Improve retention' }).priority).toBe(
      'improveRetention',
    );
    expect(v.parse(surveyRequestSchema, {}).priority).toBe('');
    expect(v.safeParse(surveyRequestSchema, { priority: 'world' }).success).toBe(false);
  });
});
