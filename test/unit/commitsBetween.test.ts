// The commits between a passing and a failing build as listed: those that changed the test's file first,
// subjects on one line and capped, and only hex shas ever handed to git.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { commitRows, isCommitSha, isGitRef, logRefs, missingShas, subjectOf, walkFirstParents } from '../../src/core/branch/commitsBetween';
import { fileSpec, touchingCommits } from '../../src/core/branch/touchedFile';
import { gitLog, gitLogCalls } from './gitLog';

describe('commits between a pass and a failure', () => {
  const commit = (hash: string, message: string) => ({
    hash,
    message,
    authorName: 'Zoë',
    authorDate: new Date(0),
  });

  it('puts the commits that changed the test file first, each group in the order git gave', () => {
    const rows = commitRows([commit('c', 'Third'), commit('b', 'Second\n\nbody'), commit('a', 'First')], new Set(['a']));
    assert.deepEqual(
      rows.map((r) => [r.hash, r.subject, r.touched]),
      [
        ['a', 'First', true],
        ['c', 'Third', false],
        ['b', 'Second', false],
      ],
    );
  });

  it('lists at most 200 commits, and caps a subject at 200 characters', () => {
    const many = Array.from({ length: 500 }, (_, i) => commit(`h${i}`, `Commit ${i}`));
    assert.equal(commitRows(many, new Set()).length, 200);
    assert.equal(subjectOf('x'.repeat(1000)).length, 200);
  });

  it('hands git only hex shas: never one that git would read as an option', () => {
    assert.ok(isCommitSha('54a9faeccc0979aaa16f3226562a24fb3330e9f0'));
    assert.ok(isCommitSha('54a9fae'));
    for (const bad of ['--output=/tmp/x', '-p', 'HEAD', 'main..evil', '', undefined, 'abc']) assert.ok(!isCommitSha(bad), String(bad));
  });

  it('names each missing commit once', () => {
    assert.deepEqual(missingShas(['a1', 'a1', 'b2'], [false, false, true]), ['a1']);
  });
});

describe('commits between: a walk back on first parents, bounded (a real repository)', function () {
  this.timeout(60_000);
  let dir = '';
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  // What the Git extension's log gives with `refNames` and `maxEntries`, from git itself run as it runs it.
  const logFrom = async (sha: string, count: number, excluded?: string) => gitLog(dir, logRefs(sha, excluded), count);
  const asked: string[][] = [];
  const counted = (sha: string, count: number, excluded?: string) => {
    asked.push(logRefs(sha, excluded));
    return logFrom(sha, count, excluded);
  };

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bs-commits-'));
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 't@example.com');
    git('config', 'user.name', 'T');
    // 260 commits on main; a side branch of 300 commits merged into it after the 250th.
    const script = [
      'for i in $(seq 1 250); do git commit -q --allow-empty -m "main $i"; done',
      'git checkout -q -b side HEAD~200',
      'for i in $(seq 1 300); do git commit -q --allow-empty -m "side $i"; done',
      'git checkout -q main',
      'git merge -q --no-ff -m "merge side" side',
      'for i in $(seq 251 260); do git commit -q --allow-empty -m "main $i"; done',
    ].join('\n');
    execFileSync('sh', ['-c', script], { cwd: dir });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('stops at the passing commit: the ten after it, newest first, the merged side branch not read, in one log', async () => {
    asked.length = 0;
    const from = git('rev-parse', 'HEAD~11');
    const { commits, end } = await walkFirstParents(from, git('rev-parse', 'HEAD'), counted);
    assert.equal(end, 'reached');
    assert.deepEqual(
      commits.map((c) => c.message.trim()),
      [
        'main 260',
        'main 259',
        'main 258',
        'main 257',
        'main 256',
        'main 255',
        'main 254',
        'main 253',
        'main 252',
        'main 251',
        'merge side',
      ],
    );
    assert.deepEqual(asked, [[git('rev-parse', 'HEAD'), `^${from}`]]);
  });

  it('a range of 560 commits is read no further than 200, and says it was cut: a log for the merged branch that filled the first', async () => {
    asked.length = 0;
    const root = git('rev-list', '--max-parents=0', 'HEAD');
    const { commits, end } = await walkFirstParents(root, git('rev-parse', 'HEAD'), counted);
    assert.equal(end, 'cut');
    assert.equal(commits.length, 200);
    assert.deepEqual(
      commits.slice(9, 13).map((c) => c.message.trim()),
      ['main 251', 'merge side', 'main 250', 'main 249'],
    );
    // git lists the merged branch's 300 commits first: the first log of 200 ends inside it.
    assert.deepEqual(asked, [
      [git('rev-parse', 'HEAD'), `^${root}`],
      [git('rev-parse', 'HEAD~11'), `^${root}`],
    ]);
    assert.equal(Number(git('rev-list', '--count', `${root}..HEAD`)), 560, "git's own range: what the old code read whole");
  });

  it('a passing commit off the first-parent line ends at the root, with what was read', async () => {
    const { commits, end } = await walkFirstParents(git('rev-parse', 'side~5'), git('rev-parse', 'main~100'), logFrom);
    assert.equal(end, 'root');
    assert.equal(commits.length, 161);
    for (const commit of commits) assert.ok(isCommitSha(commit.hash));
  });

  it('no branch name starting with "-" goes to git as a ref (origin/HEAD naming --all)', () => {
    for (const bad of ['--all', '-p', '', 'a b', 'x\ny', 'x'.repeat(256)]) assert.ok(!isGitRef(bad), bad);
    for (const good of ['main', 'origin/--all', 'release/1.2', 'feature/ü']) assert.ok(isGitRef(good), good);
  });
});

describe('commits between: which commits changed the test file, on a real repository with merges', function () {
  this.timeout(60_000);
  let dir = '';
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  const TEST_FILE = 'Tests/LoginTests.swift';
  const diffs: string[] = [];
  /** The list as Show Commits Between builds it, git run as the Git extension runs it; the diffs it asked counted. */
  const listed = async (from: string, to: string, spec: string) => {
    const { commits, end, logged } = await walkFirstParents(from, to, (sha, count, excluded) => gitLog(dir, logRefs(sha, excluded), count));
    const touching = await touchingCommits(
      commits,
      logged,
      spec,
      (refNames, count, path) => gitLog(dir, refNames, count, path),
      (commit) => {
        diffs.push(commit.message);
        return Promise.resolve(git('diff', '--name-only', commit.parents[0], commit.hash).split('\n').includes(TEST_FILE));
      },
    );
    return {
      end,
      rows: commitRows(commits, touching).map((r) => `${r.touched ? '* ' : ''}${r.subject}`),
    };
  };
  /** What the list said before: each commit's diff against its first parent. */
  const eachAgainstFirstParent = (from: string, to: string) =>
    git('rev-list', '--first-parent', `${from}..${to}`)
      .split('\n')
      .filter((sha) => git('diff', '--name-only', `${sha}^1`, sha).split('\n').includes(TEST_FILE))
      .map((sha) => git('log', '-1', '--format=%s', sha));

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bs-touched-'));
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 't@example.com');
    git('config', 'user.name', 'T');
    const script = [
      'mkdir Tests && printf "a\\n1\\n2\\nb\\n3\\n4\\nc\\n" > Tests/LoginTests.swift && echo 1 > app.txt && git add -A && git commit -q -m "passing"',
      // A branch that changed the test file, merged: the merge brought the change.
      'git checkout -q -b feature-a && sed -i s/a/A/ Tests/LoginTests.swift && git commit -qam "a: test file" && echo 2 > app.txt && git commit -qam "a: app"',
      'git checkout -q main && echo x > other.txt && git add -A && git commit -qm "main: other"',
      'git merge -q --no-ff -m "Merge a" feature-a',
      // A branch that did not, merged.
      'git checkout -q -b feature-b && echo 3 > app.txt && git commit -qam "b: app" && git checkout -q main && git merge -q --no-ff -m "Merge b" feature-b',
      // A branch that changed it, merged keeping main's side: the merge brought nothing.
      'git checkout -q -b feature-d && sed -i s/b/D/ Tests/LoginTests.swift && git commit -qam "d: test file" && git checkout -q main',
      'git merge -q -s ours -m "Merge d, ours" feature-d',
      // Both sides changed it: the merge differs from both parents.
      'git checkout -q -b feature-c && sed -i s/c/C/ Tests/LoginTests.swift && git commit -qam "c: test file"',
      'git checkout -q main && sed -i s/b/B/ Tests/LoginTests.swift && git commit -qam "main: test file"',
      'git merge -q --no-ff -m "Merge c" feature-c',
      'echo 4 > app.txt && git commit -qam "main: last"',
    ].join(' && ');
    execFileSync('sh', ['-c', script], { cwd: dir });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('marks each first-parent commit that changed it against its first parent: two merges, a commit; not the merge that kept main', async () => {
    const from = git('rev-list', '--max-parents=0', 'HEAD');
    diffs.length = 0;
    gitLogCalls.length = 0;
    const { end, rows } = await listed(from, git('rev-parse', 'HEAD'), fileSpec(TEST_FILE, 'LoginTests.swift') ?? '');
    assert.equal(end, 'reached');
    assert.deepEqual(rows, ['* Merge c', '* main: test file', '* Merge a', 'main: last', 'Merge d, ours', 'Merge b', 'main: other']);
    assert.deepEqual(
      rows.filter((r) => r.startsWith('* ')).map((r) => r.slice(2)),
      eachAgainstFirstParent(from, 'HEAD'),
      'the same marks as a diff of each commit',
    );
    // Two logs (the walk, the file's) and one diff, for the merge that brought a branch's change: not a diff a commit.
    assert.equal(gitLogCalls.length, 2);
    assert.deepEqual(diffs, ['Merge a']);
  });

  it('a test file in another folder of the workspace is found by its name', async () => {
    const from = git('rev-list', '--max-parents=0', 'HEAD');
    const { rows } = await listed(from, git('rev-parse', 'HEAD'), fileSpec(undefined, 'LoginTests.swift') ?? '');
    assert.deepEqual(
      rows.filter((r) => r.startsWith('* ')),
      ['* Merge c', '* main: test file', '* Merge a'],
    );
  });

  it('names git would read as a pattern, or a control character, are not asked for; nor a ref that is not a sha', () => {
    assert.deepEqual(logRefs('54a9fae', '--all'), ['54a9fae']);
    assert.deepEqual(logRefs('-p', '54a9fae'), []);
    for (const name of ['*.swift', 'a?b', '[x]', 'a\\b', 'a\nb', '']) assert.equal(fileSpec(undefined, name), undefined, name);
    assert.equal(fileSpec('Tests/a*b.swift', 'a*b.swift'), ':(literal)Tests/a*b.swift');
  });
});

describe("commits between: a merge that took the merged branch's file over its own line's change", function () {
  this.timeout(60_000);
  let dir = '';
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  const TEST_FILE = 'Tests/LoginTests.swift';

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bs-touched-theirs-'));
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 't@example.com');
    git('config', 'user.name', 'T');
    const script = [
      'mkdir Tests && printf "a\\nb\\n" > Tests/LoginTests.swift && echo 1 > app.txt && git add -A && git commit -q -m "passing"',
      'git checkout -q -b side && echo 2 > app.txt && git commit -qam "side: app"',
      // main changes the test file; the merge then takes the side's file whole, undoing main's change.
      'git checkout -q main && sed -i s/b/B/ Tests/LoginTests.swift && git commit -qam "main: test file"',
      'echo x > other.txt && git add -A && git commit -qm "main: other"',
      'git merge -q --no-ff --no-commit side >/dev/null; git checkout side -- Tests/LoginTests.swift && git commit -qm "Merge side, its test file"',
      'echo 3 > app.txt && git commit -qam "main: last"',
    ].join(' && ');
    execFileSync('sh', ['-c', script], { cwd: dir });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('marks the commit that changed the file on the first-parent line, and the merge that undid it', async () => {
    const from = git('rev-list', '--max-parents=0', 'HEAD');
    const to = git('rev-parse', 'HEAD');
    const { commits, logged } = await walkFirstParents(from, to, (sha, count, excluded) => gitLog(dir, logRefs(sha, excluded), count));
    const touching = await touchingCommits(
      commits,
      logged,
      fileSpec(TEST_FILE, 'LoginTests.swift') ?? '',
      (refNames, count, spec) => gitLog(dir, refNames, count, spec),
      (commit) => Promise.resolve(git('diff', '--name-only', commit.parents[0], commit.hash).split('\n').includes(TEST_FILE)),
    );
    const marked = commitRows(commits, touching)
      .filter((r) => r.touched)
      .map((r) => r.subject);
    const byDiff = git('rev-list', '--first-parent', `${from}..${to}`)
      .split('\n')
      .filter((sha) => git('diff', '--name-only', `${sha}^1`, sha).split('\n').includes(TEST_FILE))
      .map((sha) => git('log', '-1', '--format=%s', sha));
    assert.deepEqual(byDiff, ['Merge side, its test file', 'main: test file'], "git's own diffs");
    assert.deepEqual(marked, byDiff);
  });
});
