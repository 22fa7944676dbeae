// Issue 42's Done-when, through the UI: a service that ignores `limit` and answers 10,000 running
// builds for an app. The Apps view shows the 10 asked for, the log says the list was cut, a command is
// still answered, and the next three minutes of polling cost a handful of requests. In test mode the
// poller's schedule runs at TEST_TIME_SCALE, so three polling minutes last 3 s. How long a command
// waits meanwhile is measured by the trial (`npm run bench:trial`), not here: a timed check
// fails under CPU load.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TEST_TIME_SCALE } from '../../../src/core/polling/pollSchedule';
import { IOS_2048 } from '../../service/seedCatalog';
import type { Build as WireBuild } from '../../service/server';
import { appNode, drawnRows, openAppsView, reveal } from '../appsView';
import { testing, waitForLog } from '../extension';
import { useReferenceService } from '../harness';
import { userSaw } from '../trial/hostWatch';
import { sleep, waitFor } from '../wait';

const COUNT = 10_000;
const BUILD_LIST = 'GET /apps/:app_id/builds';

/** 10,000 running builds of `appId`, newest first, each with its own id and number. */
function runningBuilds(template: WireBuild, appId: string): WireBuild[] {
  return Array.from({ length: COUNT }, (_, i) => ({
    ...structuredClone(template),
    _id: (0x5f000000 + i).toString(16).padStart(24, 'a'),
    app_id: appId,
    build_status: 'running',
    finished: false,
    finished_at: null,
    build_number: 50_000 - i,
  }));
}

describe('hostile: a service that ignores limit', () => {
  const fixture = useReferenceService({ token: true, waitForApps: true });
  before(() => openAppsView());
  afterEach(() => {
    fixture.service.reset();
    testing(fixture.api).tracker.forgetAll();
  });

  it('10,000 running builds for limit=10: 10 rows, the log says the list was cut, a command still answered, a handful of requests in 3 polling minutes', async () => {
    const template = fixture.service.data.builds.find((b) => b.app_id === IOS_2048);
    assert.ok(template);
    const body = JSON.stringify(runningBuilds(template, IOS_2048));
    fixture.service.setFault(BUILD_LIST, { rawBody: body });
    fixture.service.clearRequests();

    const app = await appNode(fixture.api, IOS_2048);
    await reveal(fixture.api, app, { expand: true });
    await waitFor(async () => (await drawnRows('Apps')).some((row) => row.startsWith('#50000')), 'the newest build drawn');
    const builds = (await fixture.api.apps.getChildren(app)).filter((node) => node.kind === 'build');
    assert.equal(builds.length, 10, 'the 10 asked for');
    assert.equal(testing(fixture.api).tracker.followedIds.length, 10, 'the 10 shown are followed, not 10,000');
    const cut = /GET \/apps\/[^/]+\/builds answered 10000 items for limit=10; only the first 10 are kept\./;
    const line = (await waitForLog(fixture.api, cut)).split('\n').find((l) => cut.test(l));
    assert.ok(line);
    userSaw(`the log: ${line}`);
    assert.equal(await vscode.commands.executeCommand('setContext', 'buildServiceTest.ping', 1), undefined, 'a command is answered');

    // Three minutes of polling at the test time scale.
    fixture.service.clearRequests();
    await sleep(3 * 60_000 * TEST_TIME_SCALE);
    const routes = fixture.service.requests.map((r) => r.route ?? r.rawPath);
    assert.equal(routes.filter((r) => r === 'GET /builds/:build_id').length, 0, 'no request per build');
    assert.ok(routes.length >= 2 && routes.length <= 8, `${routes.length} requests in 3 polling minutes: ${routes.join(', ')}`);
    assert.ok(
      routes.every((r) => r === BUILD_LIST),
      routes.join(', '),
    );
  });
});
