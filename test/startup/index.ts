// The test runner of the startup lane's windows (out/test/startup/index.js as the extensionTestsPath):
// test/host/runStartup.mjs opens a fresh window per suite and names it in BUILD_SERVICE_TEST_FILES.
import { runSuites } from '../integration/index';

export function run(): Promise<void> {
  return runSuites([__dirname]);
}
