import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { storefrontMachine } from '#machines/storefront/storefront.machine.ts';
import { selectStorefrontStatus } from '#machines/storefront/storefront.selectors.ts';

/**
 * "N of 20 project spots left this month", the real figure (D39A-3): `PROJECTS_PER_MONTH` minus
 * the website orders paid this month, as the server says now (the landing page itself is cached).
 * Nothing is shown until the answer has come, or when it cannot be had: never an invented number.
 */
export function SpotsLeftView({ actor }: { actor: ActorRefFrom<typeof storefrontMachine> }) {
  const status = useSelector(actor, selectStorefrontStatus);
  if (!status) return null;
  const { left, perMonth } = status.spots;
  return (
    <p className="landing-spots" role="note">
      <FormattedMessage
        id={left > 0 ? 'landing.cta.spots' : 'landing.cta.spotsFull'}
        values={{ spots: left, max: perMonth }}
      />
    </p>
  );
}

/** The landing page's spots line: asks the server on every page view. */
export function SpotsLeft() {
  const actor = useActorRef(storefrontMachine);
  return <SpotsLeftView actor={actor} />;
}
