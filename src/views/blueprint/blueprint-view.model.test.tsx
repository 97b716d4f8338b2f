// @vitest-environment jsdom
// Model-based test of the Blueprint 100 chart: every transition walked through the real screen
// (BlueprintQuestionnaire with the real English messages), each server call answered by a
// controlled fake at the step the model says. After each gesture the screen must show what the
// state means: the section or the summary, the notice, the busy buttons, the step counter.

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import en from '#locales/en.json';
import { SECTION_COUNT, SECTION_IDS, type Answers } from '#domain/blueprint.ts';
import { FULL_TEXT_ANSWERS } from '#domain/blueprint.fixtures.ts';
import { blueprintMachine } from '#machines/blueprint/blueprint.machine.ts';
import type {
  BlueprintEvent,
  BlueprintInput,
  LoadDraftResult,
  PdfResult,
  RemoveResult,
  SaveDraftResult,
  SendResult,
  UploadResult,
} from '#machines/blueprint/blueprint.types.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import {
  DONE,
  input,
  lastSectionInput,
  lastSectionModel,
  LOGO,
  model,
  RESUME_STATES,
  resumeInput,
  resumeModel,
  TOKEN,
  type Event,
  type modelMachine,
  type ResumeEvent,
} from '#tests/paths/models/blueprint.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { BlueprintQuestionnaire } from './blueprint-view.tsx';

const messages = en as Record<string, string>;
const t = (id: string, values: Record<string, string | number> = {}) =>
  (messages[id] ?? id).replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
const intl = createI18nStore('en', messages).get().intl;

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null;
const button = (id: string) => screen.getByRole('button', { name: t(id) });

function start(startInput: BlueprintInput = input) {
  const pending: Record<string, Pending> = {};
  const calls: Record<string, unknown[]> = {};
  const fake = <T,>(name: string) =>
    fromPromise<T, unknown>(
      ({ input }) =>
        new Promise<T>((resolve, reject) => {
          (calls[name] ??= []).push(input);
          pending[name] = { resolve: resolve as (value: unknown) => void, reject };
        }),
    ) as never;
  const saved: Array<{ answers: Answers; index: number }> = [];
  const downloads: string[] = [];
  const machine = blueprintMachine.provide({
    actors: {
      loadDraft: fake<LoadDraftResult>('loadDraft'),
      uploadFile: fake<UploadResult>('uploadFile'),
      removeUpload: fake<RemoveResult>('removeUpload'),
      saveDraft: fake<SaveDraftResult>('saveDraft'),
      createPdf: fake<PdfResult>('createPdf'),
      sendBlueprint: fake<SendResult>('sendBlueprint'),
    },
    actions: {
      persistLocal: ({ context }) => saved.push({ answers: context.answers, index: context.index }),
      persistToken: () => {},
      deliverPdf: (_, params) => downloads.push(params.filename),
    },
  });
  const actor = createActor(machine, { input: startInput }).start();
  const view = render(
    <RawIntlProvider value={intl}>
      <BlueprintQuestionnaire actor={actor} lang="en" />
    </RawIntlProvider>,
  );
  const answerWith = (name: string, output: unknown, fails = false) =>
    act(async () => {
      const call = pending[name];
      if (!call) throw new Error(`no ${name} call under way`);
      pending[name] = null;
      if (fails) call.reject(output);
      else call.resolve(output);
      await Promise.resolve();
    });
  /**
   * The gesture when its control is on this screen; otherwise (an upload's remove button before
   * any upload, a question of another section) the same event straight to the chart, so the
   * model still walks the transition. `real` counts the gestures made on the screen.
   */
  const real = { count: 0, direct: 0 };
  const on = (element: HTMLElement | null, perform: (el: HTMLElement) => void, event: Event) => {
    if (element) {
      real.count += 1;
      perform(element);
    } else {
      real.direct += 1;
      act(() => {
        actor.send(event as BlueprintEvent);
      });
    }
  };
  const driver = {
    'user.answer': (e) =>
      on(
        screen.queryByLabelText(t(`blueprint.question.${e.questionId}.label`)),
        (el) => {
          // The same text typed again still counts as typing (React compares with its tracker).
          (
            el as unknown as { _valueTracker?: { setValue(v: string): void } }
          )._valueTracker?.setValue(`${String(e.value)}-before`);
          fireEvent.change(el, { target: { value: e.value } });
        },
        e,
      ),
    'user.next': () => {
      fireEvent.click(
        screen.queryByRole('button', { name: t('blueprint.nav.next') }) ??
          button('blueprint.nav.toSummary'),
      );
    },
    'user.previous': () => {
      // From the summary, "Previous" is the step before it in the stepper.
      if (screen.queryByRole('button', { name: t('blueprint.nav.previous') }))
        fireEvent.click(button('blueprint.nav.previous'));
      else fireEvent.click(stepPill(SECTION_COUNT - 1));
    },
    'user.goToSection': (e) => {
      fireEvent.click(stepPill(e.index));
    },
    'user.reset': () => {
      fireEvent.click(button('blueprint.nav.reset'));
    },
    'user.upload': (e) =>
      on(
        screen.queryByLabelText(t(`blueprint.question.${e.questionId}.label`), {
          selector: 'input[type=file]',
        }),
        (el) => fireEvent.change(el, { target: { files: [e.file] } }),
        e,
      ),
    'user.removeUpload': (e) =>
      on(
        screen.queryByRole('button', { name: t('blueprint.upload.remove', { name: LOGO.name }) }),
        (el) => fireEvent.click(el),
        e,
      ),
    'user.continueLater': (e) => {
      fireEvent.change(document.getElementById('blueprint-later-email')!, {
        target: { value: e.email },
      });
      fireEvent.click(button('blueprint.later.submit'));
    },
    'user.downloadPdf': () => {
      fireEvent.click(button('blueprint.pdf.download'));
    },
    'user.send': (e) => {
      fireEvent.change(document.getElementById('blueprint-send-email')!, {
        target: { value: e.email },
      });
      fireEvent.change(document.getElementById('blueprint-send-name')!, {
        target: { value: e.name },
      });
      const consent = screen.getByLabelText(t('blueprint.send.consent')) as HTMLInputElement;
      if (consent.checked !== e.consent) fireEvent.click(consent);
      fireEvent.click(button('blueprint.send.submit'));
    },
    [DONE.upload]: (e) => answerWith('uploadFile', e.output),
    [DONE.remove]: (e) => answerWith('removeUpload', e.output),
    [DONE.save]: (e) => answerWith('saveDraft', e.output),
    [DONE.pdf]: (e) => answerWith('createPdf', e.output),
    [DONE.send]: (e) => answerWith('sendBlueprint', e.output),
    [DONE.uploadError]: (e) => answerWith('uploadFile', e.error, true),
    [DONE.removeError]: (e) => answerWith('removeUpload', e.error, true),
    [DONE.saveError]: (e) => answerWith('saveDraft', e.error, true),
    [DONE.pdfError]: (e) => answerWith('createPdf', e.error, true),
    [DONE.sendError]: (e) => answerWith('sendBlueprint', e.error, true),
    [DONE.load]: (e) => answerWith('loadDraft', e.output),
    [DONE.loadError]: (e) => answerWith('loadDraft', e.error, true),
  } satisfies Driver<ResumeEvent>;
  return {
    driver,
    real,
    calls,
    saved,
    downloads,
    actor,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => {
      view.unmount();
      actor.stop();
    },
  };
}

/** The stepper's pill of step `index` (its accessible name starts with the step's title). */
function stepPill(index: number): HTMLElement {
  const nav = screen.getByRole('navigation', { name: t('blueprint.stepper.nav') });
  const title =
    index < SECTION_COUNT
      ? t(`blueprint.section.${SECTION_IDS[index]}.title`)
      : t('blueprint.stepper.summary');
  return within(nav)
    .getAllByRole('button')
    .find((b) => (b.textContent ?? '').includes(title))!;
}

const status = () =>
  [...document.querySelectorAll('[role=status]')].map((n) => n.textContent ?? '').join(' | ');

describe('Blueprint 100, model-based through the real screen', () => {
  const coverage = model.createCoverage();
  for (const path of model.coveringPaths({ maxSteps: 60 })) {
    it(
      path.description,
      () =>
        model.walk(path, {
          start,
          coverage,
          assertState: assertScreen,
        }),
      // Up to 60 gestures rendered in jsdom, the summary with the whole plan card: tens of seconds.
      240_000,
    );
  }
  it('takes every transition', () => coverage.assertComplete());
  it('reaches every state but those of a resume link', () => {
    expect(model.unreachableLeafStates().sort()).toEqual(
      [
        'blueprint.loading',
        'blueprint.questions.resumeNotFound',
        'blueprint.questions.resumed',
        // transient: decides where a visit starts
        'blueprint.starting',
      ].sort(),
    );
  });
});

/** What the screen must show in each state of the chart (both models). */
function assertScreen(snapshot: SnapshotFrom<typeof modelMachine>) {
  const { index } = snapshot.context;
  if (snapshot.matches('loading')) {
    // The draft is on its way: the stepper and progress only, no section, no summary.
    expect(document.querySelector('.blueprint')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    return;
  }
  const busy =
    snapshot.matches({ questions: 'uploading' }) ||
    snapshot.matches({ questions: 'removingUpload' }) ||
    snapshot.matches({ questions: 'savingDraft' }) ||
    snapshot.matches({ summary: 'generatingPdf' }) ||
    snapshot.matches({ summary: 'sending' });
  const current = screen
    .getAllByRole('button', { current: 'step' })
    .map((b) => b.textContent ?? '');
  if (snapshot.matches('summary')) {
    expect(index).toBe(SECTION_COUNT);
    expect(
      screen.getByRole('heading', { level: 2, name: t('blueprint.summary.title') }),
    ).toBeInTheDocument();
    expect(current[0]).toContain(t('blueprint.stepper.summary'));
    expect(button('blueprint.pdf.download')).toHaveProperty('disabled', busy);
    const text = status();
    expect(text.includes(t('blueprint.pdf.generating'))).toBe(
      snapshot.matches({ summary: 'generatingPdf' }),
    );
    expect(text.includes(t('blueprint.pdf.ready'))).toBe(
      snapshot.matches({ summary: 'pdfDownloaded' }),
    );
    expect(text.includes(t('blueprint.send.sent', { email: 'ann@example.nl' }))).toBe(
      snapshot.matches({ summary: 'sent' }),
    );
    expect(text.includes(t('blueprint.send.failed'))).toBe(
      snapshot.matches({ summary: 'sendFailed' }),
    );
    // SPEC 8: a PDF failure shows no message (the error is stored): the server's code, or
    // UNEXPECTED for a call that threw.
    if (snapshot.matches({ summary: 'pdfFailed' }))
      expect(snapshot.context.pdfError).toMatch(/^(INTERNAL|UNEXPECTED)$/);
  } else {
    const section = SECTION_IDS[index]!;
    // An answer is in its field (the first section's question is the one the models answer).
    if (index === 0)
      expect(screen.getByLabelText(t('blueprint.question.foundation_domain.label'))).toHaveProperty(
        'value',
        String(snapshot.context.answers.foundation_domain ?? ''),
      );
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: t(`blueprint.section.${section}.title`),
      }),
    ).toBeInTheDocument();
    expect(current[0]).toContain(t(`blueprint.section.${section}.title`));
    expect(
      screen.getByRole('button', {
        name: t(index === SECTION_COUNT - 1 ? 'blueprint.nav.toSummary' : 'blueprint.nav.next'),
      }),
    ).toHaveProperty('disabled', busy);
    expect(button('blueprint.nav.previous')).toHaveProperty('disabled', busy || index === 0);
    const text = status();
    const shows = (id: string, values = {}) => text.includes(t(id, values));
    expect(shows('blueprint.upload.uploading')).toBe(snapshot.matches({ questions: 'uploading' }));
    expect(shows('blueprint.upload.rejected.type', { name: 'logo.png' })).toBe(
      snapshot.matches({ questions: 'uploadRejected' }),
    );
    expect(shows('blueprint.upload.failed')).toBe(snapshot.matches({ questions: 'uploadFailed' }));
    // "Continue later" answers under its own button, where the visitor is looking.
    const later = document.querySelector('.blueprint-later [role=status]')?.textContent ?? '';
    const saysLater = (id: string, values = {}) => later.includes(t(id, values));
    expect(saysLater('blueprint.later.saving')).toBe(
      snapshot.matches({ questions: 'savingDraft' }),
    );
    expect(saysLater('blueprint.later.sent', { email: 'ann@example.nl' })).toBe(
      snapshot.matches({ questions: 'draftSaved' }),
    );
    expect(saysLater('blueprint.later.failed')).toBe(
      snapshot.matches({ questions: 'draftFailed' }),
    );
    // and nowhere else
    expect(text.split(t('blueprint.later.saving')).length).toBeLessThanOrEqual(2);
    expect(shows('blueprint.resume.loaded')).toBe(snapshot.matches({ questions: 'resumed' }));
    expect(shows('blueprint.resume.notFound')).toBe(
      snapshot.matches({ questions: 'resumeNotFound' }),
    );
  }
}

/**
 * The second model: a visit through the private resume link. It starts in `loading`; its paths
 * walk every transition out of `loading`, `resumed` and `resumeNotFound` (the rest of the chart
 * is the first model's), each through the real screen; the third the one it cannot take (a link
 * finding nothing, opened at the last section: Next goes to the summary).
 */
describe('Blueprint 100 resume link, model-based through the real screen', () => {
  it('has transitions to walk out of every resume state, and only those', () => {
    expect(resumeModel.edges.length).toBeGreaterThan(20);
    for (const value of RESUME_STATES)
      expect(resumeModel.edges.some((edge) => edge.source.matches(value as never))).toBe(true);
  });
  walkEveryTransition(
    resumeModel,
    () => start(resumeInput),
    () => assertScreen,
    {
      timeout: 240_000,
    },
  );
  describe('finding nothing at the last section', () => {
    walkEveryTransition(
      lastSectionModel,
      () => start(lastSectionInput),
      () => assertScreen,
    );
  });
});

describe('Blueprint 100 journeys', { timeout: 60_000 }, () => {
  it('answers are kept and saved, the score reaches 100, PDF and send carry the answers', async () => {
    const session = start();
    const answers: Answers = {
      ...FULL_TEXT_ANSWERS,
      credibility_assets: [LOGO],
      branding_logoUpload: [LOGO],
    };
    for (const [questionId, value] of Object.entries(answers))
      act(() => {
        session.actor.send({
          type: 'user.answer',
          questionId: questionId as never,
          value: value as never,
        });
      });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(t('blueprint.progress.complete'))).toBeInTheDocument();
    fireEvent.click(stepPill(SECTION_COUNT));
    expect(screen.getByText(t('blueprint.summary.score', { score: 100 }))).toBeInTheDocument();
    expect(screen.getByText(t('blueprint.score.perfect'))).toBeInTheDocument();
    expect(screen.queryByText(/is missing/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t('blueprint.pdf.download') }));
    expect(session.calls.createPdf?.[0]).toMatchObject({ answers, lang: 'en' });
    await session.driver[DONE.pdf]({
      type: DONE.pdf,
      output: { ok: true, data: 'JVBERi0=', filename: 'blueprint-100-100.pdf' },
    });
    expect(session.downloads).toEqual(['blueprint-100-100.pdf']);
    expect(session.saved.at(-1)).toEqual({ answers, index: SECTION_COUNT });
    session.stop();
  });

  it('a missing answer shows the SPEC prompt; Fill now jumps to its section', () => {
    const session = start();
    fireEvent.click(stepPill(SECTION_COUNT));
    const label = t('blueprint.question.marketing_funnel.summary');
    expect(screen.getByText(t('blueprint.summary.missing', { label }))).toBeInTheDocument();
    fireEvent.click(
      screen.getByRole('button', { name: `${t('blueprint.summary.fillNow')}: ${label}` }),
    );
    expect(session.getSnapshot().context.index).toBe(4);
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: t('blueprint.section.integrations-marketing.title'),
      }),
    ).toBeInTheDocument();
    // The keyboard (and with it the scroll position) is at the missing answer itself.
    expect(document.activeElement?.closest('[data-question="marketing_funnel"]')).not.toBeNull();
    // Back to the summary by the stepper, and away again by it: the section's heading.
    fireEvent.click(stepPill(SECTION_COUNT));
    fireEvent.click(stepPill(1));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', {
        level: 2,
        name: t(`blueprint.section.${SECTION_IDS[1]}.title`),
      }),
    );
    session.stop();
  });

  it('a failed send keeps the answers and retries with the same Idempotency-Key', async () => {
    const session = start();
    fireEvent.click(stepPill(SECTION_COUNT));
    session.driver['user.send']({
      type: 'user.send',
      email: 'ann@example.nl',
      name: 'Ann',
      consent: false,
    });
    await session.driver[DONE.send]({ type: DONE.send, output: { ok: false, code: 'NETWORK' } });
    expect(screen.getByText(t('blueprint.send.failed'))).toBeInTheDocument();
    session.driver['user.send']({
      type: 'user.send',
      email: 'ann@example.nl',
      name: 'Ann',
      consent: false,
    });
    const [first, second] = session.calls.sendBlueprint as Array<{
      idempotencyKey: string;
      consent: boolean;
    }>;
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(first!.consent).toBe(false);
    session.stop();
  });

  it('a resume link loads the server draft; an unknown one says so', async () => {
    for (const [result, expected] of [
      [{ ok: true, answers: { foundation_domain: 'x.nl' }, index: 2 }, 'blueprint.resume.loaded'],
      [{ ok: false, code: 'NOT_FOUND' }, 'blueprint.resume.notFound'],
    ] as const) {
      let resolve: (r: LoadDraftResult) => void = () => {};
      const machine = blueprintMachine.provide({
        actors: {
          loadDraft: fromPromise<LoadDraftResult, unknown>(
            () => new Promise((r) => (resolve = r)),
          ) as never,
        },
        actions: { persistLocal: () => {}, persistToken: () => {} },
      });
      const actor = createActor(machine, { input: { lang: 'en', resumeToken: TOKEN } }).start();
      const view = render(
        <RawIntlProvider value={intl}>
          <BlueprintQuestionnaire actor={actor} lang="en" />
        </RawIntlProvider>,
      );
      expect(actor.getSnapshot().matches('loading')).toBe(true);
      await act(async () => {
        resolve(result);
        await Promise.resolve();
      });
      expect(screen.getByText(t(expected))).toBeInTheDocument();
      if (result.ok) {
        expect(actor.getSnapshot().context.index).toBe(2);
        expect(actor.getSnapshot().context.draftToken).toBe(TOKEN);
      }
      view.unmount();
      actor.stop();
    }
  });
});
