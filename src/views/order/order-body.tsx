import { parsePlansParam } from '#domain/plan-selection.ts';
import { OrderBuilder, type OrderBuilderProps } from './order-builder.tsx';

/**
 * The order page's body as its island loads it (src/routes/_site/total-package/order.tsx): the
 * builder for the plans of the address (`plans`, read here: the catalogue is the body's code),
 * started anew for another set of plans.
 */
export function OrderBody({
  plans,
  ...props
}: Omit<OrderBuilderProps, 'preselected'> & { plans: string | string[] | undefined }) {
  const preselected = parsePlansParam(plans);
  return <OrderBuilder key={preselected.join(',')} preselected={preselected} {...props} />;
}
