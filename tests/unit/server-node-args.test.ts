// The node options the server runs with (decision D48-5) are the same wherever it is started for
// real: the systemd unit, the container, `npm run serve`, and the benchmarks that measure it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../../bench/lib.ts';
import { ROOT } from '../helpers/server-process.ts';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the server’s node options', () => {
  const args = SERVER_NODE_ARGS.join(' ');
  it('are given by the systemd unit, the container and npm run serve', () => {
    expect(read('deploy/webstudio@.service')).toContain(`ExecStart=/usr/bin/node ${args} build/`);
    expect(read('deploy/Dockerfile')).toContain(
      `CMD ["node", ${SERVER_NODE_ARGS.map((a) => JSON.stringify(a)).join(', ')}, "build/`,
    );
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.serve).toContain(`node ${args} `);
  });
});
