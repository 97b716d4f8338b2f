// Blueprint 100's questions as typed data (SPEC sections 3 "Questionnaire" and "Palettes and
// fonts", 4 "Questionnaire", 5 "Uploads"): the sections, the palettes and fonts, the upload limits
// and every question with its points. The answers and the score: blueprint.ts. Pure: no I/O.

export const QUESTION_TYPES = [
  'text',
  'textarea',
  'select',
  'multiselect',
  'checkbox',
  'colorpicker',
  'palette',
  'file',
  'multifile',
  'font',
  'listinput',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

// The section ids live in a module of their own: the Blueprint page lists them without the questions.
import { SECTION_IDS, type SectionId } from './blueprint-sections.ts';
export { SECTION_IDS, type SectionId };

/** The five colour presets of the colour picker (SPEC: values not shown; ours). */
export const COLOR_PRESETS = ['#1d4ed8', '#0f766e', '#b91c1c', '#7c3aed', '#111827'] as const;

/** The six named palettes (SPEC: ids and names given, hex values not shown; ours). */
export const PALETTES = [
  { id: 'ocean', name: 'Ocean Breeze', colors: ['#0b3d91', '#1e88e5', '#4fc3f7', '#e1f5fe'] },
  { id: 'sunset', name: 'Sunset Glow', colors: ['#7c2d12', '#ea580c', '#fb923c', '#fff7ed'] },
  { id: 'mint', name: 'Cool Mint', colors: ['#065f46', '#10b981', '#6ee7b7', '#ecfdf5'] },
  { id: 'sage', name: 'Muted Sage', colors: ['#3f4a3c', '#7d8f69', '#b5c99a', '#f1f5ec'] },
  { id: 'berry', name: 'Berry Pop', colors: ['#701a75', '#c026d3', '#f472b6', '#fdf2f8'] },
  { id: 'sky', name: 'Sky High', colors: ['#075985', '#0ea5e9', '#7dd3fc', '#f0f9ff'] },
] as const;
export type PaletteId = (typeof PALETTES)[number]['id'];

/** The twelve fonts, each with its display name and the CSS stack it is shown in. */
export const FONTS = [
  { id: 'inter', name: 'Inter', stack: "'Inter', system-ui, sans-serif" },
  { id: 'playfair', name: 'Playfair Display', stack: "'Playfair Display', Georgia, serif" },
  { id: 'poppins', name: 'Poppins', stack: "'Poppins', system-ui, sans-serif" },
  { id: 'raleway', name: 'Raleway', stack: "'Raleway', system-ui, sans-serif" },
  { id: 'lora', name: 'Lora', stack: "'Lora', Georgia, serif" },
  { id: 'montserrat', name: 'Montserrat', stack: "'Montserrat', system-ui, sans-serif" },
  { id: 'source-serif', name: 'Source Serif', stack: "'Source Serif 4', Georgia, serif" },
  { id: 'roboto', name: 'Roboto', stack: "'Roboto', Arial, sans-serif" },
  { id: 'open-sans', name: 'Open Sans', stack: "'Open Sans', Arial, sans-serif" },
  { id: 'merriweather', name: 'Merriweather', stack: "'Merriweather', Georgia, serif" },
  { id: 'nunito', name: 'Nunito', stack: "'Nunito', system-ui, sans-serif" },
  { id: 'work-sans', name: 'Work Sans', stack: "'Work Sans', system-ui, sans-serif" },
] as const;
export type FontId = (typeof FONTS)[number]['id'];

/** Upload limits (SPEC 5 and 9): images only, at most 5 files, each at most 5 MB. */
export const MAX_UPLOADS = 5;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];
export const LOGO_TYPES = ['image/png', 'image/svg+xml'];
/** Keywords: a list of up to 10 terms (SPEC 5). */
export const MAX_KEYWORDS = 10;
export const TEXT_MAX = 200;
export const TEXTAREA_MAX = 2000;

export interface QuestionBase {
  id: string;
  section: SectionId;
  points: number;
}
export type Question =
  | (QuestionBase & { type: 'text' | 'textarea' })
  | (QuestionBase & { type: 'select' | 'multiselect'; options: readonly string[] })
  | (QuestionBase & { type: 'checkbox' | 'colorpicker' | 'palette' | 'font' })
  | (QuestionBase & { type: 'file' | 'multifile'; accept: readonly string[]; maxFiles: number })
  | (QuestionBase & { type: 'listinput'; maxItems: number });

const q = <T extends Question>(question: T): T => question;

/**
 * Every question in order, with its points (SPEC 3: text 4, multiselect 4 to 5, colour 2,
 * palette 2, font 2, file 5, keywords 6, funnel 6, mission 5). They add up to exactly 100.
 * Labels, help texts and summary labels live in the catalogues under
 * `blueprint.question.<id>.label|help|summary`, options under `blueprint.option.<id>.<value>`.
 */
export const QUESTIONS = [
  // project-foundation
  q({ id: 'foundation_domain', section: 'project-foundation', type: 'text', points: 4 }),
  q({
    id: 'foundation_goals',
    section: 'project-foundation',
    type: 'multiselect',
    points: 5,
    options: ['leadCapture', 'ecom', 'portfolio', 'blog', 'other', 'notSure'],
  }),
  q({
    id: 'foundation_launchTimeline',
    section: 'project-foundation',
    type: 'select',
    points: 4,
    options: ['immediate', 'month', 'quarter', 'undecided'],
  }),
  q({
    id: 'foundation_neededPages',
    section: 'project-foundation',
    type: 'multiselect',
    points: 5,
    options: [
      'notSure',
      'contactForm',
      'ecommerceCart',
      'blog',
      'faqSection',
      'portfolioGallery',
      'bookingSystem',
      'userLogin',
      'chatbotSupport',
      'newsletterSignup',
      'eventsCalendar',
      'multiLanguageSupport',
      'analyticsDashboard',
    ],
  }),
  // story-credibility
  q({ id: 'credibility_oneLiner', section: 'story-credibility', type: 'text', points: 4 }),
  q({ id: 'credibility_mission', section: 'story-credibility', type: 'textarea', points: 5 }),
  q({
    id: 'credibility_trustSignals',
    section: 'story-credibility',
    type: 'multiselect',
    points: 5,
    options: ['dontHaveAny', 'testimonials', 'certifications', 'awards', 'press', 'logos'],
  }),
  q({
    id: 'credibility_assets',
    section: 'story-credibility',
    type: 'multifile',
    points: 5,
    accept: IMAGE_TYPES,
    maxFiles: MAX_UPLOADS,
  }),
  q({
    id: 'credibility_toneGrid',
    section: 'story-credibility',
    type: 'multiselect',
    points: 5,
    options: ['professional', 'playful', 'luxury', 'friendly', 'innovative', 'notSure'],
  }),
  // design-branding
  q({ id: 'branding_primaryColor', section: 'design-branding', type: 'colorpicker', points: 2 }),
  q({ id: 'branding_palette', section: 'design-branding', type: 'palette', points: 2 }),
  q({ id: 'branding_font', section: 'design-branding', type: 'font', points: 2 }),
  q({
    id: 'branding_styles',
    section: 'design-branding',
    type: 'multiselect',
    points: 4,
    options: ['minimalist', 'illustrative', 'photography', 'boldTypography', 'darkMode'],
  }),
  q({
    id: 'branding_logoUpload',
    section: 'design-branding',
    type: 'file',
    points: 5,
    accept: LOGO_TYPES,
    maxFiles: 1,
  }),
  // content-structure
  q({
    id: 'content_corePages',
    section: 'content-structure',
    type: 'multiselect',
    points: 5,
    options: ['home', 'about', 'services', 'contact', 'blog', 'faq'],
  }),
  q({
    id: 'content_keywords',
    section: 'content-structure',
    type: 'listinput',
    points: 6,
    maxItems: MAX_KEYWORDS,
  }),
  q({
    id: 'content-writing-style',
    section: 'content-structure',
    type: 'multiselect',
    points: 5,
    options: ['concise', 'narrative', 'analytical', 'conversational', 'visual', 'seo', 'unsure'],
  }),
  q({
    id: 'content_blogNeeds',
    section: 'content-structure',
    type: 'multiselect',
    points: 4,
    options: ['articles', 'news', 'caseStudies', 'quickGuides', 'undecided'],
  }),
  // integrations-marketing
  q({
    id: 'marketing_existingTools',
    section: 'integrations-marketing',
    type: 'multiselect',
    points: 4,
    options: ['dontNeed', 'emailMarketing', 'crm', 'analytics', 'automation', 'payment', 'none'],
  }),
  q({
    id: 'marketing_social',
    section: 'integrations-marketing',
    type: 'multiselect',
    points: 4,
    options: ['facebook', 'instagram', 'linkedin', 'twitter', 'tiktok', 'other', 'dontHave'],
  }),
  q({ id: 'marketing_funnel', section: 'integrations-marketing', type: 'textarea', points: 6 }),
  q({
    id: 'marketing_apiGrid',
    section: 'integrations-marketing',
    type: 'multiselect',
    points: 4,
    options: ['dontNeed', 'crm', 'payment', 'analytics', 'automation', 'custom'],
  }),
  q({
    id: 'marketing_growthTactics',
    section: 'integrations-marketing',
    type: 'multiselect',
    points: 5,
    options: ['seo', 'ppc', 'email', 'referral', 'abTesting', 'dontNeed'],
  }),
] as const satisfies readonly Question[];

export type QuestionId = (typeof QUESTIONS)[number]['id'];
export const QUESTION_IDS: readonly QuestionId[] = QUESTIONS.map((question) => question.id);
/** The number of steps before the summary (SPEC: the summary is shown at this index). */
export const SECTION_COUNT = SECTION_IDS.length;

export function questionById(id: string): Question | undefined {
  return (QUESTIONS as readonly Question[]).find((question) => question.id === id);
}
export function questionsOf(section: SectionId): Question[] {
  return (QUESTIONS as readonly Question[]).filter((question) => question.section === section);
}
