// @vitest-environment jsdom
// The answers kept in this browser (SPEC 3 and 8): only a string, a boolean, a string list or
// files come back; anything else is discarded with a console warning, and malformed data resets.

import { afterEach, describe, expect, it } from 'vitest';
import { expectConsole } from '#tests/setup/console.ts';
import {
  BLUEPRINT_STORAGE_KEY,
  readSavedBlueprint,
  writeSavedBlueprint,
} from './blueprint.actors.ts';

const FILE = {
  id: '6f1c2a9e-1111-4a4a-8a8a-000000000001',
  name: 'logo.png',
  contentType: 'image/png',
  size: 10,
};

afterEach(() => localStorage.clear());

describe('readSavedBlueprint', () => {
  it('reads back what was written', () => {
    writeSavedBlueprint({ foundation_domain: 'a.nl', branding_logoUpload: [FILE] }, 3);
    expect(readSavedBlueprint()).toEqual({
      answers: { foundation_domain: 'a.nl', branding_logoUpload: [FILE] },
      index: 3,
    });
  });

  it('keeps the usable answers and warns about the rest', () => {
    localStorage.setItem(
      BLUEPRINT_STORAGE_KEY,
      JSON.stringify({
        answers: {
          foundation_domain: 'a.nl',
          foundation_goals: ['blog'],
          credibility_mission: 42,
          branding_palette: { id: 'ocean' },
          not_a_question: 'x',
        },
        index: 1,
      }),
    );
    expectConsole(
      'warn',
      /^Discarded saved Blueprint 100 answers that cannot be used: credibility_mission, branding_palette, not_a_question\.$/,
    );
    expect(readSavedBlueprint()).toEqual({
      answers: { foundation_domain: 'a.nl', foundation_goals: ['blog'] },
      index: 1,
    });
  });

  it('malformed data is discarded with a warning and nothing comes back', () => {
    localStorage.setItem(BLUEPRINT_STORAGE_KEY, '{not json');
    expectConsole('warn', /blueprint100-answers/);
    expect(readSavedBlueprint()).toBeNull();
    expect(localStorage.getItem(BLUEPRINT_STORAGE_KEY)).toBeNull();
  });
});
