import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSources, scanMessageKeys } from './message-keys.ts';

// A small product of its own: a catalogue and a few source files that use it in every way the
// scanner knows, plus the ways it must not count.
const KEYS = [
  'shop.title',
  'shop.item.name',
  'shop.plan.basic.label',
  'shop.plan.pro.label',
  'shop.section.intro.heading',
  'shop.unused',
  'shop.onlyInComment',
  'shop.onlyInTest',
];

const FILES: Record<string, string> = {
  'src/view.tsx': [
    "import { FormattedMessage } from 'react-intl';",
    'export const Title = () => <FormattedMessage id="shop.title" />;',
    "const ITEM = 'shop.item';",
    'export const name = `${ITEM}.name`;',
    'export const plan = (id: string) => `shop.plan.${id}.label`;',
    "// 'shop.onlyInComment' is only mentioned here",
    '/* and `shop.onlyInComment` here */',
    "export const typo = 'shop.titel';",
    'export const broken = (id: string) => `shop.nothing.${id}`;',
    "export const prefix = 'shop.plan';",
    "export const file = 'shop.pdf';",
  ].join('\n'),
  'api/routes.ts': "export const names = { limit: 'shop.rule' };\n",
  'src/view.test.tsx': "export const onlyHere = 'shop.onlyInTest';\n",
  'src/routeTree.gen.ts': "export const generated = 'shop.unused';\n",
};

const root = mkdtempSync(path.join(tmpdir(), 'message-keys-'));
for (const [file, text] of Object.entries(FILES)) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('readSources', () => {
  it('reads the TypeScript of the given folders, without tests and the generated route tree', () => {
    expect(readSources(root, ['src', 'api']).map((f) => f.path)).toEqual([
      path.join('src', 'view.tsx'),
      path.join('api', 'routes.ts'),
    ]);
  });
});

describe('scanMessageKeys', () => {
  const files = readSources(root, ['src', 'api']);

  it('finds literal keys, keys built on a constant, and templates; never comments or tests', () => {
    const scan = scanMessageKeys(KEYS, files, {
      names: [`${path.join('api', 'routes.ts')}: shop.rule`],
    });
    expect(scan.unused).toEqual([
      'shop.section.intro.heading',
      'shop.unused',
      'shop.onlyInComment',
      'shop.onlyInTest',
    ]);
  });

  it('reports names of a catalogue area that are no key, and templates that build none', () => {
    const scan = scanMessageKeys(KEYS, files);
    expect(scan.missing).toEqual([
      `${path.join('src', 'view.tsx')}: shop.titel`,
      `${path.join('src', 'view.tsx')}: shop.nothing.\${...}`,
      `${path.join('api', 'routes.ts')}: shop.rule`,
    ]);
  });

  it('counts an explicit pattern as a use, and reports a pattern that names no key', () => {
    const scan = scanMessageKeys(KEYS, files, {
      patterns: [/^shop\.section\.[a-z]+\.heading$/, /^shop\.gone\./],
      names: [path.join('api', 'routes.ts')],
    });
    expect(scan.unused).not.toContain('shop.section.intro.heading');
    expect(scan.missing).toContain('pattern /^shop\\.gone\\./ names no key');
  });
});
