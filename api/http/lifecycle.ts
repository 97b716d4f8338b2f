/**
 * The server's lifecycle: `starting` (migrations running, readiness fails), `ready`, then
 * `stopping` (readiness fails, new work refused, long-lived work asked to end).
 *
 * Long-lived streams (SSE) and background jobs register here with `track(kind, stop)`; on SIGTERM
 * the server calls every `stop` (an SSE route ends its stream, so its connection closes and the
 * server can finish), waits for them to settle (bounded by a time-out), then closes the database.
 * This registry is per process by nature: it holds this server's own open connections and timers,
 * nothing that another server must agree on.
 */

export type LifecyclePhase = 'starting' | 'ready' | 'stopping';

export interface Lifecycle {
  readonly phase: LifecyclePhase;
  /** Aborted when shutdown begins; pass it to loops and `fetch`es of long-lived work. */
  readonly stopping: AbortSignal;
  /** Start-up is done (migrations applied, app built): readiness may pass. */
  markReady(): void;
  /**
   * Registers one open stream or running job. `stop` is called once when the server shuts down
   * (end the stream, stop the timer, finish or abandon the job; it may return a promise).
   * Returns `release`, to call when the stream or job ends by itself. During shutdown a new
   * registration is stopped at once.
   */
  track(kind: string, stop: () => void | Promise<void>): () => void;
  /** Open registrations per kind. */
  open(): Record<string, number>;
  /**
   * Begins shutdown: phase `stopping`, `stopping` aborted, every `stop` called; resolves once all
   * have settled or `timeoutMs` has passed. Idempotent.
   */
  shutdown(timeoutMs?: number): Promise<{ stopped: number; timedOut: boolean }>;
}

export function createLifecycle(options: { ready?: boolean } = {}): Lifecycle {
  let phase: LifecyclePhase = options.ready ? 'ready' : 'starting';
  const controller = new AbortController();
  const entries = new Map<symbol, { kind: string; stop: () => void | Promise<void> }>();
  let shuttingDown: Promise<{ stopped: number; timedOut: boolean }> | null = null;

  const runStop = async (stop: () => void | Promise<void>) => {
    try {
      await stop();
    } catch {
      // a stream that fails to end cleanly is ended by closing its connection anyway
    }
  };

  return {
    get phase() {
      return phase;
    },
    stopping: controller.signal,
    markReady() {
      if (phase === 'starting') phase = 'ready';
    },
    track(kind, stop) {
      if (phase === 'stopping') {
        void runStop(stop);
        return () => {};
      }
      const id = Symbol(kind);
      entries.set(id, { kind, stop });
      return () => {
        entries.delete(id);
      };
    },
    open() {
      const counts: Record<string, number> = {};
      for (const { kind } of entries.values()) counts[kind] = (counts[kind] ?? 0) + 1;
      return counts;
    },
    shutdown(timeoutMs = 5_000) {
      shuttingDown ??= (async () => {
        phase = 'stopping';
        controller.abort();
        const stops = [...entries.values()].map(({ stop }) => runStop(stop));
        entries.clear();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          Promise.all(stops).then(() => false),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(true), timeoutMs);
            timer.unref();
          }),
        ]);
        clearTimeout(timer);
        return { stopped: stops.length, timedOut };
      })();
      return shuttingDown;
    },
  };
}
