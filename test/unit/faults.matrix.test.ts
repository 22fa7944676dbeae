// The whole fault matrix (test/faultCases.ts) in plain Node: each case through the client, then what
// the user is shown for its error, which the views draw as is (the row's label, icon and first tooltip
// line, and for the apps the toast: describeFailure's short, severity and message). The host suite
// runs one case per kind of outcome through the Apps view itself.
import * as assert from 'node:assert/strict';
import { describeFailure } from '../../src/core/text/errorMessages';
import { type Documents, type FaultCase, STATIC_CASES, wrongFieldCases } from '../faultCases';
import { type FaultEnvironment, startFaultEnvironment } from '../faultEnvironment';

describe('fault matrix: the client and the words the user reads, every case', function () {
  this.timeout(30_000);
  let env: FaultEnvironment;
  const documents: Documents = {};

  before(async () => {
    env = await startFaultEnvironment(documents);
  });
  after(() => env?.close());

  function run(c: FaultCase): void {
    it(`${c.where}: ${c.name}`, async () => {
      env.service.clearRequests();
      env.arm(c);
      // A short backoff: the number of attempts, not their spacing, is what is checked.
      const { error, appNames } = await env.load(c, { retry: { baseDelayMs: 1 } });
      assert.equal(error?.kind ?? 'none', c.kind, `client: ${error?.message}`);
      if (c.clientMessage) assert.match(error?.message ?? '', c.clientMessage);
      if (!error) {
        assert.ok(appNames.includes(c.node), `"${c.node}" among ${appNames.join(', ')}`);
      } else {
        const shown = describeFailure(error, c.timeoutSeconds ?? 30);
        assert.ok(shown, 'a failure the user is told about');
        assert.deepEqual([shown.short, shown.severity], [c.node, c.icon]);
        assert.equal(shown.message, c.text ?? error.message);
      }
      if (c.requests !== undefined && c.route) {
        assert.equal(env.service.requestsTo(c.route).length, c.requests, 'requests for the route');
      }
    });
  }

  for (const c of STATIC_CASES) run(c);
  describe('a wrong shape in each field', () => {
    for (const c of wrongFieldCases(documents)) run(c);
  });
});
