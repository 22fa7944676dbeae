// The extension host's console (and so mocha's reporter) reaches us only through the browser: VS Code
// forwards it to the workbench page's console, formatted for devtools. This writes every console
// message to a log file and echoes to stdout the ones the test runner tagged.
import { createWriteStream } from 'node:fs';
import { format } from 'node:util';

/**
 * The workbench's logger prints ('%c INFO', css, message, ...args); the extension host's console
 * arrives the same way during a test run. Drop the level and its CSS, then printf-format the rest.
 */
function render(values) {
  const rest = typeof values[0] === 'string' && values[0].startsWith('%c') ? values.slice(2) : values;
  return rest.length > 0 ? format(...rest) : '';
}

/** Set in the extension host's environment; test/integration/index.ts prefixes mocha's output with it. */
export const outputTag = '[build-service-tests] ';

/**
 * Echoes the tagged lines (mocha's reporter) and, between the runner's begin and end lines, all
 * others (console output of the tests, workbench errors); `echoAll` echoes everything.
 * @param {import('playwright-core').Page} page
 * @param {string} logFile every console message, raw
 * @param {{ echoAll?: boolean }} options echoAll: also print the workbench's own messages
 */
export function forwardConsole(page, logFile, { echoAll = false } = {}) {
  const log = createWriteStream(logFile);
  // Reading a message's arguments is asynchronous; a queue keeps the lines in the order they came.
  let queue = Promise.resolve();
  let duringRun = false;
  const onConsole = (message) => {
    queue = queue.then(() => print(message));
  };
  page.on('console', onConsole);
  async function print(message) {
    let values;
    try {
      values = await Promise.all(message.args().map((a) => a.jsonValue().catch(() => '[unserializable]')));
    } catch {
      values = [message.text()];
    }
    const text = values.length > 0 ? render(values) : message.text();
    log.write(`[${message.type()}] ${text}\n`);
    if (text.startsWith(outputTag)) {
      const line = text.slice(outputTag.length);
      if (line === 'begin' || line === 'end') duringRun = line === 'begin';
      else process.stdout.write(`${line}\n`);
    } else if (echoAll || duringRun) {
      // During the run this is the tests' own console output, or the workbench's errors they caused.
      process.stdout.write(`    | ${text.replaceAll('\n', '\n    | ')}\n`);
    }
  }
  const onPageError = (e) => log.write(`[pageerror] ${e.stack ?? e.message}\n`);
  page.on('pageerror', onPageError);
  /**
   * Flushes what is queued and closes the log. The page lives on a moment after the tests end, so it
   * stops listening first: a message arriving later would be written after the end (an error event
   * that takes down the whole run).
   */
  return async () => {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    await queue;
    await new Promise((resolve) => log.end(resolve));
  };
}
