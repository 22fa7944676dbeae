// Issue 47's huge inputs, each taken in through the UI as a user meets it: a test name of 102,400 `(`
// in a suite that has a workspace file, a 32 MiB answer of tests, an artifact named with 80,000
// characters. Each is shown cut, with what was left out said where the user looks. How long a command
// waits and how far the host's memory grows meanwhile are the trial's figures (`npm run bench:trial`), not these tests'.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readBuild } from '../../builders';
import type { TestCase } from '../../service/data';
import type { Build as WireBuild, RunningService } from '../../service/server';
import { IOS_2048 } from '../../service/seedCatalog';
import { IOS_TEST_DIR } from '../../service/testSources';
import { appNode, textOf } from '../appsView';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { shownTests } from '../testingView';
import { userSaw } from '../trial/hostWatch';
import * as ui from '../ui';
import { waitFor } from '../wait';

const TESTS_ROUTE = 'GET /builds/:build_id/tests';

/** The newest iOS build of `status`, or the one before it (`index` 1): a build whose tests were not fetched yet. */
function newest(service: RunningService, status: string, index = 0): WireBuild {
  const build = service.data.builds
    .filter((b) => b.app_id === IOS_2048 && b.build_status === status)
    .sort((a, b) => b.build_number - a.build_number)[index];
  assert.ok(build, `a ${status} iOS build`);
  return build;
}

/** A tests answer of at least `bytes`: short failed tests, many suites. */
function testsAnswer(buildId: string, bytes: number): { body: string; count: number } {
  const items: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const item = `{"run":"iPhone 15 Pro","target":"m2048Tests","suite":"S${i % 997}","name":"t${i}","status":"failed"}`;
    items.push(item);
    size += item.length + 1;
  }
  return { body: `{"build_id":"${buildId}","tests":[${items.join(',')}]}`, count: items.length };
}

describe('hostile: huge inputs through the UI', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, waitForApps: true, settings: { autoRefresh: false } });

  const showTests = async (build: WireBuild) => {
    await vscode.commands.executeCommand('buildService.showTestResults', readBuild(build));
    await waitFor(() => testing(fixture.api).tests.view?.shown?.build.id === build._id, 'the Testing view on the build', 30_000);
  };

  describe('a test name', () => {
    it('a test name of 102,400 `(` in BoardTests, whose file is in the workspace: listed cut to 200 characters, the others located', async () => {
      const build = newest(fixture.service, 'failed');
      const device = { run: 'iPhone 15 Pro', target: 'm2048Tests', suite: 'BoardTests' };
      const tests: TestCase[] = [
        { ...device, name: `testHuge${'('.repeat(102_400)})`, status: 'failed' },
        { ...device, name: 'testSpawnTile()', status: 'failed' },
      ];
      fixture.service.data.tests.set(build._id, tests);
      await showTests(build);
      const shown = shownTests(fixture.api);
      const huge = shown.find((t) => t.path.includes('testHuge'));
      const label = huge?.path.split(' / ')[3] ?? '';
      assert.equal(label.length, 200, 'cut to 200 characters');
      assert.ok(label.endsWith('…'), label.slice(-10));
      assert.equal(huge?.file, undefined, 'no file declares it');
      const spawn = shown.find((t) => t.path.endsWith('testSpawnTile()'));
      assert.ok(spawn?.file?.endsWith(`/${IOS_TEST_DIR}/BoardTests.swift`), 'the other test located');
      userSaw(`the Testing view lists "${label.slice(0, 12)}…" cut to ${label.length} characters, not located`);
    });
  });

  describe('a 32 MiB answer', () => {
    it('a 32 MiB answer of tests: the Testing view lists 1,000 and its run says of how many', async () => {
      const build = newest(fixture.service, 'failed', 1);
      // Just under the client's 32 MiB cap on an answer (DEFAULT_MAX_RESPONSE_BYTES), as the 909,879 tests were.
      const { body, count } = testsAnswer(build._id, 32 * 1024 * 1024 - 64 * 1024);
      fixture.service.setFault(TESTS_ROUTE, { rawBody: body, times: 1 });
      await showTests(build);
      assert.equal(shownTests(fixture.api).length, 1_000);
      const said = testing(fixture.api).tests.view?.shown?.said ?? [];
      // The comparison with the base, when it has come in, adds its own line after it.
      assert.equal(said[0], `The Testing view shows 1000 of the ${count} tests the build service listed, the failed ones first.`);
      userSaw(`the Testing view's run: ${said.join(' ')}`);
    });
  });

  describe('an artifact name', () => {
    it('an artifact name of 80,000 characters: its download row and the pick show it cut', async () => {
      const build = newest(fixture.service, 'success');
      const link = build.links.download[0];
      assert.ok(link);
      link.name = `Release ${'x'.repeat(80_000)}.ipa`;
      await fixture.api.apps.refresh();
      const node = (await fixture.api.apps.getChildren(await appNode(fixture.api, IOS_2048))).find(
        (b) => b.kind === 'build' && b.build.id === build._id,
      );
      assert.ok(node, `build #${build.build_number} listed`);
      const rows = (await fixture.api.apps.getChildren(node)).map((row) => String(textOf(fixture.api, row).label ?? ''));
      const row = rows.find((label) => label.startsWith('Download: Release xxx'));
      assert.ok(row && row.length <= 220 && row.endsWith('…'), `the row: ${row?.slice(0, 40)}… (${row?.length ?? 0} characters)`);
      void vscode.commands.executeCommand('buildService.downloadArtifact', node);
      await waitFor(async () => (await ui.quickInput()).placeholder === 'The artifact to download', 'the artifact pick');
      const picks = await ui.texts('.quick-input-list .monaco-list-row');
      const pick = picks.find((p) => p.includes('Release xxx')) ?? '';
      assert.ok(pick.length < 1_000 && pick.includes('…'), `the pick: ${pick.slice(0, 40)}… (${pick.length} characters)`);
      await ui.pressKey('Escape');
      userSaw(`the row "${row.slice(0, 24)}…" (${row.length} characters), the pick likewise (${pick.length})`);
    });
  });
});
