import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_legal/legal/privacy-policy')({
  head: pageHead('page.legalPrivacy.title', 'page.legalPrivacy.subtitle'),
  staticData: { titleId: 'page.legalPrivacy.title', subtitleId: 'page.legalPrivacy.subtitle' },
  component: Page,
});

function Page() {
  return (
    <p>
      <FormattedMessage id="page.legalPrivacy.subtitle" />
    </p>
  );
}
