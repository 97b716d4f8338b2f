import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { QUESTIONS, SECTION_IDS, acceptSavedAnswers, describeAnswer } from '#domain/blueprint.ts';
import { formatDate } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { optionById } from '#domain/catalogue.ts';
import { parseSmartAnswers } from '#domain/smart-answers.ts';
import { staffLeadMachine } from '#machines/blueprint/staff-lead.machine.ts';
import { SmartAnswersList } from '../shared/smart-answers.tsx';
import '../../styles/blueprint.css';

export type StaffLeadActor = ActorRefFrom<typeof staffLeadMachine>;

/** Staff: one lead with everything it carried (answers, score, uploads, PDF). */
export function StaffLead({ id, lang }: { id: string; lang: Lang }) {
  const actor = useActorRef(staffLeadMachine, { input: { id } });
  return <StaffLeadScreen actor={actor} lang={lang} />;
}

/** Renders the staff-lead chart: loading, not found, failed with Retry, or the lead. */
export function StaffLeadScreen({ actor, lang }: { actor: StaffLeadActor; lang: Lang }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s.value);
  const data = useSelector(actor, (s) => s.context.lead);
  if (state === 'loading')
    return (
      <p role="status">
        <FormattedMessage id="dashboard.lead.loading" />
      </p>
    );
  if (state === 'notFound')
    return (
      <p role="status">
        <FormattedMessage id="dashboard.lead.notFound" />
      </p>
    );
  if (state === 'failed' || !data)
    return (
      <p role="status">
        <FormattedMessage id="dashboard.lead.failed" />{' '}
        <button
          type="button"
          className="button button--small"
          onClick={() => actor.send({ type: 'user.retry' })}
        >
          <FormattedMessage id="dashboard.lead.retry" />
        </button>
      </p>
    );
  const { lead, blueprint } = data;
  const answers = acceptSavedAnswers(blueprint?.answers ?? lead.answers).answers;
  const t = (messageId: string) => intl.formatMessage({ id: messageId });
  // Planner, quiz and lead-form answers read as questions and chosen answers.
  const plannedAnswers =
    lead.source === 'blueprint' ? null : parseSmartAnswers({ [lead.source]: lead.answers });
  return (
    <article className="staff-lead" aria-labelledby="staff-lead-title">
      <h2 id="staff-lead-title">{lead.name}</h2>
      <dl className="staff-lead__facts">
        <dt>
          <FormattedMessage id="dashboard.lead.email" />
        </dt>
        <dd>
          <a href={`mailto:${lead.email}`}>{lead.email}</a>
        </dd>
        <dt>
          <FormattedMessage id="dashboard.lead.source" />
        </dt>
        <dd>
          <FormattedMessage id={`dashboard.leadSource.${lead.source}`} />
        </dd>
        <dt>
          <FormattedMessage id="dashboard.lead.created" />
        </dt>
        <dd>{formatDate(new Date(lead.createdAt), lang, 'long')}</dd>
        <dt>
          <FormattedMessage id="dashboard.lead.consent" />
        </dt>
        <dd>
          {lead.consentAt
            ? formatDate(new Date(lead.consentAt), lang, 'long')
            : t('blueprint.summary.no')}
        </dd>
        {blueprint ? (
          <>
            <dt>
              <FormattedMessage id="dashboard.lead.score" />
            </dt>
            <dd>{blueprint.score} / 100</dd>
            <dt>
              <FormattedMessage id="dashboard.lead.pdf" />
            </dt>
            <dd>
              <a href={blueprint.pdf.url} target="_blank" rel="noopener">
                {blueprint.pdf.filename}
              </a>
            </dd>
          </>
        ) : null}
        <dt>
          <FormattedMessage id="dashboard.lead.recommended" />
        </dt>
        <dd>
          {lead.recommendedProducts.map((p) => optionById(p)?.displayName[lang] ?? p).join(', ') ||
            '-'}
        </dd>
      </dl>
      {blueprint && blueprint.uploads.length > 0 ? (
        <section aria-labelledby="staff-lead-uploads">
          <h3 id="staff-lead-uploads">
            <FormattedMessage id="dashboard.lead.uploads" />
          </h3>
          <ul className="staff-lead__uploads">
            {blueprint.uploads.map((upload) => (
              <li key={upload.id}>
                <a href={upload.url} target="_blank" rel="noopener">
                  <img src={upload.url} alt="" width={96} height={96} /> {upload.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="staff-lead-answers">
        <h3 id="staff-lead-answers">
          <FormattedMessage id="dashboard.lead.answers" />
        </h3>
        {lead.source === 'blueprint' ? (
          SECTION_IDS.map((section) => (
            <div key={section}>
              <h4>{t(`blueprint.section.${section}.title`)}</h4>
              <dl>
                {QUESTIONS.filter((q) => q.section === section).map((q) => (
                  <div key={q.id}>
                    <dt>{t(`blueprint.question.${q.id}.summary`)}</dt>
                    <dd>{describeAnswer(q, answers, t) || '-'}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))
        ) : plannedAnswers ? (
          <SmartAnswersList record={plannedAnswers} />
        ) : (
          <dl>
            {Object.entries(lead.answers).map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{Array.isArray(value) ? value.join(', ') : String(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </article>
  );
}
