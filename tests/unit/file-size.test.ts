import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestFile, ROOT, sourceFiles } from './import-graph.ts';

// No hand-written source file over 400 lines: a longer file is split by responsibility. Tests,
// generated files and the locale catalogues (JSON, not listed here) are left out.
const MAX_LINES = 400;
const GENERATED = new Set(['src/routeTree.gen.ts']);

const EXCEPTIONS: Record<string, string> = {};

const lineCount = (file: string) =>
  readFileSync(join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n').length;

describe('file size', () => {
  it(`no hand-written source file is over ${MAX_LINES} lines`, () => {
    const files = sourceFiles().filter(
      (file) => !isTestFile(file) && !GENERATED.has(file) && !(file in EXCEPTIONS),
    );
    const over = files
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });

  it('keeps no exception that is no longer needed', () => {
    const stale = Object.keys(EXCEPTIONS).filter((file) => lineCount(file) <= MAX_LINES);
    expect(stale).toEqual([]);
  });

  // The server's feature wings (issue 41): no folder of api/ holds more than 20 source files.
  it('keeps every folder of the server at 20 source files or fewer', () => {
    const perFolder = new Map<string, number>();
    for (const file of sourceFiles(['api']).filter((f) => !isTestFile(f)))
      perFolder.set(dirname(file), (perFolder.get(dirname(file)) ?? 0) + 1);
    const crowded = [...perFolder].filter(([, count]) => count > 20).map(([dir]) => dir);
    expect(crowded).toEqual([]);
    expect(perFolder.size).toBeGreaterThan(15);
  });
});
