// Adds (or replaces) messages in both catalogues at once, keeping them sorted:
//   node scripts/add-messages.mjs messages.json      where messages.json is { "en": {...}, "nl": {...} }
// Holds a lock on the catalogues while it reads and writes, and refuses keys missing in one language.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/add-messages.mjs messages.json');
  process.exit(2);
}
if (process.env.ADD_MESSAGES_LOCKED !== '1') {
  execFileSync(
    'bash',
    [path.join(root, 'scripts/locked.sh'), 'locales', process.execPath, import.meta.filename, file],
    {
      stdio: 'inherit',
      env: { ...process.env, ADD_MESSAGES_LOCKED: '1' },
    },
  );
  process.exit(0);
}
const input = JSON.parse(readFileSync(file, 'utf8'));
const en = Object.keys(input.en ?? {});
const nl = Object.keys(input.nl ?? {});
const onlyOne = [...en.filter((k) => !nl.includes(k)), ...nl.filter((k) => !en.includes(k))];
if (onlyOne.length > 0) {
  console.error(`These keys are missing in one language: ${onlyOne.join(', ')}`);
  process.exit(1);
}
for (const lang of ['en', 'nl']) {
  const target = path.join(root, 'locales', `${lang}.json`);
  const catalog = { ...JSON.parse(readFileSync(target, 'utf8')), ...input[lang] };
  const sorted = Object.fromEntries(
    Object.keys(catalog)
      .sort()
      .map((k) => [k, catalog[k]]),
  );
  writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
}
console.log(`added ${en.length} messages to locales/en.json and locales/nl.json`);
