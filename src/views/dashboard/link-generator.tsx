import { useLocation } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { groupByKey } from '#domain/catalogue.ts';
import { LANGS, type Lang } from '#domain/language.ts';
import {
  LINK_INTERVALS,
  checkoutLink,
  generatorLangFromPath,
  linkPackageGroups,
  linkProblem,
  orderLink,
} from '#domain/links.ts';
import { linkGeneratorMachine } from '#machines/staff/link-generator.machine.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { CopyButton, type CopyButtonMessages } from '../../components/copy-button.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const LINK_COPY: CopyButtonMessages = {
  copy: 'dashboard.links.copy',
  copied: 'dashboard.links.copied',
  failed: 'dashboard.links.copyFailed',
};

const noSubscription = () => () => {};

/**
 * The page's own origin in the browser; null while the server renders and during hydration, so
 * the server's configured public address never clashes with the address the staff member used.
 */
function useBrowserOrigin(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => null,
  );
}

const INTERVAL_LABELS = {
  monthly: 'dashboard.links.intervalMonthly',
  yearly: 'dashboard.links.intervalYearly',
} as const;

/**
 * Order or checkout link generator (SPEC screen 16): packages grouped as in the catalogue, the
 * link's language, and for checkout links the interval and an optional domain. The link shows
 * only with at least one package chosen.
 */
export function LinkGenerator({
  kind,
  initialLang,
}: {
  kind: 'order' | 'checkout';
  initialLang: Lang;
}) {
  const origin = useBrowserOrigin() ?? undefined;
  const intl = useIntl();
  const { lang: pageLang } = useI18n();
  const id = useId();
  const actor = useActorRef(linkGeneratorMachine, { input: { lang: initialLang } });
  const ctx = useSelector(actor, (s) => s.context);
  const problem = linkProblem({
    plans: ctx.selection,
    ...(kind === 'checkout' ? { domain: ctx.domain } : {}),
  });
  const link = problem
    ? null
    : kind === 'order'
      ? orderLink({
          plans: ctx.selection,
          lang: ctx.lang,
          coupon: ctx.coupon,
          ...(origin ? { origin } : {}),
        })
      : checkoutLink({
          plans: ctx.selection,
          lang: ctx.lang,
          interval: ctx.interval,
          domain: ctx.domain,
          coupon: ctx.coupon,
          ...(origin ? { origin } : {}),
        });

  return (
    <div className="dashboard-links">
      <fieldset className="dashboard-links__langs">
        <legend>
          <FormattedMessage id="dashboard.links.language" />
        </legend>
        {LANGS.map((l) => (
          <button
            key={l}
            type="button"
            className="button button--small button--ghost"
            aria-pressed={ctx.lang === l}
            lang={l}
            onClick={() => actor.send({ type: 'user.lang', lang: l })}
          >
            {l.toUpperCase()}
          </button>
        ))}
      </fieldset>

      <p>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => actor.send({ type: 'user.chooseEssentials' })}
        >
          <FormattedMessage id="dashboard.links.essentials" />
        </button>
      </p>

      {linkPackageGroups(pageLang).map((group) => (
        <fieldset key={group.key} className="dashboard-links__group">
          <legend>
            {group.key === 'domain' ? (
              <FormattedMessage id="dashboard.links.groupDomain" />
            ) : (
              groupByKey(group.key)?.title[pageLang]
            )}
          </legend>
          <ul>
            {group.packages.map((option) => (
              <li key={option.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={ctx.selection.includes(option.id)}
                    onChange={() => actor.send({ type: 'user.toggle', id: option.id })}
                  />{' '}
                  {option.displayName} <code>{option.id}</code>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}

      {kind === 'checkout' ? (
        <div className="dashboard-links__extras">
          <fieldset className="dashboard-links__intervals">
            <legend>
              <FormattedMessage id="dashboard.links.interval" />
            </legend>
            {LINK_INTERVALS.map((interval) => (
              <label key={interval}>
                <input
                  type="radio"
                  name={`${id}-interval`}
                  value={interval}
                  checked={ctx.interval === interval}
                  onChange={() => actor.send({ type: 'user.interval', interval })}
                />{' '}
                <FormattedMessage id={INTERVAL_LABELS[interval]} />
              </label>
            ))}
          </fieldset>
          <div className="dashboard-links__field">
            <label htmlFor={`${id}-domain`}>
              <FormattedMessage id="dashboard.links.domain" />
            </label>
            <input
              id={`${id}-domain`}
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder={intl.formatMessage({ id: 'dashboard.links.domainPlaceholder' })}
              value={ctx.domain}
              aria-invalid={problem?.kind === 'domain' ? true : undefined}
              aria-describedby={problem?.kind === 'domain' ? `${id}-domain-error` : undefined}
              onChange={(e) => actor.send({ type: 'user.domain', domain: e.target.value })}
            />
            {problem?.kind === 'domain' ? (
              <p id={`${id}-domain-error`} className="contact-form__error" role="alert">
                <FormattedMessage id={problem.key} values={problem.values} />
              </p>
            ) : null}
          </div>
        </div>
      ) : null}

      <div className="dashboard-links__field">
        <label htmlFor={`${id}-coupon`}>
          <FormattedMessage id="dashboard.links.coupon" />
        </label>
        <input
          id={`${id}-coupon`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          value={ctx.coupon}
          onChange={(e) => actor.send({ type: 'user.coupon', coupon: e.target.value })}
        />
      </div>

      <section className="dashboard-links__result" aria-labelledby={`${id}-result`}>
        <h2 id={`${id}-result`}>
          <FormattedMessage id="dashboard.links.result" />
        </h2>
        {link ? (
          <>
            <p className="dashboard-links__link">
              <a href={link} data-testid="generated-link">
                {link}
              </a>
            </p>
            <CopyButton text={link} messages={LINK_COPY} className="dashboard-links__copy" />
          </>
        ) : (
          <p className="dashboard-links__empty">
            <FormattedMessage
              id={
                problem?.kind === 'requiredGroup'
                  ? 'dashboard.links.needsWebsite'
                  : problem?.kind === 'domain'
                    ? 'dashboard.links.fixDomain'
                    : problem?.kind === 'conflicting'
                      ? 'dashboard.links.conflicting'
                      : 'dashboard.links.nothingSelected'
              }
            />
          </p>
        )}
      </section>
    </div>
  );
}

/** A link generator page; its language starts as the one in the page's path. */
export function LinkGeneratorPage({
  kind,
  introId,
}: {
  kind: 'order' | 'checkout';
  introId: string;
}) {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <DashboardPage introId={introId}>
      <LinkGenerator kind={kind} initialLang={generatorLangFromPath(pathname)} />
    </DashboardPage>
  );
}
