import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { oneOf, searchOf, text } from '../../route-search.ts';
import { LANGS } from '#domain/language.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import { island } from '../../components/island.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { BLUEPRINT_SAVED_KEYS, hasSaved } from '../../saved-state.ts';
import { BlueprintSections } from '../../views/blueprint/blueprint-sections.tsx';

/** `draft`: the private resume link's token; `lang`/`locale` handled by the language layer. */
const searchSchema = searchOf({
  draft: text({ pattern: /^[\w-]{20,100}$/ }),
  lang: oneOf(LANGS),
  locale: oneOf(LANGS),
});

export const Route = createFileRoute('/_site/blueprint100')({
  validateSearch: searchSchema,
  head: pageHead('page.blueprint.title', 'page.blueprint.intro'),
  component: Page,
});

// The questionnaire (its chart, the API client, the question types): the server renders it as a
// first visit sees it; its code comes at the visitor's first input, and what was answered
// meanwhile is carried over. With saved answers, a draft or a resume link it comes at once (when
// the browser is idle after the load) and renders the visitor's own state (decision D48C-3).
const loadBody = () =>
  import('../../views/blueprint/blueprint-body.tsx').then((m) => m.BlueprintBody);
const BodyAtInput = island('blueprint', 'input', loadBody);
const BodyAtOnce = island('blueprint', 'idle', loadBody);

function Page() {
  const { draft } = Route.useSearch();
  const { lang } = useI18n();
  const [Body] = useState(() =>
    draft !== undefined || hasSaved(BLUEPRINT_SAVED_KEYS) ? BodyAtOnce : BodyAtInput,
  );
  return (
    <div className="blueprint-page">
      <PageIntro titleId="page.blueprint.title" introId="page.blueprint.intro">
        <BlueprintSections />
      </PageIntro>
      <div className="blueprint-page__body">
        <Body lang={lang} resumeToken={draft} fromStorage={!import.meta.env.SSR} />
      </div>
    </div>
  );
}
