import { ORDER_LINK_PATH, orderLink } from '#domain/links.ts';
import * as Flow from '../shared/guided-flow.tsx';
import { RecommendedPlanCards } from '../shared/recommended-plan.tsx';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '#domain/format.ts';
import { DEFAULT_LANG, langFromTag, type Lang } from '#domain/language.ts';
import { PLANNER_CHOICES } from '#domain/planner-answers.ts';
import { quizMachine } from '#machines/quiz/quiz.machine.ts';
import {
  selectProgress,
  selectQuestion,
  selectScreen,
  selectTier,
} from '#machines/quiz/quiz.selectors.ts';

export type QuizActor = ActorRefFrom<typeof quizMachine>;

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
  const { canNext, canBack, submitting, failed, name, email } = Flow.useStep(actor);
  const tier = useSelector(actor, selectTier);
  const answers = useSelector(actor, (s) => s.context.answers);
  const products = useSelector(actor, (s) => s.context.recommendation?.products ?? []);
  const send = actor.send;

  // Focus follows the screen and the question once the visitor has started.
  const heading = Flow.useFocusOnChange(`${screen}:${question ?? ''}`);

  const onNext = () => send({ type: 'user.next' });
  const backButton = canBack ? (
    <Flow.BackButton messageId="quiz.nav.back" onBack={() => send({ type: 'user.back' })} />
  ) : null;
  const actions = (
    <Flow.StepActions>
      {backButton}
      <Flow.NextButton messageId="quiz.nav.next" disabled={!canNext} />
    </Flow.StepActions>
  );
  const title = (id: string, values?: Record<string, string>) => (
    <h3 className="planner__title" ref={heading} tabIndex={-1}>
      <FormattedMessage id={id} values={values} />
    </h3>
  );

  let body: ReactNode;
  if (screen === 'start') {
    body = (
      <Flow.Start
        heading={title('quiz.start.title')}
        textId="quiz.start.text"
        buttonId="quiz.start.button"
        onStart={() => send({ type: 'user.start' })}
      />
    );
  } else if (question) {
    body = (
      <Flow.StepForm onNext={onNext}>
        <Flow.ChoiceFieldset
          legend={title(`quiz.question.${question}`)}
          name={`quiz-${question}`}
          options={PLANNER_CHOICES[question]}
          chosen={answers[question]}
          labelId={(value) => `planner.${question}.${value}`}
          onChoose={(value) => send({ type: 'user.choose', question, value })}
        />
        {actions}
      </Flow.StepForm>
    );
  } else if (screen === 'planReady') {
    body = (
      <Flow.StepForm onNext={onNext}>
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
      </Flow.StepForm>
    );
  } else if (screen === 'contact') {
    body = (
      <Flow.ContactScreen
        title={title('quiz.contact.title')}
        idPrefix="quiz"
        labels={{ name: 'quiz.contact.name', email: 'quiz.contact.email' }}
        name={name}
        email={email}
        send={send}
        actions={actions}
        onNext={onNext}
      />
    );
  } else if (screen === 'tips') {
    body = (
      <Flow.ConsentScreen
        title={title('quiz.tips.title')}
        ids={{
          text: 'quiz.tips.text',
          decline: 'quiz.tips.decline',
          accept: 'quiz.tips.accept',
          saving: 'quiz.tips.saving',
          failed: 'quiz.tips.failed',
          continue: 'quiz.tips.continue',
          retry: 'quiz.tips.retry',
        }}
        submitting={submitting}
        failed={failed}
        back={backButton}
        onDecline={() => send({ type: 'user.declineTips' })}
        onAccept={() => send({ type: 'user.acceptTips' })}
        onContinue={() => send({ type: 'user.continueWithoutSaving' })}
        onRetry={() => send({ type: 'user.retry' })}
      />
    );
  } else {
    body = (
      <Flow.DoneScreen
        title={title('quiz.done.title', { name: name.trim() })}
        textId="quiz.done.text"
        link={
          <a className="button" href={orderLink({ plans: products }) ?? ORDER_LINK_PATH}>
            <FormattedMessage id="quiz.done.link" />
          </a>
        }
      />
    );
  }

  return (
    <div className="planner quiz" data-quiz-screen={screen}>
      {progress ? (
        <div className="planner__progress">
          <Flow.ProgressStep
            messageId="quiz.progress.step"
            values={progress}
            percent={progress.percent}
          />
        </div>
      ) : null}
      {body}
    </div>
  );
}
