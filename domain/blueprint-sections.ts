/** The Blueprint's five sections, in order (the questions are in blueprint-questions.ts). */
export const SECTION_IDS = [
  'project-foundation',
  'story-credibility',
  'design-branding',
  'content-structure',
  'integrations-marketing',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];
