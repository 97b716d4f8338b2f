import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { loginMachine } from '#machines/auth/login.machine.ts';
import {
  selectIsSubmitting,
  selectLoginAlert,
  selectLoginStep,
} from '#machines/auth/login.selectors.ts';

/** Leaves for the next page with a full load, so the server sees the new session cookie. */
function assignLocation(to: string) {
  window.location.assign(to);
}

export type LoginActor = ActorRefFrom<typeof loginMachine>;

/** The sign-in form on a page: starts the login chart and hands it the page's navigation. */
export function LoginForm({
  redirect,
  navigate = assignLocation,
}: {
  redirect?: string | undefined;
  navigate?: (to: string) => void;
}) {
  const actor = useActorRef(
    loginMachine.provide({ actions: { navigate: (_, params) => navigate(params.to) } }),
    { input: { redirect } },
  );
  return <LoginScreen actor={actor} />;
}

/** Renders the login chart's state and sends it what the visitor does. */
export function LoginScreen({ actor }: { actor: LoginActor }) {
  const intl = useIntl();
  const id = useId();
  const email = useSelector(actor, (s) => s.context.email);
  const password = useSelector(actor, (s) => s.context.password);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const retryAfter = useSelector(actor, (s) => s.context.retryAfter);
  const alert = useSelector(actor, selectLoginAlert);
  const submitting = useSelector(actor, selectIsSubmitting);
  const step = useSelector(actor, selectLoginStep);
  const code = useSelector(actor, (s) => s.context.code);

  const emailError = fieldErrors.email;
  const passwordError = fieldErrors.password;
  return (
    <form
      className="auth-form"
      noValidate
      aria-busy={submitting}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      {step === 'code' ? (
        <div className="auth-form__field">
          <label htmlFor={`${id}-code`}>
            <FormattedMessage id="auth.login.code" />
          </label>
          <p id={`${id}-code-hint`} className="auth-form__hint">
            <FormattedMessage id="auth.login.codeHint" />
          </p>
          <input
            id={`${id}-code`}
            name="code"
            type="text"
            autoComplete="one-time-code"
            autoFocus
            maxLength={20}
            required
            value={code}
            aria-describedby={`${id}-code-hint`}
            onChange={(event) => actor.send({ type: 'user.changeCode', value: event.target.value })}
          />
        </div>
      ) : null}
      <div className="auth-form__field" hidden={step === 'code'}>
        <label htmlFor={`${id}-email`}>
          <FormattedMessage id="auth.login.email" />
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          onChange={(event) => actor.send({ type: 'user.changeEmail', value: event.target.value })}
        />
        {emailError ? (
          <p id={`${id}-email-error`} className="auth-form__error">
            <FormattedMessage id={emailError} />
          </p>
        ) : null}
      </div>
      <div className="auth-form__field" hidden={step === 'code'}>
        <label htmlFor={`${id}-password`}>
          <FormattedMessage id="auth.login.password" />
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${id}-password-error` : undefined}
          onChange={(event) =>
            actor.send({ type: 'user.changePassword', value: event.target.value })
          }
        />
        {passwordError ? (
          <p id={`${id}-password-error`} className="auth-form__error">
            <FormattedMessage id={passwordError} />
          </p>
        ) : null}
      </div>
      <div className="auth-form__alert" role="alert">
        {alert ? (
          <FormattedMessage
            id={alert}
            values={{
              minutes: Math.max(1, Math.ceil((retryAfter ?? 60) / 60)),
            }}
          />
        ) : null}
      </div>
      <button type="submit" className="button auth-form__submit" disabled={submitting}>
        {submitting
          ? intl.formatMessage({ id: 'auth.login.submitting' })
          : intl.formatMessage({ id: step === 'code' ? 'auth.login.verify' : 'auth.login.submit' })}
      </button>
    </form>
  );
}
