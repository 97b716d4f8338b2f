import { afterEach, beforeEach, vi } from 'vitest';

// Tests fail on an unexpected console.error / console.warn. A test that expects one says so with
// `expectConsole('warn', /pattern/)` before the code that logs it, and fails when it never came
// (so a test cannot keep passing after the warning it is about has gone).
const expected: Array<{ level: 'error' | 'warn'; pattern: RegExp; seen: boolean }> = [];

export function expectConsole(level: 'error' | 'warn', pattern: RegExp): void {
  expected.push({ level, pattern, seen: false });
}

const unexpected: string[] = [];

for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
    // Each declaration waits for its own occurrence; once all are seen, repeats are still allowed.
    const fits = (e: (typeof expected)[number]) => e.level === level && e.pattern.test(text);
    const match = expected.find((e) => !e.seen && fits(e)) ?? expected.find(fits);
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

/** What went wrong with the console in this test so far (unexpected output, missing output); clears. */
export function takeConsoleProblems(): string[] {
  const problems = [
    ...unexpected,
    ...expected
      .filter((e) => !e.seen)
      .map((e) => `expected console.${e.level} matching ${String(e.pattern)} never came`),
  ];
  unexpected.length = 0;
  expected.length = 0;
  return problems;
}

afterEach(() => {
  vi.useRealTimers();
  const problems = takeConsoleProblems();
  if (problems.length > 0) throw new Error(`Unexpected console output:\n${problems.join('\n')}`);
});
