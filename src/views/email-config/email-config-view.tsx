import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { Lang } from '#domain/language.ts';
import {
  MAIL_CLIENTS,
  MAIL_PORTS,
  profileFilename,
  type MailClientId,
} from '#domain/mail-config.ts';
import { emailConfigMachine } from '#machines/email-config/email-config.machine.ts';
import {
  selectAddress,
  selectAddressStatus,
  selectCanLaunch,
  selectInstructions,
  selectLaunching,
  selectManualSettings,
} from '#machines/email-config/email-config.selectors.ts';
import { CopyButton, type CopyButtonMessages } from '../../components/copy-button.tsx';

type EmailConfigActor = ActorRefFrom<typeof emailConfigMachine>;

const COPY: CopyButtonMessages = {
  copy: 'emailConfig.copy.copy',
  copied: 'emailConfig.copy.copied',
  failed: 'emailConfig.copy.failed',
};

/** The badge beside a client's name (SPEC 2 screen 15). */
const BADGE: Partial<Record<MailClientId, string>> = {
  iphone: 'emailConfig.client.recommended',
  gmailIphone: 'emailConfig.client.semiAutomatic',
  gmailAndroid: 'emailConfig.client.manualOnly',
};

const STEPS = ['step1', 'step2', 'step3'] as const;

/** The mail-setup page body, with its own chart (pre-filled from `?email=`). */
export function EmailConfigPage({ lang, email }: { lang: Lang; email?: string | undefined }) {
  const actor = useActorRef(emailConfigMachine, { input: { email, lang } });
  useEffect(() => {
    actor.send({ type: 'site.languageChanged', lang });
  }, [actor, lang]);
  return <EmailConfigView actor={actor} />;
}

/** Renders a running email-config actor (tests pass one with fake actors). */
export function EmailConfigView({ actor }: { actor: EmailConfigActor }) {
  const id = useId();
  const intl = useIntl();
  const typed = useSelector(actor, (s) => s.context.address);
  const status = useSelector(actor, selectAddressStatus);
  const canLaunch = useSelector(actor, selectCanLaunch);
  const launching = useSelector(actor, selectLaunching);
  const address = useSelector(actor, selectAddress);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const disabledId = `${id}-disabled`;

  return (
    <div className="mail-setup">
      <div className="mail-setup__address">
        <label htmlFor={`${id}-address`}>
          <FormattedMessage id="emailConfig.address.label" />
        </label>
        <input
          id={`${id}-address`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="none"
          placeholder={intl.formatMessage({ id: 'emailConfig.address.placeholder' })}
          value={typed}
          aria-invalid={status === 'invalid' ? true : undefined}
          aria-describedby={status === 'invalid' ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => actor.send({ type: 'user.typeAddress', value: event.target.value })}
        />
        <p id={hintId} className="mail-setup__hint">
          <FormattedMessage id="emailConfig.address.hint" />
        </p>
        <p id={errorId} className="mail-setup__error">
          {status === 'invalid' ? <FormattedMessage id="emailConfig.address.invalid" /> : null}
        </p>
      </div>

      <section className="mail-setup__clients" aria-labelledby={`${id}-clients`}>
        <h2 id={`${id}-clients`}>
          <FormattedMessage id="emailConfig.clients.heading" />
        </h2>
        <p>
          <FormattedMessage id="emailConfig.clients.intro" />
        </p>
        <p id={disabledId} className="mail-setup__disabled-hint">
          {status === 'valid' ? null : <FormattedMessage id="emailConfig.clients.disabledHint" />}
        </p>
        <ul className="mail-clients">
          {MAIL_CLIENTS.map((client) => {
            const badge = BADGE[client.id];
            return (
              <li
                key={client.id}
                className={`mail-client${client.recommended ? ' mail-client--recommended' : ''}`}
              >
                <h3 className="mail-client__name">
                  <FormattedMessage id={`emailConfig.client.${client.id}.name`} />
                  {badge ? (
                    <span className={`mail-client__badge mail-client__badge--${client.id}`}>
                      <FormattedMessage id={badge} />
                    </span>
                  ) : null}
                </h3>
                <p className="mail-client__text">
                  <FormattedMessage id={`emailConfig.client.${client.id}.text`} />
                </p>
                <button
                  type="button"
                  className={`button${client.recommended ? '' : ' button--ghost'}`}
                  disabled={!canLaunch}
                  aria-busy={launching === client.id ? true : undefined}
                  aria-describedby={status === 'valid' ? undefined : disabledId}
                  data-client={client.id}
                  onClick={() => actor.send({ type: 'user.launch', client: client.id })}
                >
                  <FormattedMessage id={`emailConfig.client.${client.id}.button`} />
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <Instructions actor={actor} address={address ?? typed.trim()} />

      <ManualSettings actor={actor} headingId={`${id}-manual`} />
    </div>
  );
}

/**
 * The instruction alert of the client launched last, shown after the chart's delay. Fixed to the
 * bottom of the window, so it covers nothing of the page's flow and moves nothing (no layout
 * shift); the live region is always there so screen readers announce it when it fills.
 */
function Instructions({ actor, address }: { actor: EmailConfigActor; address: string }) {
  const client = useSelector(actor, selectInstructions);
  const intl = useIntl();
  const titleId = useId();
  return (
    <div className="mail-instructions" role="alert" aria-live="assertive">
      {client ? (
        <section className="mail-instructions__panel" aria-labelledby={titleId}>
          <h2 id={titleId} className="mail-instructions__title">
            <FormattedMessage
              id="emailConfig.instructions.title"
              values={{
                client: intl.formatMessage({ id: `emailConfig.client.${client}.name` }),
              }}
            />
          </h2>
          <ol className="mail-instructions__steps">
            {STEPS.map((step) => (
              <li key={step}>
                <FormattedMessage
                  id={`emailConfig.client.${client}.${step}`}
                  values={{ email: address, file: profileFilename(address) }}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button button--small"
            onClick={() => actor.send({ type: 'user.closeInstructions' })}
          >
            <FormattedMessage id="emailConfig.instructions.close" />
          </button>
        </section>
      ) : null}
    </div>
  );
}

function ValueRow({
  labelId,
  value,
  copy,
}: {
  labelId: string;
  /** null while the server names are not known yet. */
  value: string | null;
  copy: boolean;
}) {
  return (
    <div className="mail-manual__row">
      <dt>
        <FormattedMessage id={labelId} />
      </dt>
      <dd>
        <code className="mail-manual__value">{value ?? '—'}</code>
        {copy ? (
          <CopyButton
            text={value ?? ''}
            messages={COPY}
            labelId="emailConfig.copy.label"
            disabled={value === null}
            className="mail-manual__copy"
          />
        ) : null}
      </dd>
    </div>
  );
}

/** One server of the manual settings: name, port, security and user name (null until known). */
function ServerGroup({
  titleId,
  server,
  port,
  security,
  children,
}: {
  titleId: string;
  server: { hostname: string; username: string } | undefined;
  port: number;
  security: string;
  children?: ReactNode;
}) {
  return (
    <div className="mail-manual__group">
      <h3>
        <FormattedMessage id={titleId} />
      </h3>
      <dl>
        <ValueRow labelId="emailConfig.manual.server" value={server?.hostname ?? null} copy />
        <ValueRow labelId="emailConfig.manual.port" value={String(port)} copy />
        <ValueRow labelId="emailConfig.manual.security" value={security} copy={false} />
        <ValueRow labelId="emailConfig.manual.username" value={server?.username ?? null} copy />
        {children}
      </dl>
    </div>
  );
}

/** Manual settings (SPEC 2 screen 15): IMAP 993 and SMTP 465 over SSL/TLS, POP3 995 mentioned. */
function ManualSettings({ actor, headingId }: { actor: EmailConfigActor; headingId: string }) {
  const intl = useIntl();
  const security = intl.formatMessage({ id: 'emailConfig.manual.securityValue' });
  const view = useSelector(actor, selectManualSettings);
  const settings = view.status === 'loaded' ? view.settings : null;
  return (
    <section className="mail-manual" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="emailConfig.manual.heading" />
      </h2>
      <p>
        <FormattedMessage id="emailConfig.manual.intro" />
      </p>
      <p className="mail-manual__status" role="status">
        {view.status === 'pending' ? <FormattedMessage id="emailConfig.manual.pending" /> : null}
        {view.status === 'loading' ? <FormattedMessage id="emailConfig.manual.loading" /> : null}
        {view.status === 'failed' ? (
          <>
            <FormattedMessage id="emailConfig.manual.failed" />{' '}
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => actor.send({ type: 'user.retrySettings' })}
            >
              <FormattedMessage id="emailConfig.manual.retry" />
            </button>
          </>
        ) : null}
      </p>
      <div className="mail-manual__groups">
        <ServerGroup
          titleId="emailConfig.manual.incoming"
          server={settings?.incoming}
          port={MAIL_PORTS.imap}
          security={security}
        />
        <ServerGroup
          titleId="emailConfig.manual.outgoing"
          server={settings?.outgoing}
          port={MAIL_PORTS.smtp}
          security={security}
        >
          <div className="mail-manual__row">
            <dt>
              <FormattedMessage id="emailConfig.manual.authentication" />
            </dt>
            <dd>
              <FormattedMessage id="emailConfig.manual.authenticationValue" />
            </dd>
          </div>
        </ServerGroup>
      </div>
      <p className="mail-manual__pop3">
        <FormattedMessage id="emailConfig.manual.pop3" />
      </p>
    </section>
  );
}
