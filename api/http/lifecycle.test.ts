import { describe, expect, it } from 'vitest';
import { createLifecycle } from './lifecycle.ts';

describe('lifecycle', () => {
  it('goes starting -> ready -> stopping', async () => {
    const lifecycle = createLifecycle();
    expect(lifecycle.phase).toBe('starting');
    lifecycle.markReady();
    expect(lifecycle.phase).toBe('ready');
    expect(lifecycle.stopping.aborted).toBe(false);
    await lifecycle.shutdown();
    expect(lifecycle.phase).toBe('stopping');
    expect(lifecycle.stopping.aborted).toBe(true);
    lifecycle.markReady();
    expect(lifecycle.phase).toBe('stopping');
  });

  it('ends every open stream and job on shutdown, and forgets released ones', async () => {
    const lifecycle = createLifecycle({ ready: true });
    const ended: string[] = [];
    lifecycle.track('sse', () => void ended.push('a'));
    const release = lifecycle.track('sse', () => void ended.push('b'));
    lifecycle.track('job', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ended.push('job');
    });
    expect(lifecycle.open()).toEqual({ sse: 2, job: 1 });
    release();
    expect(lifecycle.open()).toEqual({ sse: 1, job: 1 });
    expect(await lifecycle.shutdown()).toEqual({ stopped: 2, timedOut: false });
    expect(ended.sort()).toEqual(['a', 'job']);
    expect(lifecycle.open()).toEqual({});
    // a stream opened while stopping is ended at once
    lifecycle.track('sse', () => void ended.push('late'));
    await Promise.resolve();
    expect(ended).toContain('late');
  });

  it('does not wait for ever on a job that will not stop, nor fail on one that throws', async () => {
    const lifecycle = createLifecycle({ ready: true });
    lifecycle.track('stuck', () => new Promise<void>(() => {}));
    lifecycle.track('broken', () => {
      throw new Error('boom');
    });
    expect(await lifecycle.shutdown(50)).toEqual({ stopped: 2, timedOut: true });
  });
});
