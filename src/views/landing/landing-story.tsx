// The landing page's story between the hero and the call to action (SPEC screen 1, in order):
// static content, so the browser keeps the server's HTML of it and needs none of its code
// (src/components/island.tsx).

import {
  AgitationSection,
  BenefitsSection,
  JourneySection,
  SolutionBridge,
} from './problem-sections.tsx';
import { RiskReversalSection, SocialProofSection } from './proof-sections.tsx';

export function LandingStory() {
  return (
    <>
      <AgitationSection />
      <SolutionBridge />
      <BenefitsSection />
      <JourneySection />
      <SocialProofSection />
      <RiskReversalSection />
    </>
  );
}
