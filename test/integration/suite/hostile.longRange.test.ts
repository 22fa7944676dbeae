// Issue 47, finding 5, as a user meets it: trunk's test began to fail in #138 and passed in #137, and
// between the two commits lie 300,000 more. Show Commits Between Pass and Failure on the failed test
// walks at most 200 first-parent commits back and says the range is longer (git's whole range, twice,
// was 47.6 MiB parsed and 260 MiB held). The history is made with `git fast-import`, outside the
// trial's watch (the outer suite's setup); how long a command waits while the commits are listed is
// the trial's figure (`npm run bench:trial`), not this test's.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMPARE_REPO } from '../../service/seedCatalog';
import { addFirstFailedBuilds, CULPRIT } from '../../service/seedFirstFailed';
import { IOS_TEST_DIR } from '../../service/testSources';
import { git, testRepository, waitForBranchState } from '../currentBranch';
import { removeTrunk } from '../firstFailed';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { userSaw } from '../trial/hostWatch';
import * as ui from '../ui';
import { waitFor } from '../wait';

const BETWEEN = 300_000;

/** trunk's 50 build commits from `from`, with BETWEEN commits (no change) before #138's; the build commits' shas. */
async function importTrunk(dir: string, from: string): Promise<string[]> {
  const marks = path.join(mkdtempSync(path.join(tmpdir(), 'bs-marks-')), 'marks');
  const importer = spawn('git', ['fast-import', '--quiet', `--export-marks=${marks}`], { cwd: dir, stdio: ['pipe', 'ignore', 'pipe'] });
  let errors = '';
  importer.stderr.on('data', (chunk) => (errors += String(chunk)));
  const closed = new Promise<number | null>((resolve) => importer.on('close', resolve));
  let mark = 0;
  let time = Date.UTC(2024, 0, 1) / 1000;
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const commit = (subject: string, files: Record<string, string>) => {
    const parent = mark === 0 ? `from ${from}\n` : '';
    const changes = Object.entries(files).map(([file, text]) => `M 100644 inline ${file}\n${data(text)}`);
    return `commit refs/heads/${CULPRIT.branch}\nmark :${++mark}\ncommitter Ada Lovelace <ada@example.com> ${time++} +0000\n${data(subject)}${parent}${changes.join('')}\n`;
  };
  const write = (text: string) =>
    importer.stdin.write(text) ? Promise.resolve() : new Promise<void>((r) => importer.stdin.once('drain', r));
  const buildMarks: number[] = [];
  for (let index = 0; index < CULPRIT.builds; index++) {
    const number = CULPRIT.firstNumber + index;
    const files: Record<string, string> = { 'board.txt': `step ${number}\n` };
    if (number === CULPRIT.brokenIn) {
      for (let filler = 0; filler < BETWEEN; filler++) await write(commit(`Filler ${filler}`, {}));
      files[`${IOS_TEST_DIR}/${CULPRIT.broken.suite}.swift`] = `final class ${CULPRIT.broken.suite} {}\n`;
    }
    await write(commit(`Build ${number}`, files));
    buildMarks.push(mark);
  }
  importer.stdin.end();
  assert.equal(await closed, 0, `git fast-import: ${errors}`);
  const shaOf = new Map(
    readFileSync(marks, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ') as [string, string]),
  );
  rmSync(path.dirname(marks), { recursive: true, force: true });
  return buildMarks.map((m) => shaOf.get(`:${m}`) ?? '');
}

describe('hostile: a 300,000-commit range', () => {
  let repo = '';
  const fixture = useReferenceService({
    onlyIf: ui.uiProbeAvailable,
    token: true,
    settings: { baseBranch: CULPRIT.branch, flakyTestBuilds: 2, autoRefresh: false },
  });

  before(async function () {
    this.timeout(180_000);
    repo = await testRepository();
    git(repo, 'remote', 'set-url', 'origin', COMPARE_REPO);
    const shas = await importTrunk(repo, git(repo, 'rev-parse', 'HEAD').trim());
    addFirstFailedBuilds(fixture.service.data, shas);
    await testRepository((dir) => git(dir, 'checkout', '-q', CULPRIT.branch));
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === CULPRIT.branch, `builds of ${CULPRIT.branch}`);
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
  });

  after(() => removeTrunk(repo));

  describe('the commits between', () => {
    it('Show Commits Between over 300,000 commits: the latest 200 listed, and the list says the range is longer', async () => {
      const newest = fixture.service.data.builds.find(
        (b) => b.commit_info.branch === CULPRIT.branch && b.build_number === CULPRIT.firstNumber + CULPRIT.builds - 1,
      );
      assert.ok(newest);
      const { notes } = testing(fixture.api).comparisons;
      await waitFor(() => notes.last?.buildId === newest._id && notes.last.firstFailed !== undefined, 'where the failures began', 30_000);
      const id = [CULPRIT.run, CULPRIT.target, CULPRIT.broken.suite, CULPRIT.broken.name].map(encodeURIComponent).join('/');
      let item: vscode.TestItem | undefined;
      const walk = (node: vscode.TestItem) => {
        if (node.id === id) item = node;
        node.children.forEach(walk);
      };
      testing(fixture.api).tests.view?.controller.items.forEach(walk);
      assert.ok(item, `the Testing view's item ${id}`);

      void vscode.commands.executeCommand('buildService.showCommitsBetween', item);
      const rows = () => ui.texts('.quick-input-list .monaco-list-row');
      const longer = 'Only the latest 200 commits were looked at: the range between these builds is longer.';
      await waitFor(
        async () => (await rows()).some((r) => r.includes(longer)),
        'the commits listed, and the range said to be longer',
        60_000,
      );
      const shown = await rows();
      assert.ok(
        shown.some((r) => r.includes('Build 138')),
        shown.slice(0, 3).join(' | '),
      );
      await ui.pressKey('Escape');
      userSaw(`the list of commits between #137 and #138: ${longer}`);
    });
  });
});
