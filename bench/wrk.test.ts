import { describe, expect, it } from 'vitest';
import { parseWrk } from './wrk.ts';

const REPORT = `Running 10s test @ http://127.0.0.1:4000/?lang=en
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.10ms  512.00us  14.31ms   91.02%
    Req/Sec    15.32k     1.01k   16.80k    80.00%
  Latency Distribution
     50%  812.00us
     75%    2.20ms
     90%    2.51ms
     99%    1.20s
  152301 requests in 10.00s, 1.71GB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 7
Requests/sec:  15230.45
Transfer/sec:    175.01MB
`;

describe('parseWrk', () => {
  it('reads the rate, the latency percentiles in ms, non-2xx answers and socket errors', () => {
    expect(parseWrk(REPORT)).toEqual({
      requestsPerSecond: 15230,
      p50: 0.81,
      p99: 1200,
      non2xx: 7,
      errors: 3,
    });
  });

  it('counts none when wrk reports no errors, and refuses what is not its report', () => {
    const clean = REPORT.replace(/ {2}Socket errors.*\n {2}Non-2xx.*\n/, '');
    expect(parseWrk(clean)).toMatchObject({ non2xx: 0, errors: 0 });
    expect(() => parseWrk('wrk: command not found')).toThrow(/Not a wrk report/);
  });
});
