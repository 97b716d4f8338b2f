import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  SECTION_IDS,
  describeAnswer,
  isAnswered,
  questionsOf,
  sectionIndexOf,
  type Question,
  type QuestionId,
} from '#domain/blueprint.ts';
import { optionById, type Lang } from '#domain/catalogue.ts';
import { isValidContactEmail } from '#domain/leads.ts';
import { blueprintMailto } from '#domain/links.ts';
import { splitRecommendations } from '#domain/recommendations.ts';
import {
  selectAnswers,
  selectIsBusy,
  selectRecommendation,
  selectScore,
  selectScoreBand,
  selectSummaryStatus,
} from '#machines/blueprint/blueprint.selectors.ts';
import { domainCheckMachine } from '#machines/domain-check/domain-check.machine.ts';
import { readSavedDomainSelection } from '#machines/shared/domain-selection.ts';
import { planSelectionMachine } from '#machines/plan-selection/plan-selection.machine.ts';
import { readSavedToggles } from '#machines/plan-selection/plan-selection.actors.ts';
import { DomainStep } from '../order/domain-step.tsx';
import { PlanBuilder, PriceLabel } from '../order/plan-builder.tsx';
import { QuotedOrderSummary } from '../order/order-summary.tsx';
import { FormField } from '../shared/form-field.tsx';
import { PagedCards } from '../shared/paged-cards.tsx';
import type { BlueprintActor } from './blueprint-view.tsx';
import { Confetti } from './confetti.tsx';

/**
 * The Blueprint 100 summary: the score, every answer with a way back to its question, the PDF,
 * sending the blueprint by mail, and the plan card with the recommendation.
 */

function SummaryRow({
  question,
  actor,
  onEdit,
}: {
  question: Question;
  actor: BlueprintActor;
  /** Tells the questionnaire which question the section should put the keyboard on. */
  onEdit: (questionId: string) => void;
}) {
  const intl = useIntl();
  const answers = useSelector(actor, selectAnswers);
  const busy = useSelector(actor, selectIsBusy);
  const label = intl.formatMessage({ id: `blueprint.question.${question.id}.summary` });
  const answered = isAnswered(question, answers[question.id as QuestionId]);
  const text = describeAnswer(question, answers, (id) => intl.formatMessage({ id }), {
    yes: intl.formatMessage({ id: 'blueprint.summary.yes' }),
    no: intl.formatMessage({ id: 'blueprint.summary.no' }),
  });
  const go = () => {
    onEdit(question.id);
    actor.send({ type: 'user.goToSection', index: sectionIndexOf(question) });
  };
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
      <p className="blueprint-plan__kor">
        <FormattedMessage id="blueprint.plan.kor" />
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
      <QuotedOrderSummary
        plans={plans}
        domain={domain}
        lang={lang}
        today={start.today}
        finalizeId="blueprint.plan.signup"
      />
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
      <FormField
        id="blueprint-send-email"
        labelId="blueprint.send.email"
        error={touched && !valid ? 'blueprint.send.invalidEmail' : undefined}
        block="blueprint-send"
        errorClassName="blueprint-notice blueprint-notice--error"
      >
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </FormField>
      <FormField id="blueprint-send-name" labelId="blueprint.send.name" block="blueprint-send">
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
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

export function Summary({
  actor,
  lang,
  onLeave,
}: {
  actor: BlueprintActor;
  lang: Lang;
  /** Called when the summary is left for a section (the question to focus there, or null). */
  onLeave: (questionId: string | null) => void;
}) {
  const intl = useIntl();
  const score = useSelector(actor, selectScore);
  const band = useSelector(actor, selectScoreBand);
  const status = useSelector(actor, selectSummaryStatus);
  const busy = useSelector(actor, selectIsBusy);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Left by the stepper or "Previous": the section's heading gets the keyboard.
  useEffect(() => onLeave(null), [onLeave]);
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
              <SummaryRow key={question.id} question={question} actor={actor} onEdit={onLeave} />
            ))}
          </dl>
        </details>
      ))}
      <SendForm actor={actor} />
      <PlanCard actor={actor} lang={lang} />
    </section>
  );
}
