import { FormattedMessage } from 'react-intl';

/** A list that could not be loaded: its message (role=alert) and a retry button. */
export function LoadFailed({ messageId, onRetry }: { messageId: string; onRetry: () => void }) {
  return (
    <p role="alert">
      <FormattedMessage id={messageId} />{' '}
      <button type="button" className="button button--ghost button--small" onClick={onRetry}>
        <FormattedMessage id="account.area.retry" />
      </button>
    </p>
  );
}
