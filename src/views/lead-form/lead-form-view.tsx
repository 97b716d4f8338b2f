import * as Flow from '../shared/guided-flow.tsx';
import { DEFAULT_LANG, langFromTag } from '#domain/language.ts';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { LEAD_GOALS, LEAD_NEEDS } from '#domain/leads.ts';
import { bookingFromMessage, schedulerSrc } from '#machines/lead-form/lead-form.actors.ts';
import { leadFormMachine } from '#machines/lead-form/lead-form.machine.ts';
import { selectProgress, selectScreen } from '#machines/lead-form/lead-form.selectors.ts';

export type LeadFormActor = ActorRefFrom<typeof leadFormMachine>;

/** Minimum height of the embedded scheduler (SPEC section 9). */
export const SCHEDULER_MIN_HEIGHT = 700;

/** The lead form on a page: creates the chart and hands navigation to the page. */
export function LeadForm({ goToConfirmation }: { goToConfirmation: () => void }) {
  const intl = useIntl();
  const actor = useActorRef(
    leadFormMachine.provide({ actions: { goToConfirmation: () => goToConfirmation() } }),
    { input: { lang: langFromTag(intl.locale) ?? DEFAULT_LANG } },
  );
  return <LeadFormScreens actor={actor} />;
}

/** The embedded scheduler; listens for its booking message (same origin, this frame only). */
function Scheduler({ actor }: { actor: LeadFormActor }) {
  const intl = useIntl();
  const frame = useRef<HTMLIFrameElement>(null);
  const name = useSelector(actor, (s) => s.context.name);
  const email = useSelector(actor, (s) => s.context.email);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const booking = bookingFromMessage(event, {
        origin: window.location.origin,
        source: frame.current?.contentWindow,
      });
      if (booking) actor.send({ type: 'scheduler.booked', booking });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [actor]);
  return (
    <iframe
      ref={frame}
      className="lead-form__scheduler"
      title={intl.formatMessage({ id: 'leadForm.scheduler.frameTitle' })}
      src={schedulerSrc(name, email)}
      style={{ minHeight: SCHEDULER_MIN_HEIGHT }}
      height={SCHEDULER_MIN_HEIGHT}
    />
  );
}

/** Renders the lead-form chart's state; every control sends an event. */
export function LeadFormScreens({ actor }: { actor: LeadFormActor }) {
  const screen = useSelector(actor, selectScreen);
  const progress = useSelector(actor, selectProgress);
  const { canNext, canBack, submitting, failed, name, email } = Flow.useStep(actor);
  const goal = useSelector(actor, (s) => s.context.goal);
  const need = useSelector(actor, (s) => s.context.need);
  const send = actor.send;

  const heading = Flow.useFocusOnChange(screen);

  const onNext = () => send({ type: 'user.next' });
  const back = canBack ? (
    <Flow.BackButton messageId="leadForm.nav.back" onBack={() => send({ type: 'user.back' })} />
  ) : null;
  const actions = (
    <Flow.StepActions>
      {back}
      <Flow.NextButton messageId="leadForm.nav.next" disabled={!canNext} />
    </Flow.StepActions>
  );
  const title = (
    <h2 className="planner__title" ref={heading} tabIndex={-1}>
      <FormattedMessage id={`leadForm.${screen}.title`} values={{ name: name.trim() }} />
    </h2>
  );

  let body: ReactNode;
  switch (screen) {
    case 'intro':
      body = (
        <Flow.Start
          heading={title}
          textId="leadForm.intro.text"
          buttonId="leadForm.intro.start"
          onStart={() => send({ type: 'user.start' })}
        />
      );
      break;
    case 'details':
      body = (
        <Flow.ContactScreen
          title={title}
          idPrefix="lead"
          labels={{ name: 'leadForm.details.name', email: 'leadForm.details.email' }}
          name={name}
          email={email}
          send={send}
          note={
            <>
              <FormattedMessage id="leadForm.details.privacy" />{' '}
              <Link to="/legal/privacy-policy">
                <FormattedMessage id="leadForm.details.privacyLink" />
              </Link>
            </>
          }
          actions={actions}
          onNext={onNext}
        />
      );
      break;
    case 'goal':
      body = (
        <Flow.StepForm onNext={onNext}>
          {title}
          <Flow.ChoiceFieldset
            legend={<FormattedMessage id="leadForm.goal.question" />}
            name="lead-goal"
            options={LEAD_GOALS}
            chosen={goal}
            labelId={(value) => `leadForm.goal.${value}`}
            onChoose={(value) => send({ type: 'user.chooseGoal', goal: value })}
          />
          <Flow.ChoiceFieldset
            legend={<FormattedMessage id="leadForm.need.question" />}
            name="lead-need"
            options={LEAD_NEEDS}
            chosen={need}
            labelId={(value) => `leadForm.need.${value}`}
            onChoose={(value) => send({ type: 'user.chooseNeed', need: value })}
          />
          {actions}
        </Flow.StepForm>
      );
      break;
    case 'schedule':
      body = (
        <>
          {title}
          <p>
            <FormattedMessage id="leadForm.schedule.text" />
          </p>
          <Flow.StepActions>
            {back}
            <button
              type="button"
              className="button button--ghost"
              onClick={() => send({ type: 'user.bookLater' })}
            >
              <FormattedMessage id="leadForm.schedule.later" />
            </button>
            <button type="button" className="button" onClick={() => send({ type: 'user.bookNow' })}>
              <FormattedMessage id="leadForm.schedule.now" />
            </button>
          </Flow.StepActions>
        </>
      );
      break;
    case 'scheduler':
    case 'booked':
      body = (
        <>
          {title}
          <p>
            <FormattedMessage id="leadForm.scheduler.text" />
          </p>
          {screen === 'scheduler' ? <Scheduler actor={actor} /> : null}
          <Flow.StepActions>
            {back}
            {screen === 'scheduler' ? (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => send({ type: 'user.skipBooking' })}
              >
                <FormattedMessage id="leadForm.scheduler.skip" />
              </button>
            ) : null}
          </Flow.StepActions>
        </>
      );
      break;
    case 'consent':
      body = (
        <Flow.ConsentScreen
          title={title}
          ids={{
            text: 'leadForm.consent.text',
            decline: 'leadForm.consent.decline',
            accept: 'leadForm.consent.accept',
            saving: 'leadForm.consent.saving',
            failed: 'leadForm.consent.failed',
            retry: 'leadForm.consent.retry',
          }}
          submitting={submitting}
          failed={failed}
          onDecline={() => send({ type: 'user.declineConsent' })}
          onAccept={() => send({ type: 'user.acceptConsent' })}
          onRetry={() => send({ type: 'user.retry' })}
        />
      );
      break;
    case 'thankYou':
      body = <Flow.DoneScreen title={title} textId="leadForm.thankYou.text" />;
      break;
    case 'goodbye':
      body = (
        <Flow.DoneScreen
          title={title}
          textId="leadForm.goodbye.text"
          link={
            <Link to="/contact" className="button button--ghost">
              <FormattedMessage id="leadForm.goodbye.contact" />
            </Link>
          }
        />
      );
      break;
  }

  return (
    <div className="planner lead-form" data-lead-form-screen={screen}>
      {progress ? (
        <div className="planner__progress">
          <Flow.ProgressStep
            messageId="leadForm.progress.step"
            values={progress}
            percent={(progress.step / progress.of) * 100}
          />
        </div>
      ) : null}
      {body}
    </div>
  );
}
