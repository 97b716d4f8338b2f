// @vitest-environment jsdom
// Model-based test of the domain step: every transition of the domain-check chart, walked
// through the real components (DomainStep and OrderSummary) with the availability call
// answered by a controlled fake. After each gesture the rendered screen must show what the
// chart's state means: the messages of SPEC 5 and 8, the questions of SPEC 4, and the domain
// line and checkout link of the summary. The model is tests/paths/models/domain-check.ts, the one
// `npm run paths -- domainCheck` prints.

import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlMessageFormat } from 'intl-messageformat';
import { RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { SAMPLE_DOMAINS } from '#domain/domain-name.ts';
import { domainCheckMachine } from '#machines/domain-check/domain-check.machine.ts';
import {
  selectFlowState,
  selectIsComplete,
  selectMessage,
  selectOutcome,
} from '#machines/domain-check/domain-check.selectors.ts';
import type { DomainCheckAnswer } from '#machines/domain-check/domain-check.types.ts';
import { planSelectionMachine } from '#machines/plan-selection/plan-selection.machine.ts';
import { type Driver } from '#tests/helpers/model-testing.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { DomainStep } from './domain-step.tsx';
import { localQuoteMachine, withQuoteFlush } from '#tests/helpers/local-quote.ts';
import { QuotedOrderSummary } from './order-summary.tsx';
import { type Event, input, model, NAME } from '#tests/paths/models/domain-check.ts';

const messages = en as Record<string, string>;
const t = (id: string, values: Record<string, string> = {}) =>
  String(new IntlMessageFormat(messages[id] ?? id, 'en-US').format(values));
const TODAY = new Date('2026-03-10T10:00:00Z');
const intl = createI18nStore('en', messages).get().intl;

function start() {
  let pending: { resolve: (r: DomainCheckAnswer) => void; reject: (e: unknown) => void } | null =
    null;
  const asked: string[] = [];
  const machine = domainCheckMachine.provide({
    actors: {
      checkDomain: fromPromise<DomainCheckAnswer, { domain: string }>(
        ({ input: { domain } }) =>
          new Promise((resolve, reject) => {
            asked.push(domain);
            pending = { resolve, reject };
          }),
      ),
    },
    actions: { persist: () => {} },
  });
  const domain = createActor(machine, { input }).start();
  const plans = createActor(
    planSelectionMachine.provide({ actions: { persistToggles: () => {} } }),
    { input: { preselected: ['webHosting_total'] } },
  ).start();
  const view = render(
    <RawIntlProvider value={intl}>
      <DomainStep actor={domain} />
      <QuotedOrderSummary
        plans={plans}
        domain={domain}
        lang="en"
        today={TODAY}
        quoteMachine={localQuoteMachine()}
      />
    </RawIntlProvider>,
  );
  const user = userEvent.setup();
  const field = () => screen.getByLabelText(t('order.domain.label')) as HTMLInputElement;
  const button = (id: string) => screen.getByRole('button', { name: t(id) });
  let checks = 0;
  const settle = async (fn: () => void) => {
    await act(async () => {
      fn();
      await Promise.resolve();
    });
  };
  const driver = {
    'user.type': (e) => {
      // The same text typed again (select all, retype) still counts as typing.
      (
        field() as unknown as { _valueTracker?: { setValue(v: string): void } }
      )._valueTracker?.setValue(`${e.value}-before`);
      fireEvent.change(field(), { target: { value: e.value } });
    },
    'user.pickSample': () => user.click(button('order.domain.random')),
    'user.check': async () => {
      // Alternately the Check button and Enter in the field.
      checks += 1;
      if (checks % 2 === 1) await user.click(button('order.domain.check'));
      else await user.type(field(), '{Enter}');
    },
    'user.answerOwnership': (e) =>
      user.click(button(e.owns ? 'order.domain.yes' : 'order.domain.no')),
    'user.claimOwnership': () => user.click(button('order.domain.alreadyOwn')),
    'user.chooseTransfer': () => user.click(button('order.domain.transfer')),
    'user.chooseKeep': () => user.click(button('order.domain.keep')),
    'user.skip': () =>
      user.click(
        screen.queryByRole('button', { name: t('order.domain.continueWithout') }) ??
          button('order.domain.skip'),
      ),
    'user.consult': () => user.click(button('order.domain.consult')),
    'user.restart': () =>
      user.click(
        screen.queryByRole('button', { name: t('order.domain.tryAnother') }) ??
          button('order.domain.restart'),
      ),
    'xstate.done.actor.check': (e) =>
      settle(() => {
        if (!pending) throw new Error('no check under way');
        pending.resolve(e.output);
      }),
    'xstate.error.actor.check': (e) =>
      settle(() => {
        if (!pending) throw new Error('no check under way');
        pending.reject(e.error);
      }),
  } satisfies Driver<Event>;
  return {
    driver: withQuoteFlush(driver),
    asked,
    field,
    getSnapshot: () => domain.getSnapshot(),
    stop: () => {
      view.unmount();
      domain.stop();
      plans.stop();
    },
  };
}

const feedback = () => document.getElementById('order-domain-feedback') as HTMLElement;
const summaryRow = (id: string) => document.querySelector(`tr[data-line-id="${id}"]`);
const finalizeLink = () => screen.queryByRole('link', { name: t('order.summary.finalize') });

describe('domain step, model-based through the real components', () => {
  const coverage = model.createCoverage();
  const paths = model.coveringPaths({ maxSteps: 80 });
  for (const path of paths) {
    it(
      path.description,
      () =>
        model.walk(path, {
          start,
          coverage,
          assertState: (snapshot, session) => {
            const context = snapshot.context;
            const flow = selectFlowState(snapshot);
            const text = feedback().textContent ?? '';
            expect(session.field().value).toBe(context.input);

            // Result and error messages, each in its own style.
            const styled = (kind: string) =>
              [...feedback().querySelectorAll(`.order-domain__message--${kind}`)].map(
                (n) => n.textContent,
              );
            if (flow === 'available')
              expect(styled('success')).toEqual([t('order.domain.available', { domain: NAME })]);
            else expect(styled('success')).toEqual([]);
            const taken = ['taken-other', 'taken-own-manage', 'taken-own-keep'].includes(flow);
            expect(snapshot.hasTag('taken')).toBe(taken);
            // "Taken" is the registry's word, never the visitor's own claim (D39W-1).
            expect(text.includes(t('order.domain.taken', { domain: NAME }))).toBe(
              taken && !context.claimed,
            );
            const message = selectMessage(snapshot);
            expect(message?.kind === 'checkFailed').toBe(snapshot.matches('checkFailed'));
            expect(message?.kind === 'validation').toBe(snapshot.matches('invalid'));
            if (message?.kind === 'validation') {
              expect(styled('error')).toEqual([t(message.key, message.values)]);
              expect(session.field()).toHaveAttribute('aria-invalid', 'true');
            }
            if (message?.kind === 'checkFailed')
              expect(styled('error')).toEqual([t('order.domain.checkFailed')]);
            expect(styled('warning')).toEqual(
              message?.kind === 'skipped' ? [t('order.domain.skipped')] : [],
            );

            // The questions of each flow state.
            const has = (id: string) => screen.queryByRole('button', { name: t(id) }) !== null;
            expect(has('order.domain.yes')).toBe(flow === 'taken-other');
            // The registry could not be asked: "I already own this domain" on its own (D39A-2).
            expect(has('order.domain.alreadyOwn')).toBe(snapshot.matches('checkFailed'));
            expect(has('order.domain.transfer')).toBe(flow === 'taken-own-manage');
            expect(has('order.domain.tryAnother')).toBe(snapshot.matches('takenNotYours'));
            expect(screen.getByRole('button', { name: /Check|Checking/ })).toHaveProperty(
              'disabled',
              snapshot.matches('checking'),
            );

            // The summary's domain line and the checkout link follow the outcome.
            const outcome = selectOutcome(snapshot);
            const registration = summaryRow('domain_managed')?.textContent ?? '';
            if (outcome === 'register')
              expect(registration).toContain(`Domain registration: ${NAME}`);
            if (outcome === 'transfer') expect(registration).toContain(`Domain transfer: ${NAME}`);
            expect(summaryRow('domain_external') !== null).toBe(outcome === 'keep');
            expect(summaryRow('domain_none') !== null).toBe(
              outcome === 'deferred' || outcome === 'consultation',
            );
            expect(summaryRow('consultation') !== null).toBe(outcome === 'consultation');
            // Finalize only with an outcome (skipped and deferred are outcomes too).
            const settled = outcome !== null;
            expect(selectIsComplete(snapshot)).toBe(settled);
            const link = finalizeLink();
            expect(link !== null).toBe(settled);
            if (!settled) {
              expect(
                screen.getByRole('button', { name: t('order.summary.finalize') }),
              ).toBeDisabled();
              expect(screen.getByText(t('order.summary.finalizeBlocked'))).toBeInTheDocument();
              for (const id of ['domain_external', 'domain_none', 'consultation'])
                expect(summaryRow(id)).toBeNull();
              expect(summaryRow('domain_managed')).toBeNull();
            } else {
              const href = new URL(link!.getAttribute('href') ?? '', 'http://x');
              expect(href.searchParams.get('domain')).toBe(
                outcome === 'register' || outcome === 'transfer' || outcome === 'keep'
                  ? NAME
                  : null,
              );
            }
          },
        }),
      // About 80 gestures rendered in jsdom: seconds, not milliseconds.
      60_000,
    );
  }
  it('takes every transition', () => coverage.assertComplete());
  it('reaches every state of the chart', () => {
    expect(model.unreachableLeafStates()).toEqual(['domainCheck.restoring']);
  });
});

describe('domain step details', () => {
  it('offers "I already own this domain" when the registry cannot be asked, in Dutch too: kept at the registrar, nothing charged (D39A-2)', async () => {
    for (const lang of ['en', 'nl'] as const) {
      const catalog = (lang === 'nl' ? nl : en) as Record<string, string>;
      const say = (id: string) => catalog[id]!;
      const machine = domainCheckMachine.provide({
        actors: {
          checkDomain: fromPromise<DomainCheckAnswer, { domain: string }>(async () => ({
            ok: false,
            code: 'CHECK_FAILED',
          })),
        },
        actions: { persist: () => {} },
      });
      const domain = createActor(machine, { input }).start();
      const plans = createActor(
        planSelectionMachine.provide({ actions: { persistToggles: () => {} } }),
        { input: { preselected: ['webHosting_total', 'domain_managed'] } },
      ).start();
      const view = render(
        <RawIntlProvider value={createI18nStore(lang, catalog).get().intl}>
          <DomainStep actor={domain} />
          <QuotedOrderSummary
            plans={plans}
            domain={domain}
            lang={lang}
            today={TODAY}
            quoteMachine={localQuoteMachine()}
          />
        </RawIntlProvider>,
      );
      const user = userEvent.setup();
      expect(screen.queryByRole('button', { name: say('order.domain.alreadyOwn') })).toBeNull();
      await user.type(screen.getByLabelText(say('order.domain.label')), `${NAME}{Enter}`);
      await act(async () => {});
      expect(feedback()).toHaveTextContent(say('order.domain.checkFailed'));
      await user.click(screen.getByRole('button', { name: say('order.domain.alreadyOwn') }));
      await user.click(screen.getByRole('button', { name: say('order.domain.keep') }));
      expect(selectOutcome(domain.getSnapshot())).toBe('keep');
      expect(summaryRow('domain_external')).not.toBeNull();
      expect(summaryRow('domain_managed')).toBeNull();
      const finalize = screen.getByRole('link', { name: say('order.summary.finalize') });
      expect(new URL(finalize.getAttribute('href')!, 'http://x').searchParams.get('domain')).toBe(
        NAME,
      );
      view.unmount();
      domain.stop();
      plans.stop();
    }
  });

  it('a pasted address that cannot be checked: the question names the cleaned domain, and the claim is not called "taken" (walk, D39W-1)', async () => {
    for (const lang of ['en', 'nl'] as const) {
      const catalog = (lang === 'nl' ? nl : en) as Record<string, string>;
      const say = (id: string, values: Record<string, string> = {}) =>
        Object.entries(values).reduce((text, [k, v]) => text.replace(`{${k}}`, v), catalog[id]!);
      const machine = domainCheckMachine.provide({
        actors: {
          checkDomain: fromPromise<DomainCheckAnswer, { domain: string }>(async () => ({
            ok: false,
            code: 'CHECK_FAILED',
          })),
        },
        actions: { persist: () => {} },
      });
      const domain = createActor(machine, { input }).start();
      const view = render(
        <RawIntlProvider value={createI18nStore(lang, catalog).get().intl}>
          <DomainStep actor={domain} />
        </RawIntlProvider>,
      );
      const user = userEvent.setup();
      await user.type(
        screen.getByLabelText(say('order.domain.label')),
        `http://www.${NAME}/{Enter}`,
      );
      await act(async () => {});
      expect(screen.getByText(say('order.domain.checkFailedOwn', { domain: NAME }))).toBeVisible();
      expect(document.body).not.toHaveTextContent('http://www.');
      await user.click(screen.getByRole('button', { name: say('order.domain.alreadyOwn') }));
      await user.click(screen.getByRole('button', { name: say('order.domain.keep') }));
      // The registry was never asked: the visitor's own word is not reported back as "taken".
      expect(feedback()).not.toHaveTextContent(say('order.domain.taken', { domain: NAME }));
      expect(feedback()).toHaveTextContent(say('order.domain.outcome.keep', { domain: NAME }));
      view.unmount();
      domain.stop();
    }
  });

  it('validates before any call, suggests .com and .nl, and picks a sample', async () => {
    const session = start();
    const user = userEvent.setup();
    await user.type(session.field(), 'mybakery');
    expect(screen.getByRole('button', { name: 'mybakery.com' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'mybakery.nl' })).toBeInTheDocument();
    await user.type(session.field(), '{Enter}');
    expect(feedback()).toHaveTextContent(t('domain.validation.noExtension'));
    await user.clear(session.field());
    await user.type(session.field(), '  ');
    await user.click(screen.getByRole('button', { name: t('order.domain.check') }));
    expect(feedback()).toHaveTextContent(t('domain.validation.empty'));
    expect(session.asked).toEqual([]);
    await user.click(screen.getByRole('button', { name: t('order.domain.random') }));
    expect(session.field().value).toBe(SAMPLE_DOMAINS[1]);
    await user.click(screen.getByRole('button', { name: t('order.domain.check') }));
    expect(session.asked).toEqual([SAMPLE_DOMAINS[1]]);
    session.stop();
  });

  it('keeps the keyboard in the step when "skip" and "consult" leave with their buttons', async () => {
    const session = start();
    const user = userEvent.setup();
    const skip = screen.getByRole('button', { name: t('order.domain.skip') });
    skip.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: t('order.domain.skip') })).toBeNull();
    expect(document.activeElement).toBe(feedback());
    expect(feedback()).toHaveTextContent(t('order.domain.skipped'));
    screen.getByRole('button', { name: t('order.domain.consult') }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(feedback());
    session.stop();
  });

  it('takes no focus when the page loads (it would scroll the order page to this step)', () => {
    const session = start();
    expect(document.activeElement).toBe(document.body);
    session.stop();
  });

  it('restores a saved selection where the visitor left it', () => {
    const actor = createActor(domainCheckMachine.provide({ actions: { persist: () => {} } }), {
      input: {
        saved: {
          domainName: 'bakkerij.nl',
          isAvailable: false,
          flowState: 'taken-own-manage',
          domainPrice: 15,
          belongsToUser: true,
          consultation: false,
          domainType: 'transfer',
          transfer: true,
        },
      },
    }).start();
    expect(actor.getSnapshot().matches({ takenOwnManage: 'decided' })).toBe(true);
    expect(selectOutcome(actor.getSnapshot())).toBe('transfer');
    actor.stop();
  });

  it('reopens a saved "taken and not yours" (the unchanged format) in its own state', () => {
    const actor = createActor(domainCheckMachine.provide({ actions: { persist: () => {} } }), {
      input: {
        saved: {
          domainName: 'bakkerij.nl',
          isAvailable: false,
          flowState: 'taken-own-keep',
          domainPrice: 15,
          belongsToUser: false,
          consultation: false,
          domainType: 'transfer',
          transfer: null,
        },
      },
    }).start();
    expect(actor.getSnapshot().matches('takenNotYours')).toBe(true);
    expect(actor.getSnapshot().hasTag('taken')).toBe(true);
    expect(selectOutcome(actor.getSnapshot())).toBeNull();
    expect(selectIsComplete(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});
