import { spawn } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLOCATOR_TUNABLES, createHashPool, hashProcessEnv } from './hash-pool.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const options = { N: 1024, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const pool = createHashPool(2);
afterAll(() => pool.close());

const here = path.dirname(fileURLToPath(import.meta.url));
const linux = process.platform === 'linux';

/** Whether a process with this id still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/** A "server": a node process running `lines` (an ES module) with a pool of one process. */
function serverWithPool(lines: string[]) {
  const source = [
    `import { createHashPool } from ${JSON.stringify(path.join(here, 'hash-pool.ts'))};`,
    'const pool = createHashPool(1);',
    ...lines,
  ].join('\n');
  const register = path.join(here, '../../bench/register-ts.mjs');
  return spawn(process.execPath, ['--import', register, '--input-type=module', '-e', source], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('the hash pool (scrypt in child processes)', () => {
  it('gives the same keys as crypto.scryptSync, for many jobs at once', async () => {
    const jobs = Array.from({ length: 9 }, (_, i) => ({
      password: `password ${i}`,
      salt: Buffer.from(`salt-${i}-0123456789`),
      keyLength: 64,
      options,
    }));
    const keys = await Promise.all(jobs.map((job) => pool.scrypt(job)));
    jobs.forEach((job, i) =>
      expect(keys[i]!.equals(scryptSync(job.password, job.salt, 64, options))).toBe(true),
    );
    expect(pool.pids()).toHaveLength(2);
  });

  it('rejects a job scrypt refuses, and keeps working', async () => {
    const bad = {
      password: 'x',
      salt: Buffer.from('s'),
      keyLength: 64,
      options: { ...options, N: 3 },
    };
    await expect(pool.scrypt(bad)).rejects.toThrow();
    const good = { password: 'x', salt: Buffer.from('s'), keyLength: 16, options };
    expect((await pool.scrypt(good)).equals(scryptSync('x', 's', 16, options))).toBe(true);
  });

  it.runIf(linux)(
    'starts its processes with the allocator settings and a lower priority',
    async () => {
      await pool.scrypt({ password: 'p', salt: Buffer.from('s'), keyLength: 16, options });
      for (const pid of pool.pids()) {
        // (glibc cuts the variable short in place as it reads it, so its first setting is what shows)
        const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        const tunables = environ.find((entry) => entry.startsWith('GLIBC_TUNABLES='));
        expect(tunables).toBeDefined();
        expect(`GLIBC_TUNABLES=${ALLOCATOR_TUNABLES}`.startsWith(tunables!)).toBe(true);
        expect(tunables).toContain('glibc.malloc.mmap_threshold=134217728');
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])).toBe(5); // nice
      }
    },
  );

  it("keeps an operator's own allocator settings, after its own", () => {
    expect(hashProcessEnv({ PATH: '/bin' })).toEqual({
      PATH: '/bin',
      GLIBC_TUNABLES: ALLOCATOR_TUNABLES,
    });
    expect(hashProcessEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe(
      `${ALLOCATOR_TUNABLES}:glibc.malloc.arena_max=2`,
    );
  });

  it('gives the job of a process that dies to a new one, and rejects it when that dies too', async () => {
    const own = createHashPool(1);
    const slow = { ...options, N: 2 ** 15 };
    const job = { password: 'slow', salt: Buffer.from('salt'), keyLength: 32, options: slow };
    /** kills the process hashing now (after `old`, when given) and returns its id */
    const kill = async (old?: number) => {
      await until(() => own.pids().length === 1 && own.pids()[0] !== old);
      const [pid] = own.pids();
      process.kill(pid!, 'SIGKILL');
      return pid!;
    };
    try {
      const once = own.scrypt(job);
      const first = await kill();
      expect((await once).equals(scryptSync('slow', 'salt', 32, slow))).toBe(true);
      expect(own.pids()).not.toContain(first);

      const twice = own.scrypt(job);
      await kill(await kill());
      await expect(twice).rejects.toThrow('hash process exited');
      // and the pool keeps working
      const fast = { password: 'fast', salt: Buffer.from('salt'), keyLength: 32, options };
      expect((await own.scrypt(fast)).equals(scryptSync('fast', 'salt', 32, options))).toBe(true);
    } finally {
      await own.close();
    }
  });

  it.runIf(linux)(
    'keeps hashing when its process is sent SIGTERM or SIGINT (the server decides when to stop)',
    async () => {
      const own = createHashPool(1);
      try {
        const job = { password: 'stay', salt: Buffer.from('salt'), keyLength: 32, options };
        await own.scrypt(job);
        const [pid] = own.pids();
        process.kill(pid!, 'SIGTERM');
        process.kill(pid!, 'SIGINT');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await own.scrypt(job)).equals(scryptSync('stay', 'salt', 32, options))).toBe(true);
        expect(own.pids()).toEqual([pid]);
      } finally {
        await own.close();
      }
    },
  );

  it('ends a process that has been idle, and starts one again for the next job', async () => {
    const own = createHashPool(1, { idleMs: 100 });
    try {
      const job = { password: 'idle', salt: Buffer.from('salt'), keyLength: 32, options };
      await own.scrypt(job);
      const [pid] = own.pids();
      expect(await until(() => !running(pid!))).toBe(true);
      expect(own.pids()).toEqual([]);
      expect((await own.scrypt(job)).equals(scryptSync('idle', 'salt', 32, options))).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('leaves no process behind when the server is killed', async () => {
    const server = serverWithPool([
      `await pool.scrypt({ password: 'p', salt: Buffer.from('s'), keyLength: 16, options: ${JSON.stringify(options)} });`,
      'console.log(pool.pids()[0]);',
      'setInterval(() => {}, 1000);',
    ]);
    server.stderr.pipe(process.stderr);
    const pid = await new Promise<number>((resolve, reject) => {
      server.stdout.once('data', (data: Buffer) => resolve(Number(String(data).trim())));
      server.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    expect(running(pid)).toBe(true);
    server.kill('SIGKILL');
    expect(await until(() => !running(pid))).toBe(true);
  });

  it('rejects the jobs under way when it is closed, and starts no process for them', async () => {
    const own = createHashPool(1);
    const slow = { ...options, N: 2 ** 15 };
    const job = own.scrypt({ password: 'p', salt: Buffer.from('s'), keyLength: 16, options: slow });
    const [pid] = own.pids();
    await own.close();
    await expect(job).rejects.toThrow('hash process exited');
    expect(running(pid!)).toBe(false);
    expect(own.pids()).toEqual([]);
  });

  it('a process whose channel closed during its hash ends quietly', async () => {
    // The pool closed under a job (a shutdown): the process finishes its hash, cannot send the
    // answer, and must end without an unhandled error on the server's stderr.
    const server = serverWithPool([
      `const job = pool.scrypt({ password: 'p', salt: Buffer.from('s'), keyLength: 16, options: ${JSON.stringify({ ...options, N: 2 ** 15 })} }).catch(() => {});`,
      'const [pid] = pool.pids();',
      'await pool.close();',
      'await job;',
      'while (true) { try { process.kill(pid, 0); } catch { break; } await new Promise((r) => setTimeout(r, 25)); }',
      "console.log('ended');",
    ]);
    let out = '';
    let err = '';
    server.stdout.on('data', (data: Buffer) => (out += String(data)));
    server.stderr.on('data', (data: Buffer) => (err += String(data)));
    const code = await new Promise<number | null>((resolve) => server.once('close', resolve));
    expect(out.trim()).toBe('ended');
    expect(err).toBe('');
    expect(code).toBe(0);
  });

  it('starts again after close', async () => {
    const pids = pool.pids();
    await pool.close();
    expect(pids.some(running)).toBe(false);
    const job = { password: 'again', salt: Buffer.from('salt'), keyLength: 32, options };
    expect((await pool.scrypt(job)).equals(scryptSync('again', 'salt', 32, options))).toBe(true);
  });

  it('serves hashPassword and verifyPassword', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  });
});
