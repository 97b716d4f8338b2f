import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { copyButtonMachine } from '#machines/staff/copy-button.machine.ts';

/** Copies `text`; says "Copied!" for two seconds, or that copying failed. */
export function CopyButton({ text }: { text: string }) {
  const actor = useActorRef(copyButtonMachine);
  const state = useSelector(actor, (s) => s.value);
  return (
    <span className="dashboard-links__copy">
      <button
        type="button"
        className="button button--small"
        onClick={() => actor.send({ type: 'user.copy', text })}
      >
        <FormattedMessage
          id={state === 'copied' ? 'dashboard.links.copied' : 'dashboard.links.copy'}
        />
      </button>
      <span role="status" className="dashboard-links__copy-status">
        {state === 'failed' ? <FormattedMessage id="dashboard.links.copyFailed" /> : null}
      </span>
    </span>
  );
}
