// Trigger Build through its quick picks, the new build followed to its end, and the one
// notification that announces it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FIND_REPLACE, IOS_2048 } from '../../service/seedCatalog';
import { waitForBranchState } from '../currentBranch';
import { readLog, storeTokenFor, testing, waitForLog } from '../extension';
import { useReferenceService } from '../harness';
import * as ui from '../ui';
import { sleep, waitFor } from '../wait';

/** Trigger Build through its two picks, as a user types them: 2048 iOS, on develop (not the branch checked out). */
async function triggerOnDevelop(): Promise<void> {
  const done = vscode.commands.executeCommand('buildService.triggerBuild');
  await waitFor(async () => (await ui.quickInput()).placeholder === 'The app to build', 'the app pick');
  await ui.typeText('2048 iOS');
  await ui.pressKey('Enter');
  await waitFor(async () => (await ui.quickInput()).placeholder === 'The branch to build', 'the branch pick');
  await waitFor(async () => (await ui.texts('.quick-input-list .monaco-list-row')).length > 1, 'branches listed');
  await ui.typeText('develop');
  await ui.pressKey('Enter');
  await done;
}

describe('trigger build and completion notice', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, checkout: FIND_REPLACE });

  it('asks for the app and the branch (current first), sends one POST, shows and announces the build', async () => {
    await ui.clearNotifications();
    fixture.service.clearRequests();
    const done = vscode.commands.executeCommand('buildService.triggerBuild');
    await waitFor(async () => (await ui.quickInput()).visible, 'the app pick');
    assert.equal((await ui.quickInput()).placeholder, 'The app to build');
    await ui.typeText('2048 iOS');
    await ui.pressKey('Enter');
    await waitFor(async () => (await ui.quickInput()).placeholder === 'The branch to build', 'the branch pick');
    // The current branch is offered first, so accepting at once picks it.
    await waitFor(async () => (await ui.texts('.quick-input-list .monaco-list-row')).length > 1, 'branches listed');
    const rows = await ui.texts('.quick-input-list .monaco-list-row');
    assert.match(rows[0] ?? '', /^feature\/find&replace/);
    await ui.pressKey('Enter');
    await done;

    const posts = fixture.service.requests.filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1);
    assert.equal(posts[0]?.rawPath, `/apps/${IOS_2048}/build`);
    assert.deepEqual(JSON.parse(posts[0]?.body ?? ''), { branch: FIND_REPLACE });
    const created = fixture.service.data.builds[0];
    assert.ok(created && created.app_id === IOS_2048 && created.commit_info.branch === FIND_REPLACE);

    const state = await waitForBranchState(
      fixture.api,
      (s) => s.kind === 'builds' && s.entries.some((e) => e.held?.build.id === created._id),
      'the new build shown',
    );
    assert.ok(state.kind === 'builds');
    assert.ok(fixture.api.testing?.branch.tracker.isFollowing(created._id));

    fixture.service.advanceBuilds();
    fixture.service.advanceBuilds();
    const outcome = created.build_status === 'success' ? 'succeeded' : 'failed';
    const message = `Build #${created.build_number} of 2048 iOS App on ${FIND_REPLACE} ${outcome}`;
    const shown = await ui.waitForNotification(message, 10_000);
    // "Show Failed Tests" only when the build's summary counts failures.
    const { tests_count: count, tests_passed: passed } = created.test_summary;
    const testsFailed = typeof count === 'number' && typeof passed === 'number' && passed < count;
    const actions = ['Open Build', ...(testsFailed ? ['Show Failed Tests'] : []), "Don't Show Again"];
    assert.deepEqual(shown, { message, severity: outcome === 'failed' ? 'error' : 'info', actions });
    await waitForBranchState(
      fixture.api,
      (s) => s.kind === 'builds' && s.entries.some((e) => e.held?.build.id === created._id && e.held.build.finished),
      'the view updated',
    );

    await ui.clickNotificationAction(message, "Don't Show Again");
    await waitFor(
      () => vscode.workspace.getConfiguration('buildService').inspect('notifyOnCompletion')?.globalValue === 'off',
      'notifyOnCompletion off',
    );
    await ui.clearNotifications();
  });

  it('Open Build on the notice of a build of another branch selects it under its app in the Apps view', async () => {
    await ui.clearNotifications();
    await triggerOnDevelop();
    const created = fixture.service.data.builds[0];
    assert.ok(created && created.commit_info.branch === 'develop', 'a build of develop, not the branch checked out');

    fixture.service.advanceBuilds();
    fixture.service.advanceBuilds();
    const outcome = created.build_status === 'success' ? 'succeeded' : 'failed';
    const message = `Build #${created.build_number} of 2048 iOS App on develop ${outcome}`;
    await ui.clickNotificationAction(message, 'Open Build');
    await waitFor(
      async () =>
        (await ui.texts('.monaco-list-row.selected')).some((t) => t.includes(`#${created.build_number}`) && t.includes('develop')),
      'the build selected in the Apps view',
    );
    await ui.clearNotifications();
  });
  it('a build that ended before the service first answered for it is announced once, as triggered, and is not followed', async () => {
    await ui.clearNotifications();
    // The read-back after the POST fails (with the client's two retries); the next one, 2 s later, finds the build ended.
    fixture.service.setFault('GET /builds/:build_id', { status: 503, times: 3 });
    await triggerOnDevelop();
    const created = fixture.service.data.builds[0];
    assert.ok(created && !created.finished && created.commit_info.branch === 'develop');
    fixture.service.finishBuild(created._id, 'failed');

    const message = `Build #${created.build_number} of 2048 iOS App on develop failed`;
    await ui.waitForNotification(message, 15_000);
    assert.equal(fixture.service.requestsTo('GET /builds/:build_id', created._id).length, 4, 'three failed reads, then the one answer');
    assert.equal(fixture.api.testing?.tracker.isFollowing(created._id), false);
    assert.equal((await ui.notifications()).filter((n) => n.message === message).length, 1, 'announced once');
    await ui.clearNotifications();
  });

  it("a read-back answered with another app's finished build: that build is neither followed nor announced; the triggered one is, once read", async () => {
    await ui.clearNotifications();
    const impostor = fixture.service.data.builds.find((b) => b.app_id !== IOS_2048 && b.build_status === 'failed');
    assert.ok(impostor);
    fixture.service.setFault('GET /builds/:build_id', { rawBody: JSON.stringify(impostor), times: 1 });
    await triggerOnDevelop();
    const created = fixture.service.data.builds[0];
    assert.ok(created && created.app_id === IOS_2048 && !created.finished);
    // The next read-back, 2 s later, is answered for the build triggered.
    await waitFor(() => fixture.api.testing?.tracker.isFollowing(created._id) === true, 'the triggered build followed', 10_000);
    assert.equal(fixture.api.testing?.tracker.isFollowing(impostor._id), false);
    const impostorSaid = (await ui.notifications()).filter((n) => n.message.startsWith(`Build #${impostor.build_number} of `));
    assert.deepEqual(impostorSaid, [], 'the other build is not announced as triggered');
    await ui.clearNotifications();
  });
  it('Sign Out stops the read-back of a build just triggered: it is not asked again, and the log says so once (issue 47)', async () => {
    await ui.clearNotifications();
    // Every read-back fails, so it is asked again after 2, 4, 8 and 16 s.
    fixture.service.setFault('GET /builds/:build_id', { status: 503, times: 1000 });
    const { accounts } = testing(fixture.api);
    try {
      await triggerOnDevelop();
      const created = fixture.service.data.builds[0];
      assert.ok(created && created.commit_info.branch === 'develop');
      await waitForLog(fixture.api, `Build ${created._id} was triggered but could not be read yet`, 15_000);
      const account = accounts.chosen();
      assert.ok(account);
      const before = (await readLog(fixture.api)).length;
      await accounts.signOut(account.id);
      // The reads at 2 and 6 s after the first get their chance.
      await sleep(7_000);
      const after = (await readLog(fixture.api)).slice(before);
      const lines = after.split('\n').filter((line) => line.includes(created._id));
      assert.deepEqual(
        lines.map((line) => line.replace(/^.*?\] /, '')),
        [`Build ${created._id} is no longer read back: its account signed out or its token changed.`],
      );
    } finally {
      fixture.service.clearFaults();
      await storeTokenFor(fixture.api, fixture.service.baseUrl, fixture.service.token);
    }
  });

  it('Sign Out while the service is still answering the first read-back: the late answer is not followed, nor asked again', async () => {
    await ui.clearNotifications();
    fixture.service.clearRequests();
    // The first read-back is answered 4 s late; the user signs out meanwhile.
    fixture.service.setFault('GET /builds/:build_id', { delayBeforeHeadersMs: 4_000, times: 1 });
    const { accounts } = testing(fixture.api);
    try {
      const done = triggerOnDevelop();
      await waitFor(() => fixture.service.requests.some((r) => r.method === 'POST'), 'the build triggered');
      const created = fixture.service.data.builds[0];
      assert.ok(created && created.commit_info.branch === 'develop');
      await waitFor(() => fixture.service.requestsTo('GET /builds/:build_id', created._id).length === 1, 'the read-back asked');
      const account = accounts.chosen();
      assert.ok(account);
      await accounts.signOut(account.id);
      await done;
      // A read-back asked again would come 2 s after the first.
      await sleep(3_000);
      assert.equal(fixture.api.testing?.tracker.isFollowing(created._id), false, 'not followed after Sign Out');
      assert.equal(fixture.service.requestsTo('GET /builds/:build_id', created._id).length, 1, 'not asked again');
      await waitForLog(fixture.api, `Build ${created._id} is no longer read back: its account signed out or its token changed.`, 5_000);
    } finally {
      fixture.service.clearFaults();
      await storeTokenFor(fixture.api, fixture.service.baseUrl, fixture.service.token);
    }
  });
});
