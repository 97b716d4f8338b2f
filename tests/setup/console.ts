import { afterEach, beforeEach, vi } from 'vitest';

// Tests fail on an unexpected console.error / console.warn. A test that expects one says so with
// `expectConsole('warn', /pattern/)` before the code that logs it.
const expected: Array<{ level: 'error' | 'warn'; pattern: RegExp; seen: boolean }> = [];

export function expectConsole(level: 'error' | 'warn', pattern: RegExp): void {
  expected.push({ level, pattern, seen: false });
}

const unexpected: string[] = [];

for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
    const match = expected.find((e) => e.level === level && e.pattern.test(text));
    if (match) {
      match.seen = true;
      return;
    }
    unexpected.push(`console.${level}: ${text}`);
    original(...args);
  };
}

beforeEach(() => {
  expected.length = 0;
  unexpected.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  const problems = [...unexpected];
  unexpected.length = 0;
  if (problems.length > 0) throw new Error(`Unexpected console output:\n${problems.join('\n')}`);
});
