// Issue 41: routers parse, call a service and answer. No `*.routes.ts` under api/ reaches the
// database by itself (drizzle-orm, the schema files) or leans on another router; what two routers
// share lives in a service of their wing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const API = path.resolve(import.meta.dirname, '..');

function routerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routerFiles(full);
    return entry.name.endsWith('.routes.ts') ? [full] : [];
  });
}

/** Every module a file imports (static `import`/`export ... from`, and dynamic `import()`). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** What a router must not import, or null when the import is fine. */
function forbiddenImport(specifier: string): string | null {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) return 'drizzle-orm';
  if (/(^|\/)db\/schema[^/]*$/.test(specifier.replace(/\.ts$/, ''))) return 'the schema';
  if (/\.routes(\.ts)?$/.test(specifier)) return 'another router';
  return null;
}

describe('routers parse, call a service and answer', () => {
  const files = routerFiles(API);

  it('finds the routers', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('tells a forbidden import from a fine one', () => {
    expect(forbiddenImport('drizzle-orm')).toBe('drizzle-orm');
    expect(forbiddenImport('../db/schema.ts')).toBe('the schema');
    expect(forbiddenImport('../db/schema-leads.ts')).toBe('the schema');
    expect(forbiddenImport('./bookings.routes.ts')).toBe('another router');
    expect(forbiddenImport('../db/database.ts')).toBeNull();
    expect(forbiddenImport('./bookings.ts')).toBeNull();
    expect(forbiddenImport('hono')).toBeNull();
  });

  it.each(files.map((file) => [path.relative(API, file), file]))(
    '%s imports no drizzle-orm, no schema and no other router',
    (_name, file) => {
      const source = readFileSync(file, 'utf8');
      const bad = importsOf(source)
        .map((specifier) => ({ specifier, why: forbiddenImport(specifier) }))
        .filter((found) => found.why !== null)
        .map((found) => `${found.specifier} (${found.why})`);
      expect(bad).toEqual([]);
    },
  );
});
