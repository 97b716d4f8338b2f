import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface ConsentActionsProps {
  /** Message ids of this flow's consent step. */
  ids: {
    decline: string;
    accept: string;
    saving: string;
    failed: string;
    continue?: string;
    retry: string;
  };
  submitting: boolean;
  failed: boolean;
  back?: ReactNode;
  onDecline(): void;
  onAccept(): void;
  /**
   * Continue without saving, offered after a failure (planner, quiz). A flow without it (the lead
   * form) keeps Decline as the way out of a failure.
   */
  onContinue?: () => void;
  onRetry(): void;
}

/**
 * The consent step of the planner, the quiz and the lead form: accept or decline, the saving
 * status, and when storing the lead failed, retry (or continue without saving, where the flow
 * offers it). The flows send their own events.
 */
export function ConsentActions({
  ids,
  submitting,
  failed,
  back,
  onDecline,
  onAccept,
  onContinue,
  onRetry,
}: ConsentActionsProps) {
  return (
    <>
      <div className="planner__actions">
        {back}
        <button
          type="button"
          className="button button--ghost"
          disabled={submitting || (failed && onContinue !== undefined)}
          onClick={onDecline}
        >
          <FormattedMessage id={ids.decline} />
        </button>
        <button type="button" className="button" disabled={submitting || failed} onClick={onAccept}>
          <FormattedMessage id={ids.accept} />
        </button>
      </div>
      <p className="planner__status" role="status">
        {submitting ? <FormattedMessage id={ids.saving} /> : null}
      </p>
      {failed ? (
        <div className="planner__error" role="alert">
          <p>
            <FormattedMessage id={ids.failed} />
          </p>
          <div className="planner__actions">
            {onContinue && ids.continue ? (
              <button type="button" className="button button--ghost" onClick={onContinue}>
                <FormattedMessage id={ids.continue} />
              </button>
            ) : null}
            <button type="button" className="button" onClick={onRetry}>
              <FormattedMessage id={ids.retry} />
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
