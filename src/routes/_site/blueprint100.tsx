import { createFileRoute } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { oneOf, searchOf, text } from '../../route-search.ts';
import { LANGS } from '#domain/language.ts';
import { SECTION_IDS } from '#domain/blueprint.ts';
import { readDraftToken, readSavedBlueprint } from '#machines/blueprint/blueprint.actors.ts';
import type { BlueprintInput } from '#machines/blueprint/blueprint.types.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { BlueprintView } from '../../views/blueprint/blueprint-view.tsx';

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

const noSubscription = () => () => {};
const inBrowser = () => true;
/** Also what hydration sees, so the first client render matches the server's HTML. */
const onServer = () => false;

function Interactive({ resumeToken }: { resumeToken: string | undefined }) {
  const { lang } = useI18n();
  const [input] = useState<BlueprintInput>(() => ({
    lang,
    saved: readSavedBlueprint(),
    draftToken: readDraftToken(),
    resumeToken: resumeToken ?? null,
  }));
  return <BlueprintView lang={lang} input={input} />;
}

function Page() {
  const { draft } = Route.useSearch();
  // The questionnaire depends on the visitor's own saved answers: it renders after hydration.
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return (
    <div className="blueprint-page">
      <PageIntro titleId="page.blueprint.title" introId="page.blueprint.intro">
        <ol className="blueprint-page__sections">
          {SECTION_IDS.map((id) => (
            <li key={id}>
              <FormattedMessage id={`blueprint.section.${id}.title`} />
            </li>
          ))}
        </ol>
      </PageIntro>
      <div className="blueprint-page__body">
        {mounted ? <Interactive resumeToken={draft} /> : null}
      </div>
    </div>
  );
}
