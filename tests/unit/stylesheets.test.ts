// Our stylesheets use no CSS nesting: a rule opened inside another (a lost `}`) is still valid CSS
// today, so neither the build nor Prettier complains, yet every rule after it silently stops
// matching (it once switched off the mail-setup page's and the chat inbox's styles). Only
// at-rules (@media, @supports, ...) may hold rules.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../src');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** Each rule opened inside a style rule, as "line: outer > inner"; and braces left open. */
function nestedRules(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const open: string[] = [];
  const found: string[] = [];
  let prelude = '';
  let line = 1;
  for (const ch of text) {
    if (ch === '\n') line += 1;
    if (ch === '{') {
      const selector = prelude.split(';').at(-1)!.trim();
      const parent = open.at(-1);
      if (parent !== undefined && !parent.startsWith('@') && !selector.startsWith('@'))
        found.push(`${line}: ${parent} > ${selector}`);
      open.push(selector);
      prelude = '';
    } else if (ch === '}') {
      if (open.pop() === undefined) found.push(`${line}: a } closes nothing`);
      prelude = '';
    } else prelude += ch;
  }
  for (const selector of open) found.push(`end: ${selector} is never closed`);
  return found;
}

describe('stylesheets', () => {
  it('finds a lost brace (the check itself)', () => {
    expect(nestedRules('.a {\n  color: red;\n.b { color: blue; }\n}')).toEqual(['3: .a > .b']);
    expect(nestedRules('@media (min-width: 1px) { .a { color: red; } }')).toEqual([]);
    expect(nestedRules('.a { color: red;')).toEqual(['end: .a is never closed']);
  });

  for (const file of stylesheets(root))
    it(`${path.relative(root, file)} nests no rule in another`, () => {
      expect(nestedRules(readFileSync(file, 'utf8'))).toEqual([]);
    });
});
