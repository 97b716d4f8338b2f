/**
 * A fake VIES REST service on 127.0.0.1 (INTEGRATIONS.md 7), for tests: `POST check-vat-number`
 * answers as the EU's does (`{ countryCode, vatNumber, requestDate, valid, name, address,
 * requestIdentifier }`). Numbers in `valid` are valid, others not; `down(kind)` makes it answer
 * like a member state that is unavailable (HTTP 500 with MS_UNAVAILABLE), hang, or 200 with
 * `userError: MS_UNAVAILABLE`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeViesOutage = 'none' | 'http500' | 'userError' | 'hang';

export async function startFakeVies(valid: Record<string, string> = {}) {
  const requests: Array<{ countryCode: string; vatNumber: string }> = [];
  let outage: FakeViesOutage = 'none';
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || !req.url?.endsWith('/check-vat-number'))
        return send(404, { actionSucceed: false });
      const body = JSON.parse(data) as { countryCode: string; vatNumber: string };
      requests.push(body);
      if (outage === 'hang') return; // never answers: the client's time limit decides
      if (outage === 'http500')
        return send(500, {
          actionSucceed: false,
          errorWrappers: [{ error: 'MS_UNAVAILABLE', message: 'MS_UNAVAILABLE' }],
        });
      const key = `${body.countryCode}${body.vatNumber}`;
      const name = valid[key];
      send(200, {
        countryCode: body.countryCode,
        vatNumber: body.vatNumber,
        requestDate: new Date().toISOString(),
        valid: outage === 'none' && name !== undefined,
        requestIdentifier:
          outage === 'none' && name !== undefined ? `WAPIAAAA${requests.length}` : '',
        name: name ?? '---',
        address: '---',
        ...(outage === 'userError' ? { userError: 'MS_UNAVAILABLE' } : {}),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/taxation_customs/vies/rest-api/`,
    requests,
    down(kind: FakeViesOutage) {
      outage = kind;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
