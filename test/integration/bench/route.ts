// The tests entry of the in-host route bench (test/host/benchRoute.mjs): in the extension host, where
// globalThis.fetch is VS Code's, 20 sequential getBuild over https (a certificate the machine's store
// trusts) on VS Code's route and on our own route (undici), each in turns with the same 20 requests on
// the host's fetch itself (+ JSON.parse, no client of ours); the reference service runs in this process,
// as in the plain-Node rows of `npm run bench` (test/bench/wire.ts). On VS Code 1.100 – 1.104 the
// host's fetch opens a new connection per request: the first of these rows shows what that costs.
import { readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { BuildServiceClient } from '../../../src/api/client/client';
import { takeHostFetch } from '../../../src/api/transport/vscodeRoute';
import { alternate } from '../../bench/measure';
import { machineCa } from '../../network/certificates';
import { startService } from '../../service/server';

const REQUESTS = 20;
const RUNS = 7;

export async function run(): Promise<void> {
  const resultFile = process.env.BUILD_SERVICE_BENCH_RESULT;
  if (!resultFile) throw new Error('BUILD_SERVICE_BENCH_RESULT must be set');
  const dir = process.env.BUILD_SERVICE_TEST_MACHINE_CA;
  // VS Code 1.100 trusts these in a test run (test/integration/index.ts does the same).
  if (dir) (https.globalAgent as { testCertificates?: string[] }).testCertificates = [readFileSync(path.join(dir, 'ca.pem'), 'utf8')];
  takeHostFetch();
  const hostFetch = globalThis.fetch;
  const service = await startService({ tls: machineCa().issue(['127.0.0.1']) });
  const buildId = service.data.builds[0]?._id ?? '';
  const made = (network: { vscodeFetch?: boolean }) =>
    new BuildServiceClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve(service.token), network });
  // Our own route trusts the machine's CA through NODE_EXTRA_CA_CERTS (as network.vscode.test.ts does),
  // read at its first request; VS Code's route, tried first all the same, trusts it already.
  const extraCas = process.env.NODE_EXTRA_CA_CERTS;
  process.env.NODE_EXTRA_CA_CERTS = machineCa().certFile;
  const vscode = made({ vscodeFetch: true });
  const own = made({});
  const headers = { authorization: `Bearer ${service.token}` };
  const url = `${service.baseUrl}/builds/${buildId}`;
  const through = (client: BuildServiceClient) => async () => {
    for (let i = 0; i < REQUESTS; i++) await client.getBuild(buildId);
  };
  const plain = async () => {
    for (let i = 0; i < REQUESTS; i++) JSON.parse(await (await hostFetch(url, { headers })).text());
  };
  const result: Record<string, unknown> = { requests: REQUESTS, runs: RUNS };
  try {
    for (const [name, client] of [
      ['vscode', vscode],
      ['own', own],
    ] as const) {
      try {
        result[name] = await alternate(through(client), plain, RUNS, 1);
      } catch (error) {
        result[`${name}Error`] = String(error);
      }
    }
  } finally {
    await Promise.all([vscode.dispose(), own.dispose()]);
    await service.close();
    if (extraCas === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = extraCas;
  }
  writeFileSync(resultFile, JSON.stringify(result));
}
