import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Lang } from '#domain/language.ts';
import { groupedSecret, qrImageSrc } from '#machines/account/two-factor.actors.ts';
import { twoFactorSetupMachine } from '#machines/account/two-factor.machine.ts';
import { CopyButton } from '../../components/copy-button.tsx';

const COPY_MESSAGES = {
  copy: 'twoFactor.setup.copy',
  copied: 'twoFactor.setup.copied',
  failed: 'twoFactor.setup.copyFailed',
};

/**
 * "Two-step sign-in": turns on the second factor (twoFactorSetupMachine). The QR code to scan, and
 * the secret as text in groups of four with the otpauth URL for those who cannot scan; the
 * recovery codes are shown once.
 * `onDone` runs once the person has said the codes are saved. Staff meet it in the overview
 * (required there), clients in their account settings (optional).
 */
export function TwoFactorSetup({
  lang,
  onDone,
  optional = false,
  className = 'two-factor',
}: {
  lang: Lang;
  onDone?: () => void;
  /** The client area: says two-step sign-in is optional there (staff must use it). */
  optional?: boolean;
  /** The section's class (the client area gives it its card). */
  className?: string;
}) {
  const id = useId();
  const intl = useIntl();
  const actor = useActorRef(twoFactorSetupMachine, { input: { lang } });
  const state = useSelector(actor, (s) => s);
  const { secret, code, recoveryCodes, errorText, errorId } = state.context;
  const done = state.matches('done');
  useEffect(() => {
    if (done) onDone?.();
  }, [done, onDone]);

  const error =
    errorText || errorId ? (
      <p role="alert" className="two-factor__error">
        {errorText ?? <FormattedMessage id={errorId ?? ''} />}
      </p>
    ) : null;

  return (
    <section className={className} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="twoFactor.setup.title" />
      </h2>
      {optional ? (
        <p className="two-factor__optional">
          <FormattedMessage id="twoFactor.setup.optional" />
        </p>
      ) : null}
      {state.matches('idle') || state.matches('creating') || state.matches('createFailed') ? (
        <>
          <p>
            <FormattedMessage id="twoFactor.setup.intro" />
          </p>
          {error}
          <button
            type="button"
            className="button"
            disabled={state.matches('creating')}
            onClick={() => actor.send({ type: 'user.start' })}
          >
            <FormattedMessage
              id={state.matches('createFailed') ? 'twoFactor.setup.retry' : 'twoFactor.setup.start'}
            />
          </button>
        </>
      ) : null}
      {(state.matches('enteringCode') || state.matches('enabling')) && secret ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.submit' });
          }}
        >
          {secret.qrSvg ? (
            <>
              <p>
                <FormattedMessage id="twoFactor.setup.scan" />
              </p>
              <img
                className="two-factor__qr"
                src={qrImageSrc(secret.qrSvg)}
                width={200}
                height={200}
                alt={intl.formatMessage({ id: 'twoFactor.setup.qrAlt' })}
              />
            </>
          ) : null}
          <p>
            <FormattedMessage id="twoFactor.setup.enterKey" />
          </p>
          <p className="two-factor__secret">
            <code data-testid="two-factor-secret">{groupedSecret(secret.secret)}</code>{' '}
            <CopyButton text={secret.secret} messages={COPY_MESSAGES} />
          </p>
          <p className="two-factor__url">
            <FormattedMessage id="twoFactor.setup.urlLabel" />{' '}
            <code data-testid="two-factor-url">{secret.otpauthUrl}</code>
          </p>
          <label htmlFor={`${id}-code`}>
            <FormattedMessage id="twoFactor.setup.codeLabel" />
          </label>
          <input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            disabled={state.matches('enabling')}
            onChange={(e) => actor.send({ type: 'user.changeCode', value: e.target.value })}
          />
          {error}
          <button type="submit" className="button" disabled={state.matches('enabling')}>
            <FormattedMessage id="twoFactor.setup.enable" />
          </button>
        </form>
      ) : null}
      {state.matches('showingCodes') ? (
        <>
          <p role="status">
            <FormattedMessage id="twoFactor.setup.enabled" />
          </p>
          <p>
            <strong>
              <FormattedMessage id="twoFactor.setup.saveCodes" />
            </strong>
          </p>
          <ul className="two-factor__codes" data-testid="recovery-codes">
            {recoveryCodes.map((value) => (
              <li key={value}>
                <code>{value}</code>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button"
            onClick={() => actor.send({ type: 'user.confirmSaved' })}
          >
            <FormattedMessage id="twoFactor.setup.saved" />
          </button>
        </>
      ) : null}
      {done ? (
        <p role="status">
          <FormattedMessage id="twoFactor.setup.done" />
        </p>
      ) : null}
    </section>
  );
}
