/**
 * An exclusive lock on DATA_DIR, so two servers never open the same embedded database (PGlite takes
 * no lock of its own: a second process on the same directory silently loses its writes).
 *
 * The lock is the file `<DATA_DIR>/server.lock`, created with O_CREAT|O_EXCL (`wx`) and holding
 * `{ pid, hostname, startedAt, procStart }`. When it already exists:
 * - its process is alive (same host, `kill(pid, 0)` succeeds, and on Linux the process start time
 *   in /proc/<pid>/stat still matches, which rules out a reused pid) → DataDirLockedError;
 * - its process is gone (a killed or crashed server) → the stale lock is taken over. The take-over
 *   itself is serialised by a second O_EXCL file (`server.lock.takeover`), and a stale lock is
 *   only removed if its content is still the one judged stale, so two servers starting at once
 *   after a crash cannot both win.
 * A lock written on another host (a shared network folder) is never taken over automatically.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly holder: LockContent,
  ) {
    const where = holder.hostname === os.hostname() ? '' : ` on host ${holder.hostname}`;
    super(
      `Another server is using DATA_DIR ${dataDir} (pid ${holder.pid}${where}, started ${holder.startedAt}). ` +
        `Stop that server first, or set DATA_DIR to another folder.` +
        (where
          ? ` If that server is surely gone, delete ${path.join(dataDir, LOCK_FILE_NAME)}.`
          : ''),
    );
    this.name = 'DataDirLockedError';
  }
}

export type LockContent = {
  pid: number;
  hostname: string;
  startedAt: string;
  /** field 22 of /proc/<pid>/stat (start time in clock ticks since boot); null off Linux */
  procStart: string | null;
};

export type DataDirLock = {
  path: string;
  /** true when a stale lock of a dead process was taken over */
  tookOver: LockContent | null;
  release(): void;
};

/** Locks held by this process (a second openDatabase on the same DATA_DIR in one process is refused too). */
const heldHere = new Set<string>();

function readProcStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may contain spaces: split after the last ')'
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[19] ?? null; // field 22 overall = index 19 after pid, comm
  } catch {
    return null;
  }
}

function isAlive(holder: LockContent, lockPath: string): boolean {
  if (holder.hostname !== os.hostname()) return true; // cannot check: assume alive
  if (holder.pid === process.pid) return heldHere.has(lockPath); // same pid, earlier incarnation (e.g. pid 1 in a restarted container)
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: alive, owned by another user
  }
  if (holder.procStart !== null) {
    const now = readProcStart(holder.pid);
    if (now !== null && now !== holder.procStart) return false; // pid reused by another process
  }
  return true;
}

function parse(text: string): LockContent | null {
  try {
    const value = JSON.parse(text) as Partial<LockContent>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return null;
    return {
      pid: value.pid,
      hostname: value.hostname,
      startedAt: String(value.startedAt),
      procStart: value.procStart ?? null,
    };
  } catch {
    return null;
  }
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function writeExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the lock on `dataDir` (which must exist) or throws DataDirLockedError. */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const lockPath = path.join(dir, LOCK_FILE_NAME);
  const guardPath = `${lockPath}.takeover`;
  const mine: LockContent = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    procStart: readProcStart(process.pid),
  };
  const mineText = `${JSON.stringify(mine)}\n`;
  let tookOver: LockContent | null = null;

  for (let attempt = 0; attempt < 50; attempt++) {
    if (writeExclusive(lockPath, mineText)) {
      heldHere.add(lockPath);
      let released = false;
      return {
        path: lockPath,
        tookOver,
        release() {
          if (released) return;
          released = true;
          heldHere.delete(lockPath);
          if (readOrNull(lockPath) === mineText) fs.rmSync(lockPath, { force: true });
        },
      };
    }
    const text = readOrNull(lockPath);
    if (text === null) continue; // released meanwhile
    const holder = parse(text);
    if (holder === null) {
      // being written right now by another starter, or garbage left by a crash during the write
      const age =
        Date.now() - (fs.statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age < 2_000) {
        await sleep(20);
        continue;
      }
    } else if (isAlive(holder, lockPath)) {
      throw new DataDirLockedError(dir, holder);
    }
    // stale: remove it under the take-over guard, and only if it is still the same stale content
    if (!writeExclusive(guardPath, mineText)) {
      const guard = parse(readOrNull(guardPath) ?? '');
      const guardAge =
        Date.now() - (fs.statSync(guardPath, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if ((guard && !isAlive(guard, guardPath)) || guardAge > 10_000)
        fs.rmSync(guardPath, { force: true });
      await sleep(20);
      continue;
    }
    try {
      if (readOrNull(lockPath) === text) {
        fs.rmSync(lockPath, { force: true });
        tookOver = holder ?? { pid: 0, hostname: '?', startedAt: '?', procStart: null };
      }
    } finally {
      fs.rmSync(guardPath, { force: true });
    }
  }
  throw new Error(
    `Could not take the lock ${lockPath}: it keeps changing. Is another server starting on DATA_DIR ${dir}?`,
  );
}
