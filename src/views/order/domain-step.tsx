import { useSelector } from '@xstate/react';
import { memo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { domainCheckMachine } from '#machines/domain-check/domain-check.machine.ts';
import {
  selectFlowState,
  selectInput,
  selectIsChecking,
  selectIsNotYours,
  selectIsTaken,
  selectMessage,
  selectOutcome,
  selectSuggestions,
  selectDomainName,
  selectTransferDecision,
} from '#machines/domain-check/domain-check.selectors.ts';
import type { DomainCheckMessage } from '#machines/domain-check/domain-check.types.ts';
import { useFocusStaysIn } from '../shared/form-field.tsx';

export type DomainCheckActor = ActorRefFrom<typeof domainCheckMachine>;

function MessageLine({ message }: { message: DomainCheckMessage }) {
  switch (message.kind) {
    case 'validation':
      return (
        <p className="order-domain__message order-domain__message--error">
          <FormattedMessage id={message.key} values={message.values} />
        </p>
      );
    case 'checkFailed':
      return (
        <p className="order-domain__message order-domain__message--error">
          <FormattedMessage id="order.domain.checkFailed" />
        </p>
      );
    case 'skipped':
      return (
        <p className="order-domain__message order-domain__message--warning">
          <FormattedMessage id="order.domain.skipped" />
        </p>
      );
  }
}

function Choice({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className="button button--ghost button--small" onClick={onClick}>
      {children}
    </button>
  );
}

/** Step 2 (SPEC 2 screen 9): renders the domain-check chart and sends the visitor's gestures. */
function DomainStepView({ actor }: { actor: DomainCheckActor }) {
  const intl = useIntl();
  const input = useSelector(actor, selectInput);
  const checking = useSelector(actor, selectIsChecking);
  const message = useSelector(actor, selectMessage);
  const suggestions = useSelector(actor, selectSuggestions, (a, b) => a.join() === b.join());
  const flowState = useSelector(actor, selectFlowState);
  const outcome = useSelector(actor, selectOutcome);
  const domain = useSelector(actor, selectDomainName);
  const transferDecision = useSelector(actor, selectTransferDecision);
  const taken = useSelector(actor, selectIsTaken);
  const notYours = useSelector(actor, selectIsNotYours);
  const invalid = message?.kind === 'validation';
  // A choice that ends the question it answered ("skip", "continue without", "consult") leaves
  // with its button: the keyboard goes on at what the step now says, not at the page's top. Only
  // when the focus was in the step: the page's load and a restored choice move nothing.
  const focus = useFocusStaysIn<HTMLElement>(flowState, '#order-domain-feedback');

  return (
    <section className="order-step order-domain" aria-labelledby="order-domain-title" {...focus}>
      <h2 id="order-domain-title" className="order-step__title">
        <span className="order-step__number" aria-hidden="true">
          2
        </span>
        <FormattedMessage id="order.steps.domain" />
      </h2>
      <p className="order-step__intro">
        <FormattedMessage id="order.domain.intro" />
      </p>
      <form
        className="order-domain__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'user.check' });
        }}
      >
        <label htmlFor="order-domain-input" className="order-domain__label">
          <FormattedMessage id="order.domain.label" />
        </label>
        <div className="order-domain__row">
          <input
            id="order-domain-input"
            className="order-domain__input"
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={intl.formatMessage({ id: 'order.domain.placeholder' })}
            value={input}
            aria-invalid={invalid}
            aria-describedby="order-domain-feedback"
            onChange={(event) => actor.send({ type: 'user.type', value: event.target.value })}
          />
          <button type="submit" className="button" disabled={checking}>
            <FormattedMessage id={checking ? 'order.domain.checking' : 'order.domain.check'} />
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'user.pickSample' })}
          >
            <FormattedMessage id="order.domain.random" />
          </button>
        </div>
        {suggestions.length > 0 ? (
          <div className="order-domain__suggestions">
            <span id="order-domain-suggestions">
              <FormattedMessage id="order.domain.suggestions" />
            </span>
            <ul aria-labelledby="order-domain-suggestions">
              {suggestions.map((suggestion) => (
                <li key={suggestion}>
                  <button
                    type="button"
                    className="order-domain__suggestion"
                    onClick={() => actor.send({ type: 'user.type', value: suggestion })}
                  >
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </form>

      <div
        id="order-domain-feedback"
        className="order-domain__feedback"
        role="status"
        tabIndex={-1}
      >
        {message ? <MessageLine message={message} /> : null}
        {flowState === 'available' ? (
          <p className="order-domain__message order-domain__message--success">
            <FormattedMessage id="order.domain.available" values={{ domain }} />
          </p>
        ) : null}
        {taken ? (
          <p className="order-domain__message order-domain__message--error">
            <FormattedMessage id="order.domain.taken" values={{ domain }} />
          </p>
        ) : null}
        {outcome ? (
          <p className="order-domain__outcome">
            <FormattedMessage id={`order.domain.outcome.${outcome}`} values={{ domain }} />
          </p>
        ) : null}
      </div>

      {message?.kind === 'checkFailed' ? (
        <div className="order-domain__question">
          <p>
            <FormattedMessage
              id="order.domain.checkFailedOwn"
              values={{ domain: domain || input.trim() }}
            />
          </p>
          <div className="order-domain__choices">
            <Choice onClick={() => actor.send({ type: 'user.claimOwnership' })}>
              <FormattedMessage id="order.domain.alreadyOwn" />
            </Choice>
          </div>
        </div>
      ) : null}
      {flowState === 'taken-other' ? (
        <div className="order-domain__question">
          <p>
            <FormattedMessage id="order.domain.ownQuestion" values={{ domain }} />
          </p>
          <div className="order-domain__choices">
            <Choice onClick={() => actor.send({ type: 'user.answerOwnership', owns: true })}>
              <FormattedMessage id="order.domain.yes" />
            </Choice>
            <Choice onClick={() => actor.send({ type: 'user.answerOwnership', owns: false })}>
              <FormattedMessage id="order.domain.no" />
            </Choice>
          </div>
        </div>
      ) : null}
      {flowState === 'taken-own-manage' ? (
        <div className="order-domain__question">
          <p>
            <FormattedMessage id="order.domain.transferQuestion" values={{ domain }} />
          </p>
          <div className="order-domain__choices">
            <button
              type="button"
              className="button button--small"
              aria-pressed={transferDecision === true}
              onClick={() => actor.send({ type: 'user.chooseTransfer' })}
            >
              <FormattedMessage id="order.domain.transfer" />
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              aria-pressed={transferDecision === false}
              onClick={() => actor.send({ type: 'user.chooseKeep' })}
            >
              <FormattedMessage id="order.domain.keep" />
            </button>
          </div>
        </div>
      ) : null}
      {notYours ? (
        <div className="order-domain__question">
          <p>
            <FormattedMessage id="order.domain.notYours" />
          </p>
          <div className="order-domain__choices">
            <Choice onClick={() => actor.send({ type: 'user.restart' })}>
              <FormattedMessage id="order.domain.tryAnother" />
            </Choice>
            <Choice onClick={() => actor.send({ type: 'user.skip' })}>
              <FormattedMessage id="order.domain.continueWithout" />
            </Choice>
          </div>
        </div>
      ) : null}

      <div className="order-domain__actions">
        <Choice onClick={() => actor.send({ type: 'user.restart' })}>
          <FormattedMessage id="order.domain.restart" />
        </Choice>
        {flowState !== 'deferred' ? (
          <Choice onClick={() => actor.send({ type: 'user.skip' })}>
            <FormattedMessage id="order.domain.skip" />
          </Choice>
        ) : null}
        {flowState !== 'deferred-with-consultation' ? (
          <Choice onClick={() => actor.send({ type: 'user.consult' })}>
            <FormattedMessage id="order.domain.consult" />
          </Choice>
        ) : null}
      </div>
      <p className="order-domain__note">
        <FormattedMessage id="order.domain.registryNote" />
      </p>
    </section>
  );
}

/** Step 2. Memoised as the plan builder is: it renders again only for its own actor's changes. */
export const DomainStep = memo(DomainStepView);
