import { useState } from 'react';
import type { Lang } from '#domain/catalogue.ts';
import { readDraftToken, readSavedBlueprint } from '#machines/blueprint/blueprint.actors.ts';
import type { BlueprintInput } from '#machines/blueprint/blueprint.types.ts';
import { BlueprintView } from './blueprint-view.tsx';

/**
 * The Blueprint page's body as its island loads it (src/routes/_site/blueprint100.tsx): the
 * questionnaire from this browser's saved answers and draft (`fromStorage`), or as a first visit
 * sees it (the server's render), and from the private resume link's token.
 */
export function BlueprintBody({
  lang,
  resumeToken,
  fromStorage,
}: {
  lang: Lang;
  resumeToken: string | undefined;
  fromStorage: boolean;
}) {
  const [input] = useState<BlueprintInput>(() => ({
    lang,
    saved: fromStorage ? readSavedBlueprint() : null,
    draftToken: fromStorage ? readDraftToken() : null,
    resumeToken: resumeToken ?? null,
  }));
  return <BlueprintView lang={lang} input={input} />;
}
