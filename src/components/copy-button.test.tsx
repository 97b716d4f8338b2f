// @vitest-environment jsdom
// The shared Copy button (here with the link generators' words): Clipboard API first, a hidden textarea when it fails,
// "Copied!" for exactly COPIED_FEEDBACK_MS.

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '#locales/en.json';
import { COPIED_FEEDBACK_MS } from '#machines/shared/copy-button.machine.ts';
import { CopyButton } from './copy-button.tsx';

const t = en as Record<string, string>;
const LINK = 'https://studio.example/checkout?plans=webHosting_total&lang=nl&interval=monthly';

function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
}
function setExecCommand(fn: ((command: string) => boolean) | undefined) {
  Object.defineProperty(document, 'execCommand', { value: fn, configurable: true });
}

async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderButton() {
  render(
    <IntlProvider locale="en" messages={t}>
      <CopyButton
        text={LINK}
        messages={{
          copy: 'dashboard.links.copy',
          copied: 'dashboard.links.copied',
          failed: 'dashboard.links.copyFailed',
        }}
      />
    </IntlProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setClipboard(undefined);
  setExecCommand(undefined);
});

describe('CopyButton', () => {
  it('copies through the Clipboard API and says Copied! for two seconds', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: t['dashboard.links.copy'] }));
    await flush();
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(screen.getByRole('button').textContent).toBe(t['dashboard.links.copied']);
    await flush(COPIED_FEEDBACK_MS - 1);
    expect(screen.getByRole('button').textContent).toBe(t['dashboard.links.copied']);
    await flush(1);
    expect(screen.getByRole('button').textContent).toBe(t['dashboard.links.copy']);
    expect(COPIED_FEEDBACK_MS).toBe(2000);
  });

  it('falls back to a hidden textarea when the Clipboard API refuses', async () => {
    setClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    let copied: string | null = null;
    const exec = vi.fn((command: string) => {
      const active = document.activeElement;
      copied = active instanceof HTMLTextAreaElement ? active.value : null;
      return command === 'copy';
    });
    setExecCommand(exec);
    renderButton();
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(exec).toHaveBeenCalledWith('copy');
    expect(copied).toBe(LINK);
    expect(document.querySelector('textarea')).toBeNull();
    expect(screen.getByRole('button').textContent).toBe(t['dashboard.links.copied']);
  });

  it('uses the textarea when there is no Clipboard API at all', async () => {
    setClipboard(undefined);
    const exec = vi.fn(() => true);
    setExecCommand(exec);
    renderButton();
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(exec).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button').textContent).toBe(t['dashboard.links.copied']);
  });

  it('says so when both ways fail, and a second click tries again', async () => {
    const writeText = vi.fn((): Promise<void> => Promise.reject(new Error('denied')));
    setClipboard({ writeText });
    setExecCommand(() => false);
    renderButton();
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(screen.getByRole('status').textContent).toBe(t['dashboard.links.copyFailed']);
    expect(screen.getByRole('button').textContent).toBe(t['dashboard.links.copy']);
    writeText.mockImplementation(() => Promise.resolve());
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button').textContent).toBe(t['dashboard.links.copied']);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
