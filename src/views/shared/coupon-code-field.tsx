import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CouponTerms } from '#domain/coupons.ts';
import type { Lang } from '#domain/language.ts';
import type { CouponOrder } from '#machines/coupon-code/coupon-code.actors.ts';
import { couponCodeMachine } from '#machines/coupon-code/coupon-code.machine.ts';
import type { ActorRefFrom } from 'xstate';
import { FormField } from './form-field.tsx';

export type CouponCodeActor = ActorRefFrom<typeof couponCodeMachine>;

const sameOrder = (a: CouponOrder, b: CouponOrder) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The discount code field's actor for a page's order (issue 46): starts with the code from the
 * link, and tells the machine when the order on the page changes (an applied code is then checked
 * again against it).
 */
export function useCouponCode(lang: Lang, code: string | undefined, order: CouponOrder) {
  const actor = useActorRef(couponCodeMachine, { input: { lang, code, order } });
  const key = JSON.stringify(order);
  useEffect(() => {
    const next = JSON.parse(key) as CouponOrder;
    if (!sameOrder(actor.getSnapshot().context.order, next))
      actor.send({ type: 'flow.orderChanged', order: next });
  }, [actor, key]);
  return actor;
}

/** The coupon the server accepted for the order (null without one or without a field). */
export function useAppliedCoupon(actor: CouponCodeActor | undefined): CouponTerms | null {
  return useSelector(actor, (s) => s?.context.applied ?? null) ?? null;
}

/**
 * The discount code field of the order page and the checkout: renders the coupon-code machine
 * (machines/coupon-code) and sends it the visitor's events; the refusal's reason is said in the
 * page's language next to the field (role=alert), and the order goes on without the code.
 */
export function CouponCodeField({ actor, block }: { actor: CouponCodeActor; block: string }) {
  const id = useId();
  const snapshot = useSelector(actor, (s) => s);
  const { draft, applied, refusalKey } = snapshot.context;
  const checking = snapshot.hasTag('busy');
  const error = snapshot.matches('refused')
    ? (refusalKey ?? undefined)
    : snapshot.matches('failed')
      ? 'coupon.field.failed'
      : undefined;
  return (
    <div className="coupon-code" aria-busy={checking}>
      <FormField
        id={`${id}-coupon`}
        labelId="coupon.field.label"
        error={error}
        block={block}
        optional
      >
        {(control) => (
          <input
            {...control}
            name="coupon"
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            value={draft}
            onChange={(e) => actor.send({ type: 'user.typeCode', code: e.target.value })}
            onKeyDown={(e) => {
              // Enter applies the code; it never submits the page's form.
              if (e.key !== 'Enter') return;
              e.preventDefault();
              actor.send({ type: 'user.apply' });
            }}
          />
        )}
      </FormField>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={checking}
        onClick={() => actor.send({ type: 'user.apply' })}
      >
        <FormattedMessage id="coupon.field.apply" />
      </button>
      {applied ? (
        <>
          {' '}
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => actor.send({ type: 'user.remove' })}
          >
            <FormattedMessage id="coupon.field.remove" />
          </button>
        </>
      ) : null}
      <p className="coupon-code__status" role="status">
        {applied && snapshot.matches('applied') ? (
          <FormattedMessage
            id={
              applied.appliesTo === 'everyPayment'
                ? 'coupon.field.appliedEvery'
                : 'coupon.field.applied'
            }
            values={{ code: applied.code }}
          />
        ) : null}
      </p>
    </div>
  );
}
