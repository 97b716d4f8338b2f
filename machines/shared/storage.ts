// The one storage helper of the machines: values kept in the browser's localStorage or
// sessionStorage as JSON, read back through a valibot schema. Malformed or unexpected data is
// discarded with a console warning (SPEC section 8, "Invalid saved form data"). Safe during server
// rendering and in private mode (storage missing or refusing): reads give null, writes do nothing.

import * as v from 'valibot';

export type StorageArea = 'local' | 'session';

function area(which: StorageArea): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether this browser lets the page use that storage at all (false on the server). */
export function hasStorage(which: StorageArea = 'local'): boolean {
  const store = area(which);
  if (!store) return false;
  try {
    store.getItem('');
    return true;
  } catch {
    return false;
  }
}

/**
 * The value under `key`, or null when there is none. A value that is not JSON or does not match
 * `schema` is removed, with a warning naming the key.
 */
export function readStored<TSchema extends v.GenericSchema>(
  key: string,
  schema: TSchema,
  which: StorageArea = 'local',
): v.InferOutput<TSchema> | null {
  const store = area(which);
  let raw: string | null;
  try {
    raw = store?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = v.safeParse(schema, JSON.parse(raw));
    if (parsed.success) return parsed.output;
  } catch {
    // not JSON: discarded below
  }
  console.warn(`Discarding malformed saved data in ${which}Storage "${key}".`);
  removeStored(key, which);
  return null;
}

/** Keeps `value` as JSON under `key`; a full or disabled storage is ignored (the page still works). */
export function writeStored(key: string, value: unknown, which: StorageArea = 'local'): void {
  try {
    area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the value holds for this visit only
  }
}

export function removeStored(key: string, which: StorageArea = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // nothing to remove
  }
}

/** Reads and removes in one step (hand-overs such as the booking for the confirmation page). */
export function takeStored<TSchema extends v.GenericSchema>(
  key: string,
  schema: TSchema,
  which: StorageArea = 'session',
): v.InferOutput<TSchema> | null {
  const value = readStored(key, schema, which);
  removeStored(key, which);
  return value;
}
