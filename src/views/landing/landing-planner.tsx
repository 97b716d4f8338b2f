// The landing page's planner (SPEC screen 3), leading to the order page with the plans it
// recommends. Its own chunk: the page hydrates it once the browser is idle (src/routes/index.tsx).

import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { isPlanId } from '#domain/catalogue.ts';
import { ORDER_LINK_PATH, orderLink } from '#domain/links.ts';
import { Planner } from '../planner/planner-view.tsx';

export function LandingPlanner() {
  const navigate = useNavigate();
  const goToOrder = useCallback(
    (plans: readonly string[]) => {
      void navigate({
        to: '/total-package/order',
        search: { plans: plans.join(',') },
      }).catch(() => {
        window.location.assign(orderLink({ plans: plans.filter(isPlanId) }) ?? ORDER_LINK_PATH);
      });
    },
    [navigate],
  );
  return <Planner goToOrder={goToOrder} />;
}
