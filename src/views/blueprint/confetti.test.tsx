// @vitest-environment jsdom
// The burst at 100 (SPEC 4 and 9): 60 to 100 pieces, gone after its 8-second life, and nothing at
// all under prefers-reduced-motion (the label is still announced).

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFETTI } from '#domain/blueprint.ts';
import { Confetti } from './confetti.tsx';

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Confetti', () => {
  it('bursts 60 to 100 pieces and clears them after its life', () => {
    vi.useFakeTimers();
    prefersReducedMotion(false);
    const { container } = render(<Confetti label="Hooray" />);
    const burst = container.querySelector('.blueprint-confetti')!;
    const pieces = burst.querySelectorAll('.blueprint-confetti__piece').length;
    expect(pieces).toBeGreaterThanOrEqual(CONFETTI.minPieces);
    expect(pieces).toBeLessThanOrEqual(CONFETTI.maxPieces);
    expect(burst.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('status')).toHaveTextContent('Hooray');
    act(() => {
      vi.advanceTimersByTime(CONFETTI.lifeMs);
    });
    expect(container.querySelector('.blueprint-confetti')).toBeNull();
  });

  it('draws nothing under prefers-reduced-motion', () => {
    prefersReducedMotion(true);
    const { container } = render(<Confetti label="Hooray" />);
    expect(container.querySelector('.blueprint-confetti')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Hooray');
  });
});
