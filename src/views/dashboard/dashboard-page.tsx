import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A staff page (src/routes/dashboard/*): its intro line, then what it shows. */
export function DashboardPage({ introId, children }: { introId: string; children: ReactNode }) {
  return (
    <>
      <p>
        <FormattedMessage id={introId} />
      </p>
      {children}
    </>
  );
}
