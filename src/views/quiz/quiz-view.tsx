import { ContactFields } from '../shared/contact-fields.tsx';
import { ORDER_LINK_PATH, orderLink } from '#domain/links.ts';
import { ConsentActions } from '../shared/consent-actions.tsx';
import { RecommendedPlanCards } from '../shared/recommended-plan.tsx';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '#domain/format.ts';
import { DEFAULT_LANG, langFromTag, type Lang } from '#domain/language.ts';
import { BUDGETS, GOALS, INVOLVEMENTS, SITUATIONS, TIMELINES } from '#domain/recommendations.ts';
import type { PlannerQuestion } from '#machines/planner/planner.types.ts';
import { quizMachine } from '#machines/quiz/quiz.machine.ts';
import {
  selectCanGoBack,
  selectCanGoNext,
  selectProgress,
  selectQuestion,
  selectScreen,
  selectTier,
} from '#machines/quiz/quiz.selectors.ts';

export type QuizActor = ActorRefFrom<typeof quizMachine>;

const CHOICES: Record<PlannerQuestion, readonly string[]> = {
  situation: SITUATIONS,
  goal: GOALS,
  budget: BUDGETS,
  involvement: INVOLVEMENTS,
  timeline: TIMELINES,
};

/** The quiz on a page. */
export function Quiz() {
  const intl = useIntl();
  const actor = useActorRef(quizMachine, {
    input: { lang: langFromTag(intl.locale) ?? DEFAULT_LANG },
  });
  return <QuizScreens actor={actor} />;
}

/** Renders the quiz chart's state; every control sends an event. */
export function QuizScreens({ actor }: { actor: QuizActor }) {
  const intl = useIntl();
  const lang: Lang = langFromTag(intl.locale) ?? DEFAULT_LANG;
  const screen = useSelector(actor, selectScreen);
  const question = useSelector(actor, selectQuestion);
  const progress = useSelector(actor, selectProgress);
  const canNext = useSelector(actor, selectCanGoNext);
  const canBack = useSelector(actor, selectCanGoBack);
  const tier = useSelector(actor, selectTier);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const failed = useSelector(actor, (s) => s.matches('submitFailed'));
  const answers = useSelector(actor, (s) => s.context.answers);
  const name = useSelector(actor, (s) => s.context.name);
  const email = useSelector(actor, (s) => s.context.email);
  const products = useSelector(actor, (s) => s.context.recommendation?.products ?? []);
  const send = actor.send;

  const heading = useRef<HTMLHeadingElement>(null);
  const lastKey = useRef(`${screen}:${question ?? ''}`);
  useEffect(() => {
    const key = `${screen}:${question ?? ''}`;
    if (lastKey.current !== key) heading.current?.focus();
    lastKey.current = key;
  }, [screen, question]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'user.next' });
  };
  const actions = (
    <div className="planner__actions">
      {canBack ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => send({ type: 'user.back' })}
        >
          <FormattedMessage id="quiz.nav.back" />
        </button>
      ) : null}
      <button type="submit" className="button" disabled={!canNext}>
        <FormattedMessage id="quiz.nav.next" />
      </button>
    </div>
  );
  const title = (id: string, values?: Record<string, string>) => (
    <h3 className="planner__title" ref={heading} tabIndex={-1}>
      <FormattedMessage id={id} values={values} />
    </h3>
  );

  let body: ReactNode;
  if (screen === 'start') {
    body = (
      <>
        {title('quiz.start.title')}
        <p>
          <FormattedMessage id="quiz.start.text" />
        </p>
        <div className="planner__actions">
          <button type="button" className="button" onClick={() => send({ type: 'user.start' })}>
            <FormattedMessage id="quiz.start.button" />
          </button>
        </div>
      </>
    );
  } else if (question) {
    body = (
      <form onSubmit={onSubmit}>
        <fieldset className="planner__fieldset">
          <legend className="planner__legend">
            <h3 className="planner__title" ref={heading} tabIndex={-1}>
              <FormattedMessage id={`quiz.question.${question}`} />
            </h3>
          </legend>
          <div className="planner__options">
            {CHOICES[question].map((value) => (
              <label key={value} className="planner__option">
                <input
                  type="radio"
                  name={`quiz-${question}`}
                  value={value}
                  checked={answers[question] === value}
                  onChange={() => send({ type: 'user.choose', question, value })}
                />
                <span>
                  <strong>
                    <FormattedMessage id={`planner.${question}.${value}`} />
                  </strong>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {actions}
      </form>
    );
  } else if (screen === 'planReady') {
    body = (
      <form onSubmit={onSubmit}>
        {title('quiz.planReady.title')}
        {tier ? (
          <p className="quiz__tier">
            <FormattedMessage
              id={tier.monthlyMax === null ? 'quiz.planReady.tierOpen' : 'quiz.planReady.tier'}
              values={{
                tier: intl.formatMessage({ id: `planner.budget.${tier.budget}` }),
                min: formatMoney(tier.monthlyMin, lang),
                max: formatMoney(tier.monthlyMax ?? 0, lang),
                oneTime: `${formatMoney(tier.oneTime, lang)}${tier.oneTimeIsMinimum ? '+' : ''}`,
              }}
            />
          </p>
        ) : null}
        <p>
          <FormattedMessage id="quiz.planReady.recommended" />
        </p>
        <RecommendedPlanCards ids={products} lang={lang} labelId="quiz.planReady.cardsLabel" />
        {actions}
      </form>
    );
  } else if (screen === 'contact') {
    body = (
      <form onSubmit={onSubmit} noValidate>
        {title('quiz.contact.title')}
        <ContactFields
          idPrefix="quiz"
          labels={{ name: 'quiz.contact.name', email: 'quiz.contact.email' }}
          name={name}
          email={email}
          onNameChange={(value) => send({ type: 'user.changeName', value })}
          onEmailChange={(value) => send({ type: 'user.changeEmail', value })}
        />
        {actions}
      </form>
    );
  } else if (screen === 'tips') {
    body = (
      <>
        {title('quiz.tips.title')}
        <p>
          <FormattedMessage id="quiz.tips.text" />
        </p>
        <ConsentActions
          ids={{
            decline: 'quiz.tips.decline',
            accept: 'quiz.tips.accept',
            saving: 'quiz.tips.saving',
            failed: 'quiz.tips.failed',
            continue: 'quiz.tips.continue',
            retry: 'quiz.tips.retry',
          }}
          submitting={submitting}
          failed={failed}
          back={
            canBack ? (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => send({ type: 'user.back' })}
              >
                <FormattedMessage id="quiz.nav.back" />
              </button>
            ) : null
          }
          onDecline={() => send({ type: 'user.declineTips' })}
          onAccept={() => send({ type: 'user.acceptTips' })}
          onContinue={() => send({ type: 'user.continueWithoutSaving' })}
          onRetry={() => send({ type: 'user.retry' })}
        />
      </>
    );
  } else {
    body = (
      <>
        {title('quiz.done.title', { name: name.trim() })}
        <p role="status">
          <FormattedMessage id="quiz.done.text" />
        </p>
        <p>
          <a className="button" href={orderLink({ plans: products }) ?? ORDER_LINK_PATH}>
            <FormattedMessage id="quiz.done.link" />
          </a>
        </p>
      </>
    );
  }

  return (
    <div className="planner quiz" data-quiz-screen={screen}>
      {progress ? (
        <div className="planner__progress">
          <p className="planner__step">
            <FormattedMessage id="quiz.progress.step" values={progress} />
          </p>
          <div className="planner__bar" aria-hidden="true">
            <span style={{ width: `${progress.percent}%` }} />
          </div>
        </div>
      ) : null}
      {body}
    </div>
  );
}
