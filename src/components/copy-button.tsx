import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { copyButtonMachine } from '#machines/shared/copy-button.machine.ts';

/** The message ids of one kind of Copy button (its label, "Copied!", and the failure note). */
export interface CopyButtonMessages {
  copy: string;
  copied: string;
  failed: string;
}

/**
 * Copies `text`; says "Copied!" for two seconds, or that copying failed. `labelId` (optional)
 * names what is copied for screen readers ("Copy IMAP server"), `{value}` being the text.
 */
export function CopyButton({
  text,
  messages,
  labelId,
  className = 'copy-button',
  disabled = false,
}: {
  text: string;
  messages: CopyButtonMessages;
  labelId?: string;
  className?: string;
  /** Nothing to copy yet. */
  disabled?: boolean;
}) {
  const intl = useIntl();
  const actor = useActorRef(copyButtonMachine);
  const state = useSelector(actor, (s) => s.value);
  const copied = state === 'copied';
  return (
    <span className={className}>
      <button
        type="button"
        className="button button--small"
        disabled={disabled}
        aria-label={
          labelId && !copied ? intl.formatMessage({ id: labelId }, { value: text }) : undefined
        }
        onClick={() => actor.send({ type: 'user.copy', text })}
      >
        <FormattedMessage id={copied ? messages.copied : messages.copy} />
      </button>
      <span role="status" className={`${className}-status`}>
        {state === 'failed' ? <FormattedMessage id={messages.failed} /> : null}
      </span>
    </span>
  );
}
