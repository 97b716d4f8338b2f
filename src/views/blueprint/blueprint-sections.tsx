import { FormattedMessage } from 'react-intl';
import { SECTION_IDS } from '#domain/blueprint-sections.ts';
// The questionnaire's look comes with the page (not with its code): the server's HTML of its
// island is shown before the code does (decision D48C-3). The view imports it too (staff pages).
import '../../styles/blueprint.css';

/** The Blueprint's sections, listed in the page's intro. */
export function BlueprintSections() {
  return (
    <ol className="blueprint-page__sections">
      {SECTION_IDS.map((id) => (
        <li key={id}>
          <FormattedMessage id={`blueprint.section.${id}.title`} />
        </li>
      ))}
    </ol>
  );
}
