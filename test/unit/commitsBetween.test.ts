// The commits between a passing and a failing build as listed: those that changed the test's file first,
// subjects on one line and capped, and only hex shas ever handed to git.
import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { commitRows, isCommitSha, isGitRef, missingShas, subjectOf, walkFirstParents } from '../../src/core/branch/commitsBetween';

describe('commits between a pass and a failure', () => {
  const commit = (hash: string, message: string) => ({ hash, message, authorName: 'Zoë', authorDate: new Date(0) });

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

const run = promisify(execFile);

describe('commits between: a walk back on first parents, bounded (a real repository)', function () {
  this.timeout(60_000);
  let dir = '';
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  // What the Git extension's getCommit gives, from git itself.
  const commitOf = async (sha: string) => {
    const { stdout } = await run('git', ['show', '-s', '--format=%H%x00%P%x00%an%x00%B', sha], { cwd: dir, encoding: 'utf8' });
    const [hash, parents, authorName, message] = stdout.trim().split('\0');
    return { hash, parents: parents ? parents.split(' ') : [], authorName, message };
  };
  const asked: string[] = [];
  const counted = (sha: string) => {
    asked.push(sha);
    return commitOf(sha);
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

  it('stops at the passing commit: the ten after it, newest first, the merged side branch not read', async () => {
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
    assert.equal(asked.length, 11);
  });

  it('a range of 560 commits is read no further than 200, and says it was cut', async () => {
    asked.length = 0;
    const root = git('rev-list', '--max-parents=0', 'HEAD');
    const { commits, end } = await walkFirstParents(root, git('rev-parse', 'HEAD'), counted);
    assert.equal(end, 'cut');
    assert.equal(commits.length, 200);
    assert.equal(asked.length, 200);
    assert.equal(Number(git('rev-list', '--count', `${root}..HEAD`)), 560, "git's own range: what the old code read whole");
  });

  it('a passing commit off the first-parent line ends at the root, with what was read', async () => {
    const { commits, end } = await walkFirstParents(git('rev-parse', 'side~5'), git('rev-parse', 'main~100'), commitOf);
    assert.equal(end, 'root');
    assert.equal(commits.length, 161);
    for (const commit of commits) assert.ok(isCommitSha(commit.hash));
  });

  it('no branch name starting with "-" goes to git as a ref (origin/HEAD naming --all)', () => {
    for (const bad of ['--all', '-p', '', 'a b', 'x\ny', 'x'.repeat(256)]) assert.ok(!isGitRef(bad), bad);
    for (const good of ['main', 'origin/--all', 'release/1.2', 'feature/ü']) assert.ok(isGitRef(good), good);
  });
});
