import { FormattedMessage, useIntl } from 'react-intl';
import {
  smartAnswerLines,
  type SmartAnswerSource,
  type SmartLeadFormAnswers,
} from '#domain/smart-answers.ts';

/** "the smart quiz and the lead form": the flows whose answers a record holds, in words. */
export function useSmartSourceList(sources: readonly SmartAnswerSource[]): string {
  const intl = useIntl();
  return intl.formatList(
    sources.map((source) => intl.formatMessage({ id: `smartAnswers.source.${source}` })),
    { type: 'conjunction' },
  );
}

/** Staff: the answers a visitor gave in the planner, the quiz or the lead form, question by question. */
export function SmartAnswersList({ record }: { record: SmartLeadFormAnswers | null }) {
  const intl = useIntl();
  const groups = record ? smartAnswerLines(record) : [];
  if (groups.length === 0)
    return (
      <span className="smart-answers smart-answers--none">
        <FormattedMessage id="smartAnswers.none" />
      </span>
    );
  return (
    <div className="smart-answers">
      {groups.map(({ source, lines }) => (
        <section key={source} className="smart-answers__group">
          <h4 className="smart-answers__heading">
            <FormattedMessage
              id="smartAnswers.heading"
              values={{ source: intl.formatMessage({ id: `smartAnswers.source.${source}` }) }}
            />
          </h4>
          <dl className="smart-answers__lines">
            {lines.map((line) => (
              <div key={line.questionId}>
                <dt>
                  <FormattedMessage id={line.questionId} />
                </dt>
                <dd>
                  <FormattedMessage id={line.valueId} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
