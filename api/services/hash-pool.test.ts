import { scryptSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createHashPool } from './hash-pool.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const options = { N: 1024, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const pool = createHashPool(2);
afterAll(() => pool.close());

describe('the hash pool (scrypt on worker threads)', () => {
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

  it('starts again after close', async () => {
    await pool.close();
    const job = { password: 'again', salt: Buffer.from('salt'), keyLength: 32, options };
    expect((await pool.scrypt(job)).equals(scryptSync('again', 'salt', 32, options))).toBe(true);
  });

  it('serves hashPassword and verifyPassword', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  });
});
