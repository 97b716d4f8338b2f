import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  QUESTIONS,
  SECTION_COUNT,
  SECTION_IDS,
  questionsOf,
  type QuestionId,
  type UploadRef,
} from '#domain/blueprint.ts';
import type { Lang } from '#domain/catalogue.ts';
import { isValidContactEmail } from '#domain/leads.ts';
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
  type QuestionsNotice,
  selectScore,
  selectSection,
} from '#machines/blueprint/blueprint.selectors.ts';
import type { BlueprintInput } from '#machines/blueprint/blueprint.types.ts';
import { QuestionField } from './question-field.tsx';
import { Summary } from './blueprint-summary.tsx';
import '../../styles/blueprint.css';

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

/** How each notice of the questions looks and what it says (an upload refusal says why). */
const NOTICES = {
  resumed: ['info', 'blueprint.resume.loaded'],
  resumeNotFound: ['warning', 'blueprint.resume.notFound'],
  uploading: ['info', 'blueprint.upload.uploading'],
  uploadFailed: ['error', 'blueprint.upload.failed'],
  savingDraft: ['info', 'blueprint.later.saving'],
  draftSaved: ['success', 'blueprint.later.sent'],
  draftFailed: ['error', 'blueprint.later.failed'],
} as const satisfies Record<Exclude<QuestionsNotice, 'uploadRejected' | null>, readonly string[]>;

/** The notices of "continue later": shown by its own form, where the visitor is looking. */
const LATER_NOTICES: ReadonlySet<QuestionsNotice> = new Set([
  'savingDraft',
  'draftSaved',
  'draftFailed',
]);

/** A notice of NOTICES as a paragraph (the address the link went to filled in). */
function NoticeLine({ actor, notice }: { actor: BlueprintActor; notice: keyof typeof NOTICES }) {
  const sentTo = useSelector(actor, (s) => s.context.sentTo);
  const [look, id] = NOTICES[notice];
  return (
    <p className={`blueprint-notice blueprint-notice--${look}`}>
      <FormattedMessage id={id} values={{ email: sentTo ?? '' }} />
    </p>
  );
}

function QuestionsNotice({ actor }: { actor: BlueprintActor }) {
  const notice = useSelector(actor, selectQuestionsNotice);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  let content: React.ReactNode = null;
  let kind = 'info';
  if (notice === 'uploadRejected') {
    if (refusal) {
      kind = 'error';
      content = (
        <FormattedMessage
          id={`blueprint.upload.rejected.${refusal.reason}`}
          values={{ name: refusal.name }}
        />
      );
    }
  }
  return (
    <div className="blueprint-notice-area" role="status">
      {content ? <p className={`blueprint-notice blueprint-notice--${kind}`}>{content}</p> : null}
      {notice && notice !== 'uploadRejected' && !LATER_NOTICES.has(notice) ? (
        <NoticeLine actor={actor} notice={notice} />
      ) : null}
    </div>
  );
}

function ContinueLater({ actor }: { actor: BlueprintActor }) {
  const intl = useIntl();
  const busy = useSelector(actor, selectIsBusy);
  const notice = useSelector(actor, selectQuestionsNotice);
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
      {/* Saving, sent or failed: said under the button that asked, not at the section's top. */}
      <div className="blueprint-later__status" role="status">
        {notice && notice !== 'uploadRejected' && LATER_NOTICES.has(notice) ? (
          <NoticeLine actor={actor} notice={notice} />
        ) : null}
      </div>
    </form>
  );
}

/**
 * Where the keyboard goes when a section takes the summary's place: the question an "Edit" or
 * "Fill now" named (`question`), else the section's heading. Null on the page's first render.
 */
type ReturnFromSummary = { current: { question: string | null } | null };

function SectionForm({
  actor,
  fromSummaryRef,
}: {
  actor: BlueprintActor;
  fromSummaryRef: ReturnFromSummary;
}) {
  const section = useSelector(actor, selectSection);
  const answers = useSelector(actor, selectAnswers);
  const index = useSelector(actor, selectIndex);
  const busy = useSelector(actor, selectIsBusy);
  const token = useSelector(actor, selectDraftToken);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // Moving to another step puts the keyboard at its heading (not on the page's first render);
    // coming from the summary, at the question asked for. Focusing scrolls it into view.
    if (first.current) {
      first.current = false;
      const from = fromSummaryRef.current;
      fromSummaryRef.current = null;
      if (!from) return;
      const question = from.question
        ? form.current?.querySelector(`[data-question="${from.question}"]`)
        : null;
      const field = question?.querySelector<HTMLElement>('input, select, textarea, button');
      (field ?? heading.current)?.focus();
      return;
    }
    heading.current?.focus();
  }, [index, fromSummaryRef]);
  if (!section) return null;
  const count = uploadCount(answers);
  return (
    <section ref={form} className="blueprint-section" aria-labelledby="blueprint-section-title">
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

/**
 * The Blueprint 100 questionnaire: stepper, progress, the current section's questions (or the
 * summary with the plan card). It renders the blueprint chart's state and sends it events.
 */
export function BlueprintQuestionnaire({ actor, lang }: { actor: BlueprintActor; lang: Lang }) {
  const loading = useSelector(actor, selectIsLoading);
  const summary = useSelector(actor, selectIsSummary);
  const fromSummary = useRef<{ question: string | null } | null>(null);
  const leaveSummary = useCallback((question: string | null) => {
    fromSummary.current = { question };
  }, []);
  return (
    <div className="blueprint" aria-busy={loading}>
      <Stepper actor={actor} />
      <Progress actor={actor} />
      {loading ? null : summary ? (
        <Summary actor={actor} lang={lang} onLeave={leaveSummary} />
      ) : (
        <SectionForm actor={actor} fromSummaryRef={fromSummary} />
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
