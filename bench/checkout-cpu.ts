// bench/checkout-cpu (issue 10): where one order's CPU goes, per thread of the server, with few
// customers at once (BENCH_CUSTOMERS, default 4) so the figures hardly depend on what else runs
// on the machine: the password hash (the hash processes), the event loop (the main thread: HTTP,
// the embedded database, drizzle, the quote, the mails) and the other threads (V8's helpers, the
// PDF worker). `hash / total` is what bench:checkout's "orders/s of the ceiling" is on an
// otherwise idle machine.
//   npm run bench:checkout-cpu   (node --import ./bench/register-ts.mjs bench/checkout-cpu.ts)
// BENCH_ORDERS counted orders (default 100) after BENCH_WARMUP_ORDERS (default 40); PGlite, or
// the PostgreSQL of DATABASE_URL (then the database's own processes are not counted).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { checkoutBody } from '../tests/helpers/checkout-body.ts';
import { cpuByThread, ensureBuild, startServer, threadCpu } from './lib.ts';

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP_ORDERS ?? 40);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 4);
const run = randomBytes(3).toString('hex');

const server = await startServer({
  TRUST_PROXY: '1',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const pid = server.child.pid!;
let next = 0;
async function order() {
  const i = next++;
  const response = await fetch(`${server.url}/api/checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.18.${(i >> 8) & 255}.${i & 255}`,
    },
    body: JSON.stringify(checkoutBody(`cpu-${run}-${i}@example.test`)),
  });
  if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}
async function orders(count: number) {
  let left = count;
  await Promise.all(
    Array.from({ length: CUSTOMERS }, async () => {
      while (left-- > 0) await order();
    }),
  );
}

try {
  await orders(WARMUP);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const before = threadCpu(pid);
  const started = performance.now();
  await orders(ORDERS);
  const seconds = (performance.now() - started) / 1000;
  // the PDFs drawn after the answers
  await new Promise((resolve) => setTimeout(resolve, 4000));
  const { hash, main, other, others } = cpuByThread(pid, before, threadCpu(pid), ORDERS);
  const total = hash + main + other;
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `\nPOST /api/checkout, CPU per order by thread (${ORDERS} orders, ${CUSTOMERS} at once, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
  );
  console.log(`  hash processes    ${ms(hash)}`);
  console.log(`  event loop        ${ms(main)}`);
  console.log(`  other threads     ${ms(other)} (by thread, pid + n: ${others})`);
  console.log(`  hash / total      ${Math.round((100 * hash) / total)} %`);
  console.log(`  orders/s          ${(ORDERS / seconds).toFixed(1)}`);
  console.log(`  load average      ${os.loadavg()[0]!.toFixed(1)}`);
} finally {
  await server.stop();
}
