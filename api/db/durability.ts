/**
 * Makes PGlite commits durable. PGlite (PostgreSQL compiled to WebAssembly) runs with fsync off and
 * its file system layer never calls fsync: a commit is in the OS page cache when it returns, so it
 * survives a killed process but not a power loss or kernel crash.
 *
 * WalSyncer.afterCommit(), called after each write transaction commits, asks PostgreSQL where the
 * WAL ends (`pg_walfile_name(pg_current_wal_lsn())`) and fsyncs every WAL segment written since the
 * previous call (normally just one file), plus the pg_wal directory when a new segment came into
 * use. A commit is durable once its WAL record is on disk: after a power loss, recovery replays it.
 *
 * A checkpoint (PGlite runs one itself when WAL grows past max_wal_size, and at close) writes data
 * pages and recycles old WAL segments, also without fsync. So when the checkpoint position in
 * pg_control has moved, afterCommit fsyncs the whole data directory instead. That position is read
 * from pg_control itself (8 bytes, through a descriptor kept open), not with
 * `pg_control_checkpoint()`, which opens, reads and closes the file through PGlite's emulated file
 * system on every commit; at start-up the two are compared, and if they ever disagree (another
 * layout) every commit asks PostgreSQL again. Remaining window: a
 * power loss between such a checkpoint and that full sync (within the same write call) could lose
 * pages the checkpoint wrote; PGlite gives us no hook to order it better.
 */
import {
  close as closeFd,
  closeSync,
  fsync as fsyncFd,
  open as openFd,
  openSync,
  readSync,
} from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const fsyncOf = promisify(fsyncFd);
const closeOf = promisify(closeFd);
const openOf = promisify(openFd);

async function fsyncPath(file: string): Promise<void> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // removed meanwhile (e.g. a recycled WAL segment)
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** fsyncs every file and directory under `root` (a few hundred ms for a fresh PGlite data dir). */
export async function syncTree(root: string): Promise<void> {
  const files: string[] = [];
  const dirs: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    dirs.push(dir);
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  await walk(root);
  let next = 0;
  const worker = async () => {
    while (next < files.length) await fsyncPath(files[next++]!);
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  // directories last, deepest first, so new entries are recorded in their parents
  for (const dir of dirs.reverse()) await fsyncPath(dir);
  await fsyncPath(path.dirname(root));
}

export type WalPosition = { walFile: string; checkpointLsn: string };

/** Asks the database for the current WAL file and checkpoint position (superuser, which PGlite is). */
export const WAL_POSITION_SQL =
  'select pg_walfile_name(pg_current_wal_lsn()) as "walFile", (select checkpoint_lsn::text from pg_control_checkpoint()) as "checkpointLsn"';
/** Only the current WAL file (the checkpoint position read from pg_control by the process). */
export const WAL_FILE_SQL = 'select pg_walfile_name(pg_current_wal_lsn()) as "walFile"';

/**
 * Where ControlFileData (src/include/catalog/pg_control.h) keeps the last checkpoint's LSN: after
 * system_identifier (8 bytes), pg_control_version and catalog_version_no (4 + 4), state (4,
 * padded to 8 for the 8-byte time) and time (8). Little-endian (WebAssembly).
 */
const CHECKPOINT_LSN_OFFSET = 32;

/** An LSN as PostgreSQL prints it (`%X/%X`). */
export const lsnText = (lsn: bigint): string =>
  `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffff_ffffn).toString(16).toUpperCase()}`;

/** Reads the last checkpoint's LSN from an open pg_control. */
export function readCheckpointLsn(fd: number): string {
  const bytes = Buffer.alloc(8);
  if (readSync(fd, bytes, 0, 8, CHECKPOINT_LSN_OFFSET) !== 8)
    throw new Error('pg_control is too short');
  return lsnText(bytes.readBigUInt64LE(0));
}

/** How the syncer asks the database (the same PGlite). */
export type WalQuery = <T>(sql: string) => Promise<T>;

/** Parses `TTTTTTTTXXXXXXXXYYYYYYYY` into a timeline and an absolute segment number. */
function parseWalFile(
  name: string,
  segmentsPerLogId: bigint,
): { timeline: string; segment: bigint } {
  if (!/^[0-9A-F]{24}$/.test(name)) throw new Error(`Unexpected WAL file name ${name}`);
  return {
    timeline: name.slice(0, 8),
    segment: BigInt(`0x${name.slice(8, 16)}`) * segmentsPerLogId + BigInt(`0x${name.slice(16)}`),
  };
}

function walFileName(timeline: string, segment: bigint, segmentsPerLogId: bigint): string {
  const hex = (n: bigint) => n.toString(16).toUpperCase().padStart(8, '0');
  return timeline + hex(segment / segmentsPerLogId) + hex(segment % segmentsPerLogId);
}

export class WalSyncer {
  private last: WalPosition | null = null;
  /**
   * The WAL segment commits go to, kept open between commits (an open and a close per commit cost
   * the event loop more than the fsync's own call). Dropped at a checkpoint (which may recycle it).
   */
  private segment: { file: string; fd: Promise<number | null> } | null = null;
  private readonly segmentsPerLogId: bigint;
  /** global/pg_control, open for reading the checkpoint position; null: asked with SQL instead. */
  private control: number | null = null;
  /** Whole-directory syncs so far (start-up, checkpoints), for tests. */
  fullSyncs = 0;

  /**
   * @param pgdata the PGlite data directory (holds PG_VERSION, pg_wal/, global/pg_control)
   * @param query runs a statement on the same database and gives its first row
   * @param walSegmentBytes `wal_segment_size` (16 MB unless initdb chose otherwise)
   */
  constructor(
    private readonly pgdata: string,
    private readonly query: WalQuery,
    walSegmentBytes = 16 * 1024 * 1024,
  ) {
    this.segmentsPerLogId = 0x1_0000_0000n / BigInt(walSegmentBytes);
  }

  /** The current WAL file and checkpoint position. */
  private async position(): Promise<WalPosition> {
    if (this.control === null) return this.query<WalPosition>(WAL_POSITION_SQL);
    const { walFile } = await this.query<{ walFile: string }>(WAL_FILE_SQL);
    return { walFile, checkpointLsn: readCheckpointLsn(this.control) };
  }

  /**
   * Makes everything written so far durable (whole data dir) and remembers the WAL position; opens
   * pg_control and keeps reading it if it gives the position PostgreSQL gives.
   */
  async syncAll(): Promise<void> {
    this.closeControl();
    const now = await this.query<WalPosition>(WAL_POSITION_SQL);
    let control: number | null = null;
    try {
      control = openSync(path.join(this.pgdata, 'global', 'pg_control'), 'r');
      if (readCheckpointLsn(control) !== now.checkpointLsn) throw new Error('another layout');
    } catch {
      if (control !== null) closeSync(control);
      control = null;
    }
    this.control = control;
    await this.syncTree();
    this.last = now;
  }

  /** Whether the checkpoint position is read from pg_control (else with SQL). */
  get readsControlFile(): boolean {
    return this.control !== null;
  }

  private closeControl(): void {
    if (this.control !== null) closeSync(this.control);
    this.control = null;
  }

  /** Closes what is kept open. */
  async close(): Promise<void> {
    this.closeControl();
    await this.closeSegment();
  }

  private async closeSegment(): Promise<void> {
    const segment = this.segment;
    this.segment = null;
    const fd = await segment?.fd.catch(() => null);
    if (fd != null) await closeOf(fd).catch(() => undefined);
  }

  private async syncTree(): Promise<void> {
    this.fullSyncs++;
    await this.closeSegment();
    await syncTree(this.pgdata);
  }

  /** fsyncs a WAL segment through the descriptor kept open for the newest one. */
  private async syncSegment(file: string, newest: boolean): Promise<void> {
    if (!newest) return fsyncPath(file);
    if (this.segment?.file !== file) {
      await this.closeSegment();
      this.segment = {
        file,
        fd: openOf(file, 'r').then(
          (fd) => fd,
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') return null; // removed meanwhile
            throw error;
          },
        ),
      };
    }
    const fd = await this.segment!.fd;
    if (fd === null) this.segment = null;
    else await fsyncOf(fd);
  }

  /** Call after each commit: when it resolves, that commit survives a power loss. */
  async afterCommit(): Promise<void> {
    const now = await this.position();
    const last = this.last;
    if (last === null || now.checkpointLsn !== last.checkpointLsn) {
      await this.syncTree();
      this.last = now;
      return;
    }
    const walDir = path.join(this.pgdata, 'pg_wal');
    const from = parseWalFile(last.walFile, this.segmentsPerLogId);
    const to = parseWalFile(now.walFile, this.segmentsPerLogId);
    if (from.timeline !== to.timeline || to.segment < from.segment) {
      await this.syncTree();
    } else {
      for (let s = from.segment; s <= to.segment; s++) {
        const file = path.join(walDir, walFileName(to.timeline, s, this.segmentsPerLogId));
        await this.syncSegment(file, s === to.segment);
      }
      if (to.segment !== from.segment) await fsyncPath(walDir);
    }
    this.last = now;
  }
}
