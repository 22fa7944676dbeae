// How a test run in the host ends, the same for the development-folder run (launcher.mjs) and the
// installed .vsix (runInstalled.mjs): the tests' own exit code, code-server dying, or the time limit;
// on failure a screenshot of the workbench and the run folder kept.

/**
 * Waits for `ended` (resolving to the tests' exit code), and reports like a run should: the outcome,
 * and on failure where the screenshot and logs are. Returns the exit code (2: the host failed).
 */
export async function awaitTestOutcome({ ended, server, page, run, timeoutSeconds, say, closeConsoleLog }) {
  const outcome = await Promise.race([
    ended.then((code) => ({ code })),
    server.exited.then((why) => ({ code: 2, why: `code-server exited (${why}) during the tests; see ${server.logFile}` })),
    new Promise((resolve) =>
      setTimeout(
        () => resolve({ code: 2, why: `timed out after ${timeoutSeconds} s (BUILD_SERVICE_TEST_TIMEOUT)` }),
        timeoutSeconds * 1000,
      ),
    ),
  ]);
  if (outcome.code !== 0) {
    const shot = run.file('workbench.png');
    await page.screenshot({ path: shot, timeout: 10_000 }).then(
      () => say(`screenshot of the workbench: ${shot}`),
      () => {},
    );
  }
  await closeConsoleLog();
  say(outcome.why ?? `tests finished, exit code ${outcome.code}`);
  if (outcome.code !== 0) say(`logs kept in ${run.dir}`);
  return outcome.code;
}
