/**
 * A fixed-window counter in memory (one server process; a restart forgets, which only makes it
 * more lenient). Used to slow down password guessing: `hit(key)` counts a failure, `check(key)`
 * says how long the key is still blocked.
 */
export interface RateLimiter {
  /** Seconds until `key` may try again, or 0 when it is not blocked. */
  check(key: string): number;
  /** Counts one attempt for `key`. */
  hit(key: string): void;
  reset(key: string): void;
}

export function createRateLimiter(options: {
  /** attempts allowed in one window */
  limit: number;
  windowMs: number;
  now?: () => number;
  /** entries kept at most (oldest dropped first), so a flood of keys cannot exhaust memory */
  maxKeys?: number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  const windows = new Map<string, { count: number; resetAt: number }>();

  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    check(key) {
      const entry = current(key);
      if (!entry || entry.count < options.limit) return 0;
      return Math.max(1, Math.ceil((entry.resetAt - now()) / 1000));
    },
    hit(key) {
      const entry = current(key);
      if (entry) {
        entry.count++;
        return;
      }
      if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
      windows.set(key, { count: 1, resetAt: now() + options.windowMs });
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
