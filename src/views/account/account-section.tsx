// The client area's building blocks: a titled section and its empty state.
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export function Section({ titleId, children }: { titleId: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="account__section" aria-labelledby={id}>
      <h2 id={id}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}

export function Empty({ id }: { id: string }) {
  return (
    <p className="account__empty">
      <FormattedMessage id={id} />
    </p>
  );
}
