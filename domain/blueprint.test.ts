import { describe, expect, it } from 'vitest';
import {
  QUESTIONS,
  SECTION_IDS,
  acceptSavedAnswers,
  blueprintRecommendation,
  blueprintScore,
  isSectionComplete,
  missingQuestions,
  progressBand,
  scoreBand,
  type Answers,
} from './blueprint.ts';
import { FULL_TEXT_ANSWERS } from './blueprint.fixtures.ts';

const upload = (id: string, type: 'image/png' | 'image/svg+xml' = 'image/png') => ({
  id,
  name: 'x.png',
  contentType: type,
  size: 10,
});
const ALL: Answers = {
  ...FULL_TEXT_ANSWERS,
  credibility_assets: [upload('6f1c2a9e-1111-4a4a-8a8a-000000000001')],
  branding_logoUpload: [upload('6f1c2a9e-1111-4a4a-8a8a-000000000002', 'image/svg+xml')],
};

describe('questions', () => {
  it('has the 23 questions of SPEC, five sections, points 2 to 6 adding up to 100', () => {
    expect(QUESTIONS).toHaveLength(23);
    expect(new Set(QUESTIONS.map((q) => q.section))).toEqual(new Set(SECTION_IDS));
    expect(QUESTIONS.every((q) => q.points >= 2 && q.points <= 6)).toBe(true);
    expect(QUESTIONS.reduce((sum, q) => sum + q.points, 0)).toBe(100);
    const points = Object.fromEntries(QUESTIONS.map((q) => [q.id, q.points]));
    expect(points).toMatchObject({
      foundation_domain: 4,
      credibility_oneLiner: 4,
      credibility_mission: 5,
      branding_primaryColor: 2,
      branding_palette: 2,
      branding_font: 2,
      branding_logoUpload: 5,
      credibility_assets: 5,
      content_keywords: 6,
      marketing_funnel: 6,
    });
  });
});

describe('blueprintScore', () => {
  it('is 0 with no answers and 100 with every answer', () => {
    expect(blueprintScore({})).toBe(0);
    expect(blueprintScore(ALL)).toBe(100);
    expect(missingQuestions(ALL)).toEqual([]);
  });
  it('counts the points of answered questions only (hand-computed cases)', () => {
    // domain 4 + mission 5 + keywords 6 = 15
    expect(
      blueprintScore({
        foundation_domain: 'a.nl',
        credibility_mission: 'x',
        content_keywords: ['one'],
      }),
    ).toBe(15);
    // colour 2 + palette 2 + font 2 + logo 5 = 11
    expect(
      blueprintScore({
        branding_primaryColor: ['#000000'],
        branding_palette: 'ocean',
        branding_font: 'inter',
        branding_logoUpload: [upload('6f1c2a9e-1111-4a4a-8a8a-000000000003')],
      }),
    ).toBe(11);
    // everything but the funnel (6) and the assets (5): 89
    const { marketing_funnel: _f, credibility_assets: _a, ...rest } = ALL;
    expect(blueprintScore(rest)).toBe(89);
  });
  it('does not count empty answers: blank text, empty lists, rows of spaces', () => {
    expect(
      blueprintScore({
        foundation_domain: '   ',
        foundation_goals: [],
        content_keywords: ['', '  '],
        credibility_assets: [],
      }),
    ).toBe(0);
  });
});

describe('sections and bands', () => {
  it('a section is complete when every question in it is answered', () => {
    expect(isSectionComplete('project-foundation', FULL_TEXT_ANSWERS)).toBe(true);
    expect(isSectionComplete('story-credibility', FULL_TEXT_ANSWERS)).toBe(false);
    expect(isSectionComplete('design-branding', ALL)).toBe(true);
  });
  it('score headline bands', () => {
    expect([100, 99, 90, 89, 75, 74, 50, 49, 30, 29, 0].map(scoreBand)).toEqual([
      'perfect',
      'excellent',
      'excellent',
      'strong',
      'strong',
      'medium',
      'medium',
      'early',
      'early',
      'start',
      'start',
    ]);
  });
  it('progress microcopy: start, step1..5 at multiples of 100/6, almost, complete', () => {
    const bands = [0, 10, 17, 34, 50, 67, 84, 90, 92, 99, 100].map((p) => progressBand(p));
    expect(bands.join(' ')).toBe(
      'start start step1 step2 step3 step4 step5 step5 almost almost complete',
    );
  });
});

describe('acceptSavedAnswers', () => {
  it('keeps strings, booleans, string lists and files; discards the rest', () => {
    const { answers, discarded } = acceptSavedAnswers({
      foundation_domain: 'a.nl',
      foundation_goals: ['blog'],
      credibility_assets: [upload('6f1c2a9e-1111-4a4a-8a8a-000000000004')],
      credibility_mission: 42,
      branding_palette: { id: 'ocean' },
      unknown_question: 'x',
    });
    expect(answers).toEqual({
      foundation_domain: 'a.nl',
      foundation_goals: ['blog'],
      credibility_assets: [upload('6f1c2a9e-1111-4a4a-8a8a-000000000004')],
    });
    expect(discarded.sort()).toEqual([
      'branding_palette',
      'credibility_mission',
      'unknown_question',
    ]);
    expect(acceptSavedAnswers([1, 2]).discarded).toEqual(['*']);
  });
});

describe('blueprintRecommendation', () => {
  it('uses the blueprint variant: the starter set with the free Tech Concierge', () => {
    const { products } = blueprintRecommendation({});
    expect(products).toContain('techConcierge_free');
    expect(products).toContain('webHosting_total');
    expect(blueprintRecommendation(ALL).products).toContain('seo_booster');
  });
});
