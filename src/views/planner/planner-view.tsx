import { ORDER_LINK_PATH, orderLink } from '#domain/links.ts';
import * as Flow from '../shared/guided-flow.tsx';
import { RecommendedPlanCards } from '../shared/recommended-plan.tsx';
import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { optionById } from '#domain/catalogue.ts';
import { formatMoney } from '#domain/format.ts';
import { DEFAULT_LANG, langFromTag, type Lang } from '#domain/language.ts';
import { PLANNER_CHOICES } from '#domain/planner-answers.ts';
import { readSavedAnswers } from '#machines/planner/planner.actors.ts';
import { plannerMachine } from '#machines/planner/planner.machine.ts';
import {
  selectBudgetFit,
  selectHasTitle,
  selectQuestion,
  selectRecommendationCards,
  selectScreen,
  selectStep,
} from '#machines/planner/planner.selectors.ts';

export type PlannerActor = ActorRefFrom<typeof plannerMachine>;

/** The plan-ready screen's two groups of cards. */
const CARD_GROUPS = ['budgetBased', 'goalBased'] as const;

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
/**
 * The recommendation against the monthly budget chosen (D39A-8): what it comes to a month, and
 * plainly what was left out to stay within the budget, with what it would add.
 */
export function BudgetFit({ actor, lang }: { actor: PlannerActor; lang: Lang }) {
  const intl = useIntl();
  const fit = useSelector(
    actor,
    selectBudgetFit,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  if (!fit) return null;
  const monthly = formatMoney(fit.monthly, lang);
  const max = fit.max === null ? null : formatMoney(fit.max, lang);
  return (
    <div className="planner__budget">
      <p>
        {max === null ? (
          <FormattedMessage id="planner.planReady.monthly" values={{ monthly }} />
        ) : (
          <FormattedMessage id="planner.planReady.withinBudget" values={{ monthly, max }} />
        )}
      </p>
      {fit.outsideBudget.length > 0 && max !== null ? (
        <p>
          <FormattedMessage
            id="planner.planReady.outsideBudget"
            values={{
              max,
              plans: intl.formatList(
                fit.outsideBudget.map((id) => optionById(id)?.displayName[lang] ?? id),
                { type: 'conjunction' },
              ),
              extra: formatMoney(fit.outsideMonthly, lang),
            }}
          />
        </p>
      ) : null}
    </div>
  );
}

export function PlannerScreens({ actor }: { actor: PlannerActor }) {
  const intl = useIntl();
  const lang: Lang = langFromTag(intl.locale) ?? DEFAULT_LANG;
  const screen = useSelector(actor, selectScreen);
  const step = useSelector(actor, selectStep);
  const hasTitle = useSelector(actor, selectHasTitle);
  const question = useSelector(actor, selectQuestion);
  const { canNext, canBack, submitting, failed, name, email } = Flow.useStep(actor);
  const answers = useSelector(actor, (s) => s.context.answers);
  const cards = useSelector(actor, selectRecommendationCards);
  const products = useSelector(actor, (s) => s.context.recommendation?.products ?? []);

  // Focus follows the screen once the visitor has started (never on page load).
  const heading = Flow.useFocusOnChange(screen);

  const send = actor.send;
  const onNext = () => send({ type: 'user.next' });
  const backButton = canBack ? (
    <Flow.BackButton messageId="planner.nav.back" onBack={() => send({ type: 'user.back' })} />
  ) : null;
  const actions = (
    <Flow.StepActions>
      {backButton}
      <Flow.NextButton messageId="planner.nav.next" disabled={!canNext} />
    </Flow.StepActions>
  );

  let body: ReactNode;
  if (screen === 'start') {
    body = (
      <Flow.Start
        heading={
          <h3 className="planner__title" ref={heading} tabIndex={-1}>
            <FormattedMessage id="planner.start.title" />
          </h3>
        }
        textId="planner.start.intro"
        buttonId="planner.start.button"
        onStart={() => send({ type: 'user.start' })}
      />
    );
  } else if (question) {
    body = (
      <Flow.StepForm onNext={onNext}>
        <Flow.ChoiceFieldset
          legend={<FormattedMessage id={`planner.${question}.question`} />}
          name={`planner-${question}`}
          options={PLANNER_CHOICES[question]}
          chosen={answers[question]}
          labelId={(value) => `planner.${question}.${value}`}
          hintId={(value) => `planner.${question}.${value}.hint`}
          onChoose={(value) => send({ type: 'user.choose', question, value })}
        />
        {actions}
      </Flow.StepForm>
    );
  } else if (screen === 'planReady') {
    body = (
      <Flow.StepForm onNext={onNext}>
        <p>
          <FormattedMessage id="planner.planReady.intro" />
        </p>
        {CARD_GROUPS.map((group) =>
          cards && cards[group].length > 0 ? (
            <Fragment key={group}>
              <h4 className="planner__group">
                <FormattedMessage id={`planner.planReady.${group}`} />
              </h4>
              <RecommendedPlanCards
                ids={cards[group]}
                lang={lang}
                labelId={`planner.planReady.${group}`}
              />
            </Fragment>
          ) : null,
        )}
        <BudgetFit actor={actor} lang={lang} />
        <p className="planner__note">
          <FormattedMessage id="planner.planReady.note" />
        </p>
        {actions}
      </Flow.StepForm>
    );
  } else if (screen === 'contact') {
    body = (
      <Flow.ContactScreen
        idPrefix="planner"
        labels={{ name: 'planner.contact.name', email: 'planner.contact.email' }}
        name={name}
        email={email}
        send={send}
        note={<FormattedMessage id="planner.contact.privacy" />}
        actions={actions}
        onNext={onNext}
      />
    );
  } else if (screen === 'consent') {
    body = (
      <Flow.ConsentScreen
        ids={{
          text: 'planner.consent.text',
          decline: 'planner.consent.decline',
          accept: 'planner.consent.accept',
          saving: 'planner.consent.saving',
          failed: 'planner.consent.failed',
          continue: 'planner.consent.continue',
          retry: 'planner.consent.retry',
        }}
        submitting={submitting}
        failed={failed}
        back={backButton}
        onDecline={() => send({ type: 'user.declineConsent' })}
        onAccept={() => send({ type: 'user.acceptConsent' })}
        onContinue={() => send({ type: 'user.continueWithoutSaving' })}
        onRetry={() => send({ type: 'user.retry' })}
      />
    );
  } else {
    body = (
      <Flow.DoneScreen
        title={
          <h3 className="planner__title" ref={heading} tabIndex={-1}>
            <FormattedMessage id={`planner.${screen}.title`} values={{ name: name.trim() }} />
          </h3>
        }
        textId={`planner.${screen}.text`}
        link={
          <a href={orderLink({ plans: products }) ?? ORDER_LINK_PATH}>
            <FormattedMessage id="planner.done.link" />
          </a>
        }
      />
    );
  }

  return (
    <div className="planner" data-planner-screen={screen}>
      {step || hasTitle ? (
        <div className="planner__progress">
          {step ? (
            <Flow.ProgressStep
              messageId="planner.progress.step"
              values={step}
              percent={(step.step / step.of) * 100}
            />
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
