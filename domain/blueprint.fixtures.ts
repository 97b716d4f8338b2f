// Answers used by the tests of the questionnaire, the PDF and the browser suite: every question
// answered (score 100), with Dutch text that needs "ĳ" and "€".

import type { Answers } from './blueprint.ts';

/** Every question answered except the two uploads (which need the server). */
export const FULL_TEXT_ANSWERS = {
  foundation_domain: 'ijsbeer-bakkerij.nl',
  foundation_goals: ['leadCapture', 'portfolio'],
  foundation_launchTimeline: 'month',
  foundation_neededPages: ['contactForm', 'bookingSystem'],
  credibility_oneLiner: 'Wĳ bakken het lekkerste brood van Utrecht',
  credibility_mission: 'Elke dag vers brood voor € 3,50 per stuk, met zorg gemaakt.',
  credibility_trustSignals: ['testimonials', 'awards'],
  credibility_toneGrid: ['friendly'],
  branding_primaryColor: ['#0f766e'],
  branding_palette: 'sage',
  branding_font: 'playfair',
  branding_styles: ['photography', 'minimalist'],
  content_corePages: ['home', 'about', 'contact'],
  content_keywords: ['bakkerij utrecht', 'zuurdesem', 'ĳskoffie'],
  'content-writing-style': ['conversational'],
  content_blogNeeds: ['articles'],
  marketing_existingTools: ['emailMarketing'],
  marketing_social: ['instagram'],
  marketing_funnel: 'Instagram-bericht, dan de website, dan een bestelling in de winkel.',
  marketing_apiGrid: ['payment'],
  marketing_growthTactics: ['seo', 'email'],
} satisfies Answers;
