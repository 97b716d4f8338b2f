import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  QUESTIONS,
  SECTION_COUNT,
  SECTION_IDS,
  describeAnswer,
  isAnswered,
  questionsOf,
  sectionIndexOf,
  type Question,
  type QuestionId,
  type UploadRef,
} from '#domain/blueprint.ts';
import { optionById, type Lang } from '#domain/catalogue.ts';
import { isValidContactEmail } from '#domain/leads.ts';
import { blueprintMailto } from '#domain/links.ts';
import { splitRecommendations } from '#domain/recommendations.ts';
import { blueprintMachine } from '#machines/blueprint/blueprint.machine.ts';
import {
  selectAnswers,
  selectCompletedSections,
  selectDraftToken,
  selectIndex,
  selectIsBusy,
  selectIsLoading,
  selectIsSummary,
  selectProgressBand,
  selectQuestionsNotice,
  selectRecommendation,
  selectScore,
  selectScoreBand,
  selectSection,
  selectSummaryStatus,
} from '#machines/blueprint/blueprint.selectors.ts';
import type { BlueprintInput } from '#machines/blueprint/blueprint.types.ts';
import { domainCheckMachine } from '#machines/domain-check/domain-check.machine.ts';
import { readSavedDomainSelection } from '#machines/domain-check/domain-check.actors.ts';
import { planSelectionMachine } from '#machines/plan-selection/plan-selection.machine.ts';
import { readSavedToggles } from '#machines/plan-selection/plan-selection.actors.ts';
import { DomainStep } from '../order/domain-step.tsx';
import { PlanBuilder, PriceLabel } from '../order/plan-builder.tsx';
import { OrderSummary } from '../order/order-summary.tsx';
import { PagedCards } from '../shared/paged-cards.tsx';
import { QuestionField } from './question-field.tsx';
import { Confetti } from './confetti.tsx';

export type BlueprintActor = ActorRefFrom<typeof blueprintMachine>;

function Stepper({ actor }: { actor: BlueprintActor }) {
  const intl = useIntl();
  const index = useSelector(actor, selectIndex);
  const completed = useSelector(actor, selectCompletedSections, (a, b) => a.join() === b.join());
  const busy = useSelector(actor, selectIsBusy);
  const total = SECTION_COUNT + 1;
  const titles = [
    ...SECTION_IDS.map((id) => intl.formatMessage({ id: `blueprint.section.${id}.title` })),
    intl.formatMessage({ id: 'blueprint.stepper.summary' }),
  ];
  const go = (to: number) => actor.send({ type: 'user.goToSection', index: to });
  return (
    <nav
      className="blueprint-stepper"
      aria-label={intl.formatMessage({ id: 'blueprint.stepper.nav' })}
    >
      <label className="blueprint-stepper__select">
        <span className="visually-hidden">
          <FormattedMessage id="blueprint.stepper.select" />
        </span>
        <select value={index} disabled={busy} onChange={(e) => go(Number(e.target.value))}>
          {titles.map((title, i) => (
            <option key={i} value={i}>
              {`${intl.formatMessage({ id: 'blueprint.stepper.label' }, { current: i + 1, total })}: ${title}${completed[i] ? ' ✓' : ''}`}
            </option>
          ))}
        </select>
      </label>
      <ol className="blueprint-stepper__pills">
        {titles.map((title, i) => (
          <li key={i}>
            <button
              type="button"
              className={`blueprint-pill${i === index ? ' blueprint-pill--current' : ''}${completed[i] ? ' blueprint-pill--done' : ''}`}
              aria-current={i === index ? 'step' : undefined}
              disabled={busy}
              onClick={() => go(i)}
            >
              <span aria-hidden="true" className="blueprint-pill__mark">
                {completed[i] ? '✓' : i + 1}
              </span>
              {title}
              {completed[i] ? (
                <span className="visually-hidden">
                  {' '}
                  <FormattedMessage id="blueprint.stepper.completed" />
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Progress({ actor }: { actor: BlueprintActor }) {
  const intl = useIntl();
  const score = useSelector(actor, selectScore);
  const band = useSelector(actor, selectProgressBand);
  return (
    <div className="blueprint-progress">
      <div className="blueprint-progress__head">
        <span id="blueprint-progress-label">
          <FormattedMessage id="blueprint.progress.label" />
        </span>
        <strong>
          <FormattedMessage id="blueprint.progress.value" values={{ score }} />
        </strong>
      </div>
      <div
        className="blueprint-progress__track"
        role="progressbar"
        aria-labelledby="blueprint-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={intl.formatMessage({ id: 'blueprint.progress.value' }, { score })}
      >
        <span className="blueprint-progress__bar" style={{ width: `${score}%` }} />
      </div>
      <p className="blueprint-progress__copy" aria-live="polite">
        <FormattedMessage id={`blueprint.progress.${band}`} />
      </p>
    </div>
  );
}

function uploadCount(answers: Record<string, unknown>): number {
  return QUESTIONS.filter((q) => q.type === 'file' || q.type === 'multifile').reduce(
    (n, q) => n + (Array.isArray(answers[q.id]) ? (answers[q.id] as UploadRef[]).length : 0),
    0,
  );
}

function QuestionsNotice({ actor }: { actor: BlueprintActor }) {
  const notice = useSelector(actor, selectQuestionsNotice);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const sentTo = useSelector(actor, (s) => s.context.sentTo);
  let content: React.ReactNode = null;
  let kind = 'info';
  if (notice === 'resumed') content = <FormattedMessage id="blueprint.resume.loaded" />;
  if (notice === 'resumeNotFound') {
    kind = 'warning';
    content = <FormattedMessage id="blueprint.resume.notFound" />;
  }
  if (notice === 'uploading') content = <FormattedMessage id="blueprint.upload.uploading" />;
  if (notice === 'uploadRejected' && refusal) {
    kind = 'error';
    content = (
      <FormattedMessage
        id={`blueprint.upload.rejected.${refusal.reason}`}
        values={{ name: refusal.name }}
      />
    );
  }
  if (notice === 'uploadFailed') {
    kind = 'error';
    content = <FormattedMessage id="blueprint.upload.failed" />;
  }
  if (notice === 'savingDraft') content = <FormattedMessage id="blueprint.later.saving" />;
  if (notice === 'draftSaved') {
    kind = 'success';
    content = <FormattedMessage id="blueprint.later.sent" values={{ email: sentTo ?? '' }} />;
  }
  if (notice === 'draftFailed') {
    kind = 'error';
    content = <FormattedMessage id="blueprint.later.failed" />;
  }
  return (
    <div className="blueprint-notice-area" role="status">
      {content ? <p className={`blueprint-notice blueprint-notice--${kind}`}>{content}</p> : null}
    </div>
  );
}

function ContinueLater({ actor }: { actor: BlueprintActor }) {
  const intl = useIntl();
  const busy = useSelector(actor, selectIsBusy);
  const [email, setEmail] = useState('');
  const valid = isValidContactEmail(email);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) actor.send({ type: 'user.continueLater', email });
  };
  return (
    <form className="blueprint-later" onSubmit={submit} aria-labelledby="blueprint-later-title">
      <h2 id="blueprint-later-title" className="blueprint-later__title">
        <FormattedMessage id="blueprint.later.title" />
      </h2>
      <p>
        <FormattedMessage id="blueprint.later.text" />
      </p>
      <div className="blueprint-later__row">
        <label htmlFor="blueprint-later-email">
          <FormattedMessage id="blueprint.send.email" />
        </label>
        <input
          id="blueprint-later-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button button--ghost" disabled={busy || !valid}>
          {intl.formatMessage({ id: 'blueprint.later.submit' })}
        </button>
      </div>
    </form>
  );
}

function SectionForm({ actor }: { actor: BlueprintActor }) {
  const section = useSelector(actor, selectSection);
  const answers = useSelector(actor, selectAnswers);
  const index = useSelector(actor, selectIndex);
  const busy = useSelector(actor, selectIsBusy);
  const token = useSelector(actor, selectDraftToken);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // Moving to another step puts the keyboard at its heading (not on the first render).
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [index]);
  if (!section) return null;
  const count = uploadCount(answers);
  return (
    <section className="blueprint-section" aria-labelledby="blueprint-section-title">
      <h2 id="blueprint-section-title" ref={heading} tabIndex={-1}>
        <FormattedMessage id={`blueprint.section.${section}.title`} />
      </h2>
      <p className="blueprint-section__intro">
        <FormattedMessage id={`blueprint.section.${section}.intro`} />
      </p>
      <QuestionsNotice actor={actor} />
      {questionsOf(section).map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          value={answers[question.id as QuestionId]}
          disabled={busy}
          draftToken={token}
          uploadCount={count}
          onAnswer={(value) =>
            actor.send({ type: 'user.answer', questionId: question.id as QuestionId, value })
          }
          onUpload={(file) =>
            actor.send({ type: 'user.upload', questionId: question.id as QuestionId, file })
          }
          onRemoveUpload={(id) =>
            actor.send({ type: 'user.removeUpload', questionId: question.id as QuestionId, id })
          }
        />
      ))}
      <div className="blueprint-nav">
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || index === 0}
          onClick={() => actor.send({ type: 'user.previous' })}
        >
          <FormattedMessage id="blueprint.nav.previous" />
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => actor.send({ type: 'user.next' })}
        >
          <FormattedMessage
            id={index === SECTION_COUNT - 1 ? 'blueprint.nav.toSummary' : 'blueprint.nav.next'}
          />
        </button>
      </div>
      <ContinueLater actor={actor} />
    </section>
  );
}

function SummaryRow({ question, actor }: { question: Question; actor: BlueprintActor }) {
  const intl = useIntl();
  const answers = useSelector(actor, selectAnswers);
  const busy = useSelector(actor, selectIsBusy);
  const label = intl.formatMessage({ id: `blueprint.question.${question.id}.summary` });
  const answered = isAnswered(question, answers[question.id as QuestionId]);
  const text = describeAnswer(question, answers, (id) => intl.formatMessage({ id }), {
    yes: intl.formatMessage({ id: 'blueprint.summary.yes' }),
    no: intl.formatMessage({ id: 'blueprint.summary.no' }),
  });
  const go = () => actor.send({ type: 'user.goToSection', index: sectionIndexOf(question) });
  return (
    <div
      className={`blueprint-row${answered ? '' : ' blueprint-row--missing'}`}
      data-question={question.id}
    >
      <dt>{label}</dt>
      <dd>
        {answered ? (
          <span>{text}</span>
        ) : (
          <span className="blueprint-row__missing">
            <FormattedMessage id="blueprint.summary.missing" values={{ label }} />
          </span>
        )}{' '}
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          aria-label={`${intl.formatMessage({ id: answered ? 'blueprint.summary.edit' : 'blueprint.summary.fillNow' })}: ${label}`}
          onClick={go}
        >
          <FormattedMessage
            id={answered ? 'blueprint.summary.edit' : 'blueprint.summary.fillNow'}
          />
        </button>
      </dd>
    </div>
  );
}

function PlanCard({ actor, lang }: { actor: BlueprintActor; lang: Lang }) {
  const intl = useIntl();
  const recommendation = useSelector(
    actor,
    selectRecommendation,
    (a, b) => a.products.join() === b.products.join(),
  );
  // The plan card starts from the recommendation shown when the summary opened (SPEC 4).
  const [start] = useState(() => ({
    today: new Date(),
    savedToggles: readSavedToggles(),
    savedDomain: readSavedDomainSelection(),
  }));
  const plans = useActorRef(planSelectionMachine, {
    input: { recommended: recommendation.products, savedToggles: start.savedToggles },
  });
  const domain = useActorRef(domainCheckMachine, { input: { saved: start.savedDomain } });
  const split = splitRecommendations(recommendation.products, 'starter', 'blueprint');
  const names = recommendation.products.map((id) => optionById(id)?.displayName[lang] ?? id);
  const text = intl.formatMessage(
    { id: 'blueprint.plan.recommendationText' },
    { plans: intl.formatList(names, { type: 'conjunction' }) },
  );
  return (
    <section className="blueprint-plan" aria-labelledby="blueprint-plan-title">
      <h2 id="blueprint-plan-title">
        <FormattedMessage id="blueprint.plan.headline" />
      </h2>
      <p className="blueprint-plan__sub">
        <FormattedMessage id="blueprint.plan.subline" />
      </p>
      <p className="blueprint-plan__offer">
        <FormattedMessage id="blueprint.plan.offer" />
      </p>
      <div className="blueprint-plan__recommendations">
        <h3>
          <FormattedMessage id="blueprint.plan.recommendations" />
        </h3>
        {(['budgetBased', 'goalBased'] as const).map((group) =>
          split[group].length > 0 ? (
            <div key={group}>
              <h4>
                <FormattedMessage id={`blueprint.plan.${group}`} />
              </h4>
              <PagedCards
                cards={split[group]}
                cardKey={(id) => id}
                renderCard={(id) => (
                  <li>
                    {optionById(id)?.displayName[lang] ?? id}: <PriceLabel id={id} lang={lang} />
                  </li>
                )}
                labelId={`blueprint.plan.${group}`}
                className="blueprint-plan__cards"
              />
            </div>
          ) : null,
        )}
      </div>
      <PlanBuilder actor={plans} lang={lang} recommendation={text} />
      <DomainStep actor={domain} />
      <OrderSummary plans={plans} domain={domain} lang={lang} today={start.today} />
      <p className="blueprint-plan__tax">
        <FormattedMessage id="blueprint.plan.tax" />
      </p>
    </section>
  );
}

function SendForm({ actor }: { actor: BlueprintActor }) {
  const intl = useIntl();
  const status = useSelector(actor, selectSummaryStatus);
  const busy = useSelector(actor, selectIsBusy);
  const sentTo = useSelector(actor, (s) => s.context.sentTo);
  const score = useSelector(actor, selectScore);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [touched, setTouched] = useState(false);
  const valid = isValidContactEmail(email);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (valid) actor.send({ type: 'user.send', email, name, consent });
  };
  const mailto = blueprintMailto({
    subject: intl.formatMessage({ id: 'blueprint.send.mailSubject' }, { score }),
    body: intl.formatMessage({ id: 'blueprint.send.mailBody' }),
  });
  return (
    <form
      className="blueprint-send"
      onSubmit={submit}
      aria-labelledby="blueprint-send-title"
      noValidate
    >
      <h2 id="blueprint-send-title">
        <FormattedMessage id="blueprint.send.title" />
      </h2>
      <div className="blueprint-send__field">
        <label htmlFor="blueprint-send-email">
          <FormattedMessage id="blueprint.send.email" />
        </label>
        <input
          id="blueprint-send-email"
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={touched && !valid}
          aria-describedby={touched && !valid ? 'blueprint-send-email-error' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {touched && !valid ? (
          <p id="blueprint-send-email-error" className="blueprint-notice blueprint-notice--error">
            <FormattedMessage id="blueprint.send.invalidEmail" />
          </p>
        ) : null}
      </div>
      <div className="blueprint-send__field">
        <label htmlFor="blueprint-send-name">
          <FormattedMessage id="blueprint.send.name" />
        </label>
        <input
          id="blueprint-send-name"
          type="text"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <label className="blueprint-choice">
        <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        <span>
          <FormattedMessage id="blueprint.send.consent" />
        </span>
      </label>
      <p>
        <button type="submit" className="button" disabled={busy}>
          <FormattedMessage
            id={status === 'sending' ? 'blueprint.send.sending' : 'blueprint.send.submit'}
          />
        </button>{' '}
        <a href={mailto} className="blueprint-send__mailto">
          <FormattedMessage id="blueprint.send.mailLink" />
        </a>
      </p>
      <div role="status" className="blueprint-notice-area">
        {status === 'sent' ? (
          <p className="blueprint-notice blueprint-notice--success">
            <FormattedMessage id="blueprint.send.sent" values={{ email: sentTo ?? '' }} />
          </p>
        ) : null}
        {status === 'sendFailed' ? (
          <p className="blueprint-notice blueprint-notice--error">
            <FormattedMessage id="blueprint.send.failed" />
          </p>
        ) : null}
      </div>
    </form>
  );
}

function Summary({ actor, lang }: { actor: BlueprintActor; lang: Lang }) {
  const intl = useIntl();
  const score = useSelector(actor, selectScore);
  const band = useSelector(actor, selectScoreBand);
  const status = useSelector(actor, selectSummaryStatus);
  const busy = useSelector(actor, selectIsBusy);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="blueprint-summary" aria-labelledby="blueprint-summary-title">
      <h2 id="blueprint-summary-title" ref={heading} tabIndex={-1}>
        <FormattedMessage id="blueprint.summary.title" />
      </h2>
      <p className="blueprint-summary__score">
        <strong>
          <FormattedMessage id="blueprint.summary.score" values={{ score }} />
        </strong>{' '}
        <span className={`blueprint-summary__band blueprint-summary__band--${band}`}>
          <FormattedMessage id={`blueprint.score.${band}`} />
        </span>
      </p>
      {score >= 100 ? (
        <Confetti label={intl.formatMessage({ id: 'blueprint.confetti.label' })} />
      ) : null}
      <div className="blueprint-summary__actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => actor.send({ type: 'user.downloadPdf' })}
        >
          <FormattedMessage id="blueprint.pdf.download" />
        </button>
        <span role="status" className="blueprint-summary__pdf">
          {status === 'generatingPdf' ? <FormattedMessage id="blueprint.pdf.generating" /> : null}
          {status === 'pdfDownloaded' ? <FormattedMessage id="blueprint.pdf.ready" /> : null}
        </span>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => actor.send({ type: 'user.reset' })}
        >
          <FormattedMessage id="blueprint.nav.reset" />
        </button>
      </div>
      {SECTION_IDS.map((section) => (
        <details key={section} className="blueprint-summary__section" open>
          <summary>
            <FormattedMessage id={`blueprint.section.${section}.title`} />
          </summary>
          <dl>
            {questionsOf(section).map((question) => (
              <SummaryRow key={question.id} question={question} actor={actor} />
            ))}
          </dl>
        </details>
      ))}
      <SendForm actor={actor} />
      <PlanCard actor={actor} lang={lang} />
    </section>
  );
}

/**
 * The Blueprint 100 questionnaire: stepper, progress, the current section's questions (or the
 * summary with the plan card). It renders the blueprint chart's state and sends it events.
 */
export function BlueprintQuestionnaire({ actor, lang }: { actor: BlueprintActor; lang: Lang }) {
  const loading = useSelector(actor, selectIsLoading);
  const summary = useSelector(actor, selectIsSummary);
  return (
    <div className="blueprint" aria-busy={loading}>
      <Stepper actor={actor} />
      <Progress actor={actor} />
      {loading ? null : summary ? (
        <Summary actor={actor} lang={lang} />
      ) : (
        <SectionForm actor={actor} />
      )}
    </div>
  );
}

/** The page's interactive part: the chart with the visitor's saved state, rendered. */
export function BlueprintView({
  lang,
  input,
  machine,
}: {
  lang: Lang;
  input: BlueprintInput;
  machine?: typeof blueprintMachine;
}) {
  const actor = useActorRef(machine ?? blueprintMachine, { input });
  return <BlueprintQuestionnaire actor={actor} lang={lang} />;
}
