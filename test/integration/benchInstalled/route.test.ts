// The route bench as a suite, for a host that runs only installed extensions (VS Code 1.139's web
// build ignores extensionTestsPath): runInstalled.mjs --suites bench --only route, started by
// test/host/benchRoute.mjs, which reads the result file. Not part of any test run.
import { run } from '../bench/route';

describe('route bench', () => {
  it('measures a request on each route in the host', async function () {
    this.timeout(300_000);
    await run();
  });
});
