// A window opened on a repository checked out on develop, the token in the environment from before it
// opened: without a click, the status bar shows the branch's latest builds, and a build of the branch
// that fails is announced (buildService.notifyOnCompletion "branch").
import * as assert from 'node:assert/strict';
import path from 'node:path';
import type { ControlRequest } from '../service/control';
import * as ui from '../integration/ui';
import { waitFor } from '../integration/wait';
import { beyondOpen } from './openRequests';
import {
  advanceBuilds,
  assertOpenedAsPlanned,
  finishBuild,
  latestBuilds,
  requests,
  requestsOfOpen,
  shownBuilds,
  spokenLine,
  waitForLatestInStatusBar,
  waitForStatusBar,
} from './window';
import { windowOf } from './windows';

const startup = windowOf('branchAtOpen');

/** With BUILD_SERVICE_SCREENSHOTS=<folder>: the window as the user sees it, for a person to look at. */
async function screenshot(name: string): Promise<void> {
  const folder = process.env.BUILD_SERVICE_SCREENSHOTS;
  if (folder) await ui.screenshot(path.join(folder, name));
}
const [repository] = startup.repositories;

describe('startup: a repository on develop, the token set before the window opened, a fresh profile', () => {
  before(() => assertOpenedAsPlanned([repository]));

  it("the status bar shows each app's latest build of the branch, with no click", async function () {
    this.timeout(60_000);
    const { item, latest } = await waitForLatestInStatusBar(repository);
    assert.match(item.label, new RegExp(`^Build Service, branch ${repository.branch}, `));
    assert.match(item.text, new RegExp(`#${latest[0].build.build_number}\\b.* ${repository.branch}$`));
    await screenshot('startup-status-bar.png');
  });

  it('opening asked for one app list and the branch builds of the repository, nothing more', async () => {
    const shown = await shownBuilds(startup);
    const asked = await requestsOfOpen();
    assert.deepEqual(beyondOpen(asked, startup, shown), []);
    assert.ok(
      asked.some((r) => r.route === 'GET /apps'),
      'the apps were asked for',
    );
  });

  it('a running build of the branch that fails is announced, and the status bar says so', async function () {
    this.timeout(60_000);
    const unfinished = (await latestBuilds(repository.remote, repository.branch)).find(({ build }) => !build.finished);
    assert.ok(unfinished, 'an app has an unfinished build of the branch');
    const { appName, build } = unfinished;
    if (build.build_status === 'queued') await advanceBuilds();
    await waitForStatusBar((label) => label.includes(`${appName}: build #${build.build_number} is running`), `${appName} running`);
    await finishBuild(build._id, 'failed');
    const shown = await ui.waitForNotification(`Build #${build.build_number} of ${appName} on ${repository.branch} failed`, 30_000);
    assert.equal(shown.severity, 'error');
    assert.equal(shown.actions[0], 'Open Build');
    await waitForStatusBar((label) => label.includes(`${appName}: build #${build.build_number} failed`), `${appName} failed`);
    await screenshot('startup-notice.png');
  });

  it('a build of the branch started elsewhere after the window opened comes into the status bar, no view opened', async function () {
    this.timeout(60_000);
    const [baseUrl, token] = [process.env.BUILD_SERVICE_URL, process.env.BUILD_SERVICE_TOKEN];
    assert.ok(baseUrl && token, 'the service address and token in the environment');
    // The app whose build finished last (the one above): its new build leaves the other's failed build the newest finished.
    const latest = await latestBuilds(repository.remote, repository.branch);
    const { build: last } = latest.reduce((a, b) => ((a.build.finished_at ?? '') >= (b.build.finished_at ?? '') ? a : b));
    const answer = await fetch(`${baseUrl}/apps/${last.app_id}/build`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ branch: repository.branch }),
    });
    assert.equal(answer.status, 201);
    const { build_id: id } = (await answer.json()) as { build_id: string };
    const started = (await latestBuilds(repository.remote, repository.branch)).find(({ build }) => build._id === id);
    assert.ok(started, 'the new build is the latest of its app');
    const line = spokenLine(started.appName, started.build);
    await waitForStatusBar((label) => label.includes(line), line);
  });

  it('the comparison with the base waits for the first look: a click on Build Service asks for it, and the branch row says it', async function () {
    this.timeout(60_000);
    // The base of develop is master: its branch list (master or main?) and its builds are the comparison's.
    const comparing = (r: ControlRequest) => r.route === 'GET /apps/:app_id/branches' || /[?&]branch=master(&|$)/.test(r.rawUrl);
    assert.deepEqual((await requests()).filter(comparing), [], 'nothing of the base asked before the user looked');
    await ui.click('.activitybar a.action-label[aria-label^="Build Service"]');
    const rows = '.sidebar .pane:has(> .pane-header[aria-label^="Current Branch"]) .monaco-list-row';
    let shown: string[] = [];
    await waitFor(
      async () => (shown = await ui.texts(rows)).some((row) => /\d+ new, \d+ also failing on master/.test(row)),
      () => `a Current Branch row comparing with master (rows: ${shown.join(' | ')})`,
      30_000,
    );
    assert.ok((await requests()).some(comparing), 'the comparison asked the service once the user looked');
    await screenshot('startup-first-look.png');
  });
});
