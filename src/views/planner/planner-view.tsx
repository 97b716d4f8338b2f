import { ContactFields } from '../shared/contact-fields.tsx';
import { ORDER_LINK_PATH, orderLink } from '#domain/links.ts';
import { ConsentActions } from '../shared/consent-actions.tsx';
import { RecommendedPlanCards } from '../shared/recommended-plan.tsx';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { DEFAULT_LANG, langFromTag, type Lang } from '#domain/language.ts';
import { BUDGETS, GOALS, INVOLVEMENTS, SITUATIONS, TIMELINES } from '#domain/recommendations.ts';
import { readSavedAnswers } from '#machines/planner/planner.actors.ts';
import { plannerMachine } from '#machines/planner/planner.machine.ts';
import {
  selectCanGoBack,
  selectCanGoNext,
  selectHasTitle,
  selectIsSubmitting,
  selectQuestion,
  selectRecommendationCards,
  selectScreen,
  selectStep,
  selectSubmitFailed,
  type PlannerScreen,
} from '#machines/planner/planner.selectors.ts';
import type { PlannerQuestion } from '#machines/planner/planner.types.ts';

export type PlannerActor = ActorRefFrom<typeof plannerMachine>;

const CHOICES: Record<PlannerQuestion, readonly string[]> = {
  situation: SITUATIONS,
  goal: GOALS,
  budget: BUDGETS,
  involvement: INVOLVEMENTS,
  timeline: TIMELINES,
};

/** The planner on a page: creates the chart and hands navigation to the page. */
export function Planner({ goToOrder }: { goToOrder: (plans: readonly string[]) => void }) {
  const intl = useIntl();
  const [saved] = useState(() => readSavedAnswers());
  const actor = useActorRef(
    plannerMachine.provide({
      actions: { goToOrder: (_, params: { plans: readonly string[] }) => goToOrder(params.plans) },
    }),
    { input: { saved, lang: langFromTag(intl.locale) ?? DEFAULT_LANG } },
  );
  return <PlannerScreens actor={actor} />;
}

/** Renders the planner chart's state; every button sends an event, nothing else decides. */
export function PlannerScreens({ actor }: { actor: PlannerActor }) {
  const intl = useIntl();
  const lang: Lang = langFromTag(intl.locale) ?? DEFAULT_LANG;
  const screen = useSelector(actor, selectScreen);
  const step = useSelector(actor, selectStep);
  const hasTitle = useSelector(actor, selectHasTitle);
  const question = useSelector(actor, selectQuestion);
  const canNext = useSelector(actor, selectCanGoNext);
  const canBack = useSelector(actor, selectCanGoBack);
  const submitting = useSelector(actor, selectIsSubmitting);
  const failed = useSelector(actor, selectSubmitFailed);
  const answers = useSelector(actor, (s) => s.context.answers);
  const name = useSelector(actor, (s) => s.context.name);
  const email = useSelector(actor, (s) => s.context.email);
  const cards = useSelector(actor, selectRecommendationCards);
  const products = useSelector(actor, (s) => s.context.recommendation?.products ?? []);

  // Focus follows the screen once the visitor has started (never on page load).
  const heading = useRef<HTMLHeadingElement>(null);
  const lastScreen = useRef<PlannerScreen>(screen);
  useEffect(() => {
    if (lastScreen.current !== screen) heading.current?.focus();
    lastScreen.current = screen;
  }, [screen]);

  const send = actor.send;
  const backButton = canBack ? (
    <button
      type="button"
      className="button button--ghost"
      onClick={() => send({ type: 'user.back' })}
    >
      <FormattedMessage id="planner.nav.back" />
    </button>
  ) : null;
  const nextButton = (
    <button type="submit" className="button" disabled={!canNext}>
      <FormattedMessage id="planner.nav.next" />
    </button>
  );
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    send({ type: 'user.next' });
  };

  let body: ReactNode;
  if (screen === 'start') {
    body = (
      <>
        <h3 className="planner__title" ref={heading} tabIndex={-1}>
          <FormattedMessage id="planner.start.title" />
        </h3>
        <p>
          <FormattedMessage id="planner.start.intro" />
        </p>
        <div className="planner__actions">
          <button type="button" className="button" onClick={() => send({ type: 'user.start' })}>
            <FormattedMessage id="planner.start.button" />
          </button>
        </div>
      </>
    );
  } else if (question) {
    const chosen = answers[question];
    body = (
      <form onSubmit={onSubmit}>
        <fieldset className="planner__fieldset">
          <legend className="planner__legend">
            <FormattedMessage id={`planner.${question}.question`} />
          </legend>
          <div className="planner__options">
            {CHOICES[question].map((value) => (
              <label key={value} className="planner__option">
                <input
                  type="radio"
                  name={`planner-${question}`}
                  value={value}
                  checked={chosen === value}
                  onChange={() => send({ type: 'user.choose', question, value })}
                />
                <span>
                  <strong>
                    <FormattedMessage id={`planner.${question}.${value}`} />
                  </strong>
                  <small>
                    <FormattedMessage id={`planner.${question}.${value}.hint`} />
                  </small>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="planner__actions">
          {backButton}
          {nextButton}
        </div>
      </form>
    );
  } else if (screen === 'planReady') {
    body = (
      <form onSubmit={onSubmit}>
        <p>
          <FormattedMessage id="planner.planReady.intro" />
        </p>
        {cards && cards.budgetBased.length > 0 ? (
          <>
            <h4 className="planner__group">
              <FormattedMessage id="planner.planReady.budgetBased" />
            </h4>
            <RecommendedPlanCards
              ids={cards.budgetBased}
              lang={lang}
              labelId="planner.planReady.budgetBased"
            />
          </>
        ) : null}
        {cards && cards.goalBased.length > 0 ? (
          <>
            <h4 className="planner__group">
              <FormattedMessage id="planner.planReady.goalBased" />
            </h4>
            <RecommendedPlanCards
              ids={cards.goalBased}
              lang={lang}
              labelId="planner.planReady.goalBased"
            />
          </>
        ) : null}
        <p className="planner__note">
          <FormattedMessage id="planner.planReady.note" />
        </p>
        <div className="planner__actions">
          {backButton}
          {nextButton}
        </div>
      </form>
    );
  } else if (screen === 'contact') {
    body = (
      <form onSubmit={onSubmit} noValidate>
        <ContactFields
          idPrefix="planner"
          labels={{ name: 'planner.contact.name', email: 'planner.contact.email' }}
          name={name}
          email={email}
          onNameChange={(value) => send({ type: 'user.changeName', value })}
          onEmailChange={(value) => send({ type: 'user.changeEmail', value })}
        />
        <p className="planner__note">
          <FormattedMessage id="planner.contact.privacy" />
        </p>
        <div className="planner__actions">
          {backButton}
          {nextButton}
        </div>
      </form>
    );
  } else if (screen === 'consent') {
    body = (
      <>
        <p>
          <FormattedMessage id="planner.consent.text" />
        </p>
        <ConsentActions
          ids={{
            decline: 'planner.consent.decline',
            accept: 'planner.consent.accept',
            saving: 'planner.consent.saving',
            failed: 'planner.consent.failed',
            continue: 'planner.consent.continue',
            retry: 'planner.consent.retry',
          }}
          submitting={submitting}
          failed={failed}
          back={canBack ? backButton : null}
          onDecline={() => send({ type: 'user.declineConsent' })}
          onAccept={() => send({ type: 'user.acceptConsent' })}
          onContinue={() => send({ type: 'user.continueWithoutSaving' })}
          onRetry={() => send({ type: 'user.retry' })}
        />
      </>
    );
  } else {
    body = (
      <>
        <h3 className="planner__title" ref={heading} tabIndex={-1}>
          <FormattedMessage id={`planner.${screen}.title`} values={{ name: name.trim() }} />
        </h3>
        <p role="status">
          <FormattedMessage id={`planner.${screen}.text`} />
        </p>
        <p>
          <a href={orderLink({ plans: products }) ?? ORDER_LINK_PATH}>
            <FormattedMessage id="planner.done.link" />
          </a>
        </p>
      </>
    );
  }

  return (
    <div className="planner" data-planner-screen={screen}>
      {step || hasTitle ? (
        <div className="planner__progress">
          {step ? (
            <p className="planner__step">
              <FormattedMessage id="planner.progress.step" values={step} />
            </p>
          ) : null}
          {step ? (
            <div className="planner__bar" aria-hidden="true">
              <span style={{ width: `${(step.step / step.of) * 100}%` }} />
            </div>
          ) : null}
          {hasTitle ? (
            <h3 className="planner__title" ref={heading} tabIndex={-1}>
              <FormattedMessage id={`planner.title.${screen}`} />
            </h3>
          ) : null}
        </div>
      ) : null}
      {body}
    </div>
  );
}
