// The decision log is a list of records, one `## <ID>: title` heading each, and code cites them as
// `decision <ID>`, `decisions <ID> to <ID>` or `(<ID>)`. This test holds the log to that shape:
// ids are unique, every record has its context, decision and consequences, every citation in code,
// tests, README and notes names a record that exists, and no record is longer than a screen (40
// lines of 100 characters).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const log = readFileSync(path.join(root, 'docs/decisions.md'), 'utf8');

/**
 * A record id: one or two letters, a number from 1 to 999, an optional branch part and an optional
 * `-n` suffix (M15, FD1, C14-1, D38A-4, D45UI-2, D40-6a). Codes such as SQLSTATE P0001 or ES2022
 * are not ids.
 */
const ID = String.raw`[A-Z]{1,2}[1-9]\d{0,2}[A-Z]*(?:-\d+[a-z]?)?`;
const HEADING = new RegExp(String.raw`^## (${ID}): \S`);
/** `decision M15`, `decisions D38A-1 to D38A-3`, `decisions P1, P2 and P11`, `decision O3/M1`. */
const CITED_AFTER_WORD = new RegExp(
  String.raw`\b[Dd]ecisions?(?: record)? (${ID}(?:(?:, | and | to | or |/)${ID})*)\b`,
  'g',
);
const CITED_IN_PARENS = new RegExp(String.raw`\((${ID})\)`, 'g');

const SKIPPED = new Set(['node_modules', 'build', 'coverage', 'test-results', 'data']);
const CITING = /\.(ts|tsx|mts|mjs|js|md|sql|css|ya?ml|sh)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return CITING.test(entry.name) ? [full] : [];
  });
}

/** Every citation in `text`, with its line number. */
function citationsIn(text: string): { line: number; id: string }[] {
  const found: { line: number; id: string }[] = [];
  text.split('\n').forEach((content, index) => {
    for (const match of content.matchAll(CITED_AFTER_WORD))
      for (const id of match[1]!.match(new RegExp(ID, 'g'))!) found.push({ line: index + 1, id });
    for (const match of content.matchAll(CITED_IN_PARENS))
      found.push({ line: index + 1, id: match[1]! });
  });
  return found;
}

interface Record {
  id: string;
  heading: string;
  lines: string[];
}

function records(text: string): Record[] {
  const result: Record[] = [];
  for (const line of text.split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) result.push({ id: heading[1]!, heading: line, lines: [] });
    else result.at(-1)?.lines.push(line);
  }
  return result;
}

const all = records(log);
const ids = new Set(all.map((record) => record.id));

describe('docs/decisions.md', () => {
  it('is a list of records: every second-level heading is `## <ID>: title`', () => {
    const others = log.split('\n').filter((line) => /^##? /.test(line) && !HEADING.test(line));
    expect(others).toEqual(['# Decisions']);
    expect(all.length).toBeGreaterThan(200);
  });

  it('gives every record its own id', () => {
    const seen = new Map<string, number>();
    for (const record of all) seen.set(record.id, (seen.get(record.id) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1).map(([id]) => id)).toEqual([]);
  });

  it('gives every record a context, a decision and its consequences', () => {
    const part = (name: string) => new RegExp(`^(- )?${name}\\b`);
    const lacking = all
      .filter(
        (record) =>
          !['Context', 'Decision', 'Consequences?'].every((name) =>
            record.lines.some((line) => part(name).test(line)),
          ),
      )
      .map((record) => record.id);
    expect(lacking).toEqual([]);
  });

  it('keeps every record within a screen (40 lines of 100 characters)', () => {
    const screenLines = (lines: string[]) =>
      lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 100)), 0);
    const long = all
      .map((record) => ({ id: record.id, lines: screenLines(record.lines) }))
      .filter((record) => record.lines > 40);
    expect(long).toEqual([]);
  });

  it('is cited only by ids it holds, in code, tests, README and notes', () => {
    const unknown: string[] = [];
    let cited = 0;
    for (const file of files(root)) {
      for (const { line, id } of citationsIn(readFileSync(file, 'utf8'))) {
        cited += 1;
        if (!ids.has(id)) unknown.push(`${path.relative(root, file)}:${line}: ${id}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(cited).toBeGreaterThan(150);
  });

  it('finds citations in their usual forms', () => {
    expect(
      citationsIn('see decision M15; decisions D38A-1 to D38A-3 (D39A-4), decision O3/M1').map(
        (citation) => citation.id,
      ),
    ).toEqual(['M15', 'D38A-1', 'D38A-3', 'O3', 'M1', 'D39A-4']);
    expect(citationsIn('exempt (KOR), (TOTP), (P0001), (ES2022), decisions.md')).toEqual([]);
  });
});
