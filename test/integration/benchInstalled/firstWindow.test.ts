// The first-window bench as a suite, for a host that runs only installed extensions (VS Code 1.139's
// web build ignores extensionTestsPath): runInstalled.mjs --suites bench --only firstWindow, started by
// test/host/benchFirstWindow.mjs, which reads the result file. Not part of any test run.
import { run } from '../bench/firstWindow';

describe('first-window bench', () => {
  it('measures the first window of a profile with many apps', async function () {
    this.timeout(300_000);
    await run();
  });
});
