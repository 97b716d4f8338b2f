import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as v from 'valibot';
import { EXIT_OFFER_CODE } from '#domain/coupon-field.ts';
import { LANDING_STATS } from '#domain/landing-stats.ts';
import { ESSENTIAL_LINK_SELECTION, checkoutLink } from '#domain/links.ts';
import { hasStorage, readStored, writeStored } from '#machines/shared/storage.ts';

const EXIT_OFFER_PERCENT = LANDING_STATS.exitOfferPercent;

/** Set once the popup has been shown: it opens once per visitor. */
export const EXIT_OFFER_STORAGE_KEY = 'exit-offer-shown';

/** Where accepting leads: checkout with the essential selection (hosting, domain) and the offer. */
export const EXIT_OFFER_HREF = checkoutLink({
  plans: ESSENTIAL_LINK_SELECTION,
  interval: 'monthly',
  coupon: EXIT_OFFER_CODE,
})!;

function alreadyShown(): boolean {
  // No storage: never risk showing it on every visit.
  if (!hasStorage('local')) return true;
  return readStored(EXIT_OFFER_STORAGE_KEY, v.string()) !== null;
}

function markShown(): void {
  // Storage disabled: alreadyShown() already kept the popup away.
  writeStored(EXIT_OFFER_STORAGE_KEY, new Date().toISOString());
}

/**
 * The exit-intent popup (SPEC screen 2): opens when the mouse leaves through the top of the page,
 * once per visitor. A native modal dialog: focus moves into it and returns on close; Escape and
 * the close buttons close it. Open/closed is plain view state (no flow behind it); the offer's
 * rule is the coupon EXIT10 (migration 0022, domain/coupons.ts), applied by the server's quote.
 */
export function ExitOfferDialog() {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (alreadyShown()) return;
    const onLeave = (event: MouseEvent) => {
      if (event.relatedTarget !== null || event.clientY > 0) return;
      const element = dialog.current;
      if (!element || element.open || alreadyShown()) return;
      markShown();
      element.showModal();
      document.removeEventListener('mouseout', onLeave);
    };
    document.addEventListener('mouseout', onLeave);
    return () => document.removeEventListener('mouseout', onLeave);
  }, []);

  const close = () => dialog.current?.close();

  return (
    <dialog ref={dialog} className="exit-offer" aria-labelledby="exit-offer-title">
      <button
        type="button"
        className="exit-offer__close"
        aria-label={intl.formatMessage({ id: 'landing.exitOffer.close' })}
        onClick={close}
      >
        <span aria-hidden="true">×</span>
      </button>
      <p className="exit-offer__badge">
        <FormattedMessage id="landing.exitOffer.badge" values={{ percent: EXIT_OFFER_PERCENT }} />
      </p>
      <h2 id="exit-offer-title">
        <FormattedMessage id="landing.exitOffer.title" values={{ percent: EXIT_OFFER_PERCENT }} />
      </h2>
      <p>
        <FormattedMessage id="landing.exitOffer.text" />
      </p>
      <div className="planner__actions">
        <button type="button" className="button button--ghost" onClick={close}>
          <FormattedMessage id="landing.exitOffer.decline" />
        </button>
        <a className="button" href={EXIT_OFFER_HREF}>
          <FormattedMessage id="landing.exitOffer.accept" />
        </a>
      </div>
    </dialog>
  );
}
