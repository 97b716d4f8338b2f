// @vitest-environment jsdom
// Model-based test of the staff page of one lead through its real screen: the load answered by a
// controlled fake (a lead-form lead, a quiz lead, 404, another failure, a network error) and
// Retry clicked; each state checked against texts written out by hand. The model is
// tests/paths/models/staff-lead.ts, the one `npm run paths -- staffLead` prints.

import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import en from '#locales/en.json';
import { staffLeadMachine } from '#machines/blueprint/staff-lead.machine.ts';
import { controlledPromise, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { StaffLeadScreen } from './staff-lead.tsx';
import { type LoadResult, model, type ModelEvent } from '#tests/paths/models/staff-lead.ts';

const settled = () => act(flushMicrotasks);

function start() {
  const load = controlledPromise<LoadResult, { id: string }>();
  const actor = createActor(staffLeadMachine.provide({ actors: { load: load.logic } }), {
    input: { id: 'lead-1' },
  }).start();
  const view = render(
    <IntlProvider locale="en" messages={en as Record<string, string>}>
      <StaffLeadScreen actor={actor} lang="en" />
    </IntlProvider>,
  );
  const driver = {
    'user.retry': () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.load': async (e) => {
      load.resolve(e.output);
      await settled();
    },
    'xstate.error.actor.load': async (e) => {
      load.reject(new Error(e.error));
      await settled();
    },
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    loads: load.inputs,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => {
      view.unmount();
      actor.stop();
    },
  };
}

const STATUS: Record<string, string> = {
  loading: 'Loading the lead…',
  notFound: 'This lead does not exist.',
  failed: 'The lead could not be loaded. Try again',
};

/** What a loaded lead shows, per source, written out. */
function assertLead(source: string) {
  expect(screen.getByRole('heading', { level: 2, name: 'Ann de Vries' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'ann@example.nl' })).toHaveAttribute(
    'href',
    'mailto:ann@example.nl',
  );
  expect(screen.getByText('SEO Booster')).toBeInTheDocument();
  if (source === 'leadForm') {
    expect(screen.getByRole('heading', { name: 'Answers from the lead form' })).toBeInTheDocument();
    expect(screen.getByText('Sell products online')).toBeInTheDocument();
    expect(screen.getByText('Launch a new website')).toBeInTheDocument();
  } else {
    expect(
      screen.getByRole('heading', { name: 'Answers from the smart quiz' }),
    ).toBeInTheDocument();
    expect(screen.getByText('I am starting from scratch')).toBeInTheDocument();
    expect(screen.getByText('Within 30 days')).toBeInTheDocument();
  }
}

describe('staff lead page (model-based, through the real screen)', () => {
  it('reaches every state', () => {
    expect(model.unreachableLeafStates()).toEqual([]);
  });
  walkEveryTransition(model, start, (path) => (snapshot, session, step) => {
    // One call at the start and one per Retry, always for this lead.
    const retries = path.steps
      .slice(1, step.index + 1)
      .filter((s) => s.event.type === 'user.retry').length;
    expect(session.loads).toEqual(Array(retries + 1).fill({ id: 'lead-1' }));
    const state = snapshot.value as string;
    if (state === 'loaded') assertLead(snapshot.context.lead!.lead.source);
    else {
      expect(screen.getByRole('status')).toHaveTextContent(STATUS[state]!);
      expect(screen.queryByRole('heading')).toBeNull();
    }
  });
});
