import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A section named by its `<h2>` (a message): the card and band of the content pages.
 * `headingId` is the heading's id where a page links to it; otherwise one is generated.
 */
export function TitledSection({
  className,
  titleId,
  headingId,
  children,
}: {
  className: string;
  titleId: string;
  headingId?: string;
  children: ReactNode;
}) {
  const generated = useId();
  const id = headingId ?? generated;
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}
