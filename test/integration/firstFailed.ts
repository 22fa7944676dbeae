// trunk, as the "who broke it" suites need it: 50 commits made in the test repository, one a build of
// the reference service's trunk (test/service/seedFirstFailed.ts), and the build where a test began to
// fail touching that test's file.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { RunningService } from '../service/server';
import { addFirstFailedBuilds, CULPRIT } from '../service/seedFirstFailed';
import { REPO_2048 } from '../service/seedCatalog';
import { IOS_TEST_DIR } from '../service/testSources';
import { git } from './currentBranch';

const AUTHORS = ['Ada Lovelace <ada@example.com>', 'Zoë Ångström <zoe@example.com>', '山田 太郎 <taro@example.com>'];

/** The subject of the commit built as trunk's build `number`. */
export const subjectOf = (number: number) => (number === CULPRIT.brokenIn ? 'Merge tiles in one pass' : `Tune the board, step ${number}`);

/** The file the broken test lives in, as the repository holds it. */
export const BROKEN_TEST_FILE = `${IOS_TEST_DIR}/${CULPRIT.broken.suite}.swift`;

/**
 * Makes trunk in `dir` (from its current HEAD): one commit per build, each changing board.txt, the one
 * built as #138 the broken test's file too; and between #137 and #138 one commit of its own, untouched.
 * Then adds trunk's builds to `service`, naming those commits. Leaves `dir` on the branch it was on.
 */
export function makeTrunk(dir: string, service: RunningService): string[] {
  const was = git(dir, 'rev-parse', '--abbrev-ref', 'HEAD').trim();
  git(dir, 'checkout', '-q', '-B', CULPRIT.branch);
  const shas: string[] = [];
  const commit = (subject: string, index: number) => {
    const [name, email] = AUTHORS[index % AUTHORS.length].split(/ <|>/);
    const date = new Date(Date.UTC(2024, 0, 1) + index * 3_600_000).toISOString();
    git(dir, '-c', `user.name=${name}`, '-c', `user.email=${email}`, 'commit', '-q', '-m', subject, '--date', date);
  };
  for (let index = 0; index < CULPRIT.builds; index++) {
    const number = CULPRIT.firstNumber + index;
    if (number === CULPRIT.brokenIn) {
      writeFileSync(path.join(dir, 'notes.txt'), 'the next step\n');
      git(dir, 'add', '-A');
      commit('Write down the next step', index);
      mkdirSync(path.join(dir, IOS_TEST_DIR), { recursive: true });
      writeFileSync(path.join(dir, BROKEN_TEST_FILE), `final class ${CULPRIT.broken.suite} {}\n`);
    }
    writeFileSync(path.join(dir, 'board.txt'), `step ${number}\n`);
    git(dir, 'add', '-A');
    commit(subjectOf(number), index);
    shas.push(git(dir, 'rev-parse', 'HEAD').trim());
  }
  git(dir, 'checkout', '-q', was);
  addFirstFailedBuilds(service.data, shas);
  return shas;
}

/** Puts the test repository back as the other suites expect it: on master, trunk gone, the 2048 remote. */
export function removeTrunk(repo: string): void {
  git(repo, 'checkout', '-q', '-f', 'master');
  git(repo, 'branch', '-q', '-D', CULPRIT.branch);
  git(repo, 'remote', 'set-url', 'origin', REPO_2048);
}
