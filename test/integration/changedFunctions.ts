// The repository "changed functions" reads: Merger.swift committed on MERGER.base (the build's commit),
// then MERGER.branch checked out with the file changed in the working tree, newer than the build.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Build } from '../service/contract';
import { COMPARE_REPO, REPO_2048 } from '../service/seedCatalog';
import { MERGER } from '../service/seedChangedFunctions';
import { git } from './currentBranch';

/** In `testRepository`'s prepare: `merger(false)` committed as `build`'s commit, `merger(true)` on disk. */
export function commitMerger(dir: string, build: Build, merger: (changed: boolean) => string): void {
  git(dir, 'remote', 'set-url', 'origin', COMPARE_REPO);
  git(dir, 'checkout', '-q', '-B', MERGER.base, 'master');
  mkdirSync(path.join(dir, path.dirname(MERGER.path)), { recursive: true });
  writeFileSync(path.join(dir, MERGER.path), merger(false));
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Add the merger');
  build.commit_info.commit_sha = git(dir, 'rev-parse', 'HEAD').trim();
  git(dir, 'checkout', '-q', '-B', MERGER.branch);
  writeFileSync(path.join(dir, MERGER.path), merger(true));
}

/** The test repository as it was before commitMerger. */
export function removeMerger(repo: string): void {
  git(repo, 'checkout', '-q', '-f', 'master');
  git(repo, 'branch', '-q', '-D', MERGER.branch, MERGER.base);
  git(repo, 'remote', 'set-url', 'origin', REPO_2048);
}
