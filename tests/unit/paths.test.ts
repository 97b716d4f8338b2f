// QA's paths (API.md section 15, README "For QA"): every machine is registered, its chart in
// docs/machines/ is current, and the JSON and Mermaid exports agree with each other and with the
// graph the model tests walk.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  chartStates,
  exportJson,
  type PathsExport,
  mermaidId,
  mermaidLabel,
  modelTransitions,
  readMermaidArrows,
  REGIONS_ID,
  specModels,
  tripleKey,
} from '#tests/paths/chart.ts';
import { main } from '#tests/paths/cli.ts';
import { DOCS_DIR, docsPages } from '#tests/paths/docs.ts';
import { MACHINES } from '#tests/paths/registry.ts';

/** `npm run paths -- <name> --format <format>`'s output. */
function main_(name: string, format: string): string {
  let out = '';
  const code = main(
    [name, '--format', format],
    (text) => (out += text),
    (text) => {
      throw new Error(text);
    },
  );
  expect(code).toBe(0);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'getTransitionData' in value &&
  typeof (value as { id?: unknown }).id === 'string';

describe('the machine registry', () => {
  it('has every machine exported from machines/ (the account and staff forms as formAction)', async () => {
    const found: string[] = [];
    for (const file of sourceFiles('machines')) {
      const module = (await import(`../../${file}`)) as Record<string, unknown>;
      for (const value of Object.values(module))
        if (isMachine(value)) found.push(file.endsWith('-flows.ts') ? 'formAction' : value.id);
    }
    const registered = MACHINES.map((m) => m.name);
    expect([...new Set(found)].filter((name) => !registered.includes(name))).toEqual([]);
    expect(registered.filter((name) => !found.includes(name))).toEqual([]);
    for (const entry of MACHINES)
      if (entry.name !== 'formAction') expect(entry.machine.id).toBe(entry.name);
  });

  it('names a test file that exists for every machine', () => {
    for (const entry of MACHINES) expect(() => readFileSync(entry.test), entry.test).not.toThrow();
  });
});

describe('docs/machines', () => {
  it('holds the current chart of every machine (npm run paths:docs writes them)', () => {
    const pages = docsPages();
    const stale = [...pages].filter(([file, text]) => {
      try {
        return readFileSync(join(DOCS_DIR, file), 'utf8') !== text;
      } catch {
        return true;
      }
    });
    expect(
      stale.map(([file]) => file),
      'out of date: run npm run paths:docs and commit docs/machines',
    ).toEqual([]);
    expect(readdirSync(DOCS_DIR).sort()).toEqual([...pages.keys()].sort());
  });
});

describe.each(MACHINES.map((entry) => [entry.name, entry] as const))(
  'the chart of %s',
  (name, entry) => {
    it('is the same in JSON and in Mermaid: states (nested) and transitions', () => {
      const json = JSON.parse(main_(name, 'json')) as PathsExport;
      const mermaid = main_(name, 'mermaid');
      // Not states of the chart: the one drawn around a parallel machine's regions, and the
      // machine itself, where the transitions it declares start.
      const declared = [...mermaid.matchAll(/state "[^"]*" as (\w+)/g)]
        .map((m) => m[1])
        .filter((id) => id !== REGIONS_ID && id !== mermaidId(entry.machine.id));
      expect(declared).toEqual(json.states.map(mermaidId));
      expect(json.states).toEqual(chartStates(entry.machine));
      expect(readMermaidArrows(mermaid)).toEqual(
        json.transitions.map((t) => ({
          from: mermaidId(t.from),
          to: mermaidId(t.to),
          label: mermaidLabel(t.event),
        })),
      );
    });
  },
);

describe.each(MACHINES.map((entry) => [entry.name, entry] as const))(
  'the exports of %s',
  (_name, entry) => {
    const { spec } = entry;
    const json = exportJson(entry.name, spec);

    it("every transition of the model test's graph is in the JSON, and every JSON transition an event can take is taken", () => {
      const exported = new Set(json.transitions.map(tripleKey));
      const walked = modelTransitions(spec).map(tripleKey);
      expect(walked.filter((key) => !exported.has(key))).toEqual([]);
      // Only eventless transitions are not taken by an event of the model.
      const taken = new Set(walked);
      expect(
        json.transitions.filter((t) => t.event !== 'always' && !taken.has(tripleKey(t))),
      ).toEqual([]);
    });

    it('its paths are the covering paths the model test walks, each step a JSON transition', () => {
      const walked = specModels(spec).flatMap(({ model }) => model.coveringPaths());
      expect(json.paths.map((p) => p.name)).toEqual(walked.map((p) => p.description));
      expect(json.paths.map((p) => p.steps.length)).toEqual(walked.map((p) => p.steps.length));
      const events = new Set(json.transitions.map((t) => t.event));
      const states = new Set(chartStates(entry.machine));
      for (const path of json.paths) {
        expect(path.steps[0]?.event.type).toBe('xstate.init');
        for (const step of path.steps.slice(1)) {
          expect(events).toContain(step.event.type);
          for (const part of step.state.split(' + ')) expect(states).toContain(part);
        }
      }
    });
  },
);

describe('npm run paths', () => {
  const run = (...args: string[]) => {
    let out = '';
    let err = '';
    const code = main(
      args,
      (text) => (out += text),
      (text) => (err += text),
    );
    return { code, out, err };
  };

  it('lists every machine with its states, transitions and paths', () => {
    const { code, out } = run();
    expect(code).toBe(0);
    for (const entry of MACHINES)
      expect(out).toMatch(new RegExp(`^${entry.name} +\\d+ +\\d+ +\\d+ `, 'm'));
    expect(out).toMatch(/^planner +15 +35 +\d+ +src\/views\/planner\/planner-view\.test\.tsx$/m);
    expect(out).not.toMatch(/ - /);
  });

  it('prints a machine’s paths as numbered steps with the event, its data and the state', () => {
    const { code, out } = run('planner');
    expect(code).toBe(0);
    expect(out).toContain('Path 1 of ');
    expect(out).toContain('   start in start — shows "Find the right plan in 5 quick questions"');
    expect(out).toContain('  1. user.start → situation — shows "Where you are now", Step 1 of 5');
    expect(out).toMatch(/\d\. user\.choose\(situation, starting\) → situation/);
    expect(out).toMatch(/\d\. storeLead done\(ok\) → thankYou/);
  });

  it('exports JSON of the shape API.md section 15 names, and Mermaid', () => {
    const json = JSON.parse(run('plannerMachine', '--format', 'json').out) as Record<
      string,
      unknown
    >;
    expect(Object.keys(json)).toEqual(['machine', 'states', 'transitions', 'paths']);
    expect(json.machine).toBe('planner');
    expect((json.transitions as unknown[])[0]).toEqual({
      from: 'start',
      event: 'user.start',
      to: 'situation',
    });
    expect(run('planner', '--format=mermaid').out).toMatch(/^stateDiagram-v2\n/);
    // Nested states are drawn inside their parent.
    expect(run('consultationConfirmed', '--format', 'mermaid').out).toContain(
      'state "found" as found {\n    [*] --> found_editing',
    );
  });

  it('prints each model of a machine its test walks in several, under its title', () => {
    const { code, out } = run('chatInbox');
    expect(code).toBe(0);
    expect(out).toContain('Model 1 of 3: inbox list and stream (');
    expect(out).toContain('Model 3 of 3: the open conversation (');
    const json = JSON.parse(run('chatInbox', '--format', 'json').out) as PathsExport;
    expect(new Set(json.paths.map((p) => p.model)).size).toBe(3);
  });

  it('draws a transition declared on the machine itself once, from the machine', () => {
    const json = JSON.parse(run('domainCheck', '--format', 'json').out) as PathsExport;
    expect(json.transitions).toContainEqual({
      from: 'domainCheck',
      event: 'user.check',
      to: 'invalid',
    });
    // Not from each state: in `available` the name was checked, so it is not invalid.
    expect(json.transitions.filter((t) => t.from === 'available')).toEqual([]);
    const mermaid = run('domainCheck', '--format', 'mermaid').out;
    expect(mermaid).toContain('  state "domainCheck (any state)" as domainCheck\n');
    expect(mermaid).toContain('  domainCheck --> invalid: user.check');
  });

  it('fails naming the machines there are for an unknown one, or a wrong format', () => {
    const unknown = run('plannr');
    expect(unknown.code).not.toBe(0);
    expect(unknown.err).toContain('no machine named "plannr"');
    for (const entry of MACHINES) expect(unknown.err).toContain(entry.name);
    expect(run('planner', '--format', 'yaml').code).not.toBe(0);
  });
});
