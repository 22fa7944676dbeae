// What a screen reader says for each row: the state first, in words, no ids, hashes or UTC times; in
// German too, from the shipped bundle.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Build } from '../../src/api';
import {
  appAccessibleLabel,
  buildAccessibleLabel,
  commitAccessibleLabel,
  groupAccessibleLabel,
  messageAccessibleLabel,
  noBuildAccessibleLabel,
  pullRequestAccessibleLabel,
} from '../../src/core/builds/accessibleLabels';
import { buildTooltip, pullRequestTag } from '../../src/core/builds/buildLook';
import { detailRows } from '../../src/core/builds/detailRows';
import { aBuild, type BuildFields } from '../builders';
import { useLanguage, type Translations } from '../../src/core/text/language';

const ID = '58a4e07838704cb2eacd7ce9';
const SHA = '0123456789abcdef0123456789abcdef01234567';
const NOW = Date.parse('2024-05-10T12:00:00Z');

const build = (fields: BuildFields = {}): Build =>
  aBuild({
    id: ID,
    status: 'failed',
    buildNumber: 62,
    commit: { branch: 'develop', sha: SHA, message: 'Fix crash\n\nDetails', author: 'Ada' },
    createdAt: '2024-05-10T11:48:00Z',
    startedAt: '2024-05-10T11:49:00Z',
    finishedAt: '2024-05-10T11:55:00Z',
    testSummary: { testsCount: 10, testsPassed: 7 },
    ...fields,
  });

const PR = { branch: 'master', sha: 'fedcba9876543210fedcba9876543210fedcba98', mergeStatus: 'unknown', tags: [] };

/** No 24-digit id, no 7-or-more hex run (a hash), no UTC time. */
function assertNoNoise(label: string): void {
  assert.ok(!label.includes(ID), `no build id in ${JSON.stringify(label)}`);
  assert.doesNotMatch(label, /[0-9a-f]{7,}/, 'no hash');
  assert.doesNotMatch(label, /UTC|\d\d:\d\d/, 'no exact time');
}

describe('accessible names', () => {
  it('a build: its state first in words, then number, branch, failed tests and when', () => {
    const label = buildAccessibleLabel(build(), NOW);
    assert.equal(label, 'Failed, build 62 of develop, 3 tests failed, 12 minutes ago');
    assertNoNoise(label);
    assert.equal(buildAccessibleLabel(build({ status: 'running', testSummary: {} }), NOW), 'Running, build 62 of develop, 12 minutes ago');
    assert.equal(
      buildAccessibleLabel(build({ status: 'success', testSummary: { testsCount: 4, testsPassed: 4 }, buildNumber: undefined }), NOW),
      'Succeeded, build of develop, all 4 tests passed, 12 minutes ago',
    );
    assert.match(buildAccessibleLabel(build({ status: 'unknown', rawStatus: 'paused' }), NOW), /^Status paused, /);
  });

  it('a pull request build says where it merges; Current Branch puts the app after the state', () => {
    const label = buildAccessibleLabel(build({ pullRequestDestination: PR }), NOW, '2048 iOS App');
    assert.equal(label, 'Failed, 2048 iOS App, build 62 of develop, pull request into master, 3 tests failed, 12 minutes ago');
    assertNoNoise(label);
    assert.equal(noBuildAccessibleLabel('2048 iOS App', 'develop'), 'No builds yet, 2048 iOS App, branch develop');
  });

  it('text from the service is made inert and short: no line break, no bidi override, capped', () => {
    const label = buildAccessibleLabel(build({ commit: { branch: `evil\u202E\n${'x'.repeat(300)}`, tags: [] } }), NOW);
    assert.ok(!/[\n\u202E]/.test(label));
    assert.ok(label.length < 160, label);
  });

  it('detail rows: the commit by author and message (no hash), pull request and merge status, failed tests as "Failed"', () => {
    const rows = detailRows(
      build({ pullRequestDestination: PR }),
      { tests: { tests: [{ name: 'testLogin()', status: 'failed', suite: 'AuthTests' }] } },
      NOW,
    );
    const [commit, pr] = rows;
    assert.equal(commit?.accessibleLabel, 'Commit by Ada: Fix crash');
    assert.match(commit?.label ?? '', /^Commit 0123456/, 'the hash stays on screen');
    assert.equal(pr?.label, 'Pull request into master');
    assert.equal(pr?.description, 'merge status: unknown');
    assert.equal(pr?.accessibleLabel, 'Pull request into master, merge status unknown');
    assert.match(pr?.tooltip ?? '', /^Destination commit: fedcba9\nMerge status: unknown$/);
    const failed = rows.find((r) => r.label.startsWith('Tests'))?.children?.[0];
    assert.equal(failed?.accessibleLabel, 'Failed: testLogin(), AuthTests');
    for (const row of rows) if (row.accessibleLabel) assertNoNoise(row.accessibleLabel);
    assert.equal(commitAccessibleLabel(undefined, ''), 'Commit');
    assert.equal(pullRequestAccessibleLabel({ tags: [], sha: SHA }), 'Pull request');
  });

  it('a pull request build shows "PR → master" on its row and the destination in its tooltip', () => {
    assert.equal(pullRequestTag(PR), 'PR → master');
    assert.equal(pullRequestTag(undefined), '');
    const tooltip = buildTooltip(build({ pullRequestDestination: PR })).split('\n');
    assert.ok(tooltip.includes('Pull request into master'), tooltip.join(' | '));
    assert.ok(tooltip.includes('Destination commit: fedcba9'));
    assert.ok(tooltip.includes('Merge status: unknown'));
  });

  it('apps, deployment groups and message rows', () => {
    assert.equal(appAccessibleLabel('2048 iOS App', 'iOS', ''), '2048 iOS App, iOS app');
    assert.equal(appAccessibleLabel('2048 iOS App', 'iOS', 'failed'), '2048 iOS App, iOS app, builds filtered by failed');
    const group = { id: ID, name: 'QA team', branch: 'develop', testers: ['qa@example.com', 'zoe@example.com'] };
    assert.equal(groupAccessibleLabel(group), 'Deployment group QA team, branch develop, 2 testers');
    assert.equal(groupAccessibleLabel({ ...group, branch: undefined, testers: ['a@b.c'] }), 'Deployment group QA team, 1 tester');
    assert.equal(
      messageAccessibleLabel('error', 'Access token not accepted', 'Set Access Token'),
      'Error: Access token not accepted, press Enter to Set Access Token',
    );
    assert.equal(messageAccessibleLabel('other', 'No builds yet'), 'No builds yet');
  });

  describe('in German', () => {
    const root = path.resolve(__dirname, '../../..');
    before(() => {
      const bundle = JSON.parse(readFileSync(path.join(root, 'l10n/bundle.l10n.de.json'), 'utf8')) as Translations;
      useLanguage('de', bundle);
    });
    after(() => useLanguage('en', undefined));

    it('the state first, in German words', () => {
      assert.equal(
        buildAccessibleLabel(build({ pullRequestDestination: PR }), NOW),
        'Fehlgeschlagen, Build 62 von develop, Pull-Request nach master, 3 Tests fehlgeschlagen, vor 12 Minuten',
      );
      assert.equal(
        groupAccessibleLabel({ id: ID, name: 'QA', branch: 'develop', testers: [] }),
        'Verteilergruppe QA, Branch develop, 0 Tester',
      );
      assert.equal(messageAccessibleLabel('warning', 'X'), 'Warnung: X');
      assert.equal(pullRequestTag(PR), 'PR → master');
    });
  });
});
