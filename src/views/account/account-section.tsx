// The client area's building blocks: a titled section and its empty state.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { TitledSection } from '../shared/titled-section.tsx';

export function Section({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <TitledSection className="account__section" titleId={titleId}>
      {children}
    </TitledSection>
  );
}

export function Empty({ id }: { id: string }) {
  return (
    <p className="account__empty">
      <FormattedMessage id={id} />
    </p>
  );
}
