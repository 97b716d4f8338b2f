import { describe, expect, it } from 'vitest';
import {
  importCycles,
  isTestFile,
  sourceFiles,
  valueImportGraph,
  valueSpecifiers,
} from './import-graph.ts';

describe('import cycles', () => {
  it('reads value imports and leaves type-only ones out', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C, type D } from './c.ts';",
      "import { type E, e } from './e.ts';",
      'import {',
      '  f,',
      '  type F,',
      "} from './f.ts';",
      "import './g.css';",
      "export * from './h.ts';",
      "export type { I } from './i.ts';",
      "export { j } from './j.ts';",
      "import * as k from './k.ts';",
      "const l = import('./l.ts');",
    ].join('\n');
    expect(valueSpecifiers(source)).toEqual([
      './a.ts',
      './e.ts',
      './f.ts',
      './g.css',
      './h.ts',
      './j.ts',
      './k.ts',
    ]);
  });

  it('finds a circle and names its files in order', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('no source file in api/, domain/, machines/ or src/ loads itself through a circle', () => {
    const files = sourceFiles().filter((file) => !isTestFile(file));
    const cycles = importCycles(valueImportGraph(files));
    expect(cycles.map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
