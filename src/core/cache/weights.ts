// What a cached answer weighs, in approximate bytes of the host's heap: a string two bytes a character
// and its header, an object its header and slots. An upper bound rather than a measure: a list two caches
// hold is counted in each, and V8 stores most names in one byte a character.
import type { Build, Coverage, FileCoverage, TestResult } from '../../api/models';

const OBJECT = 64;
const STRING = 16;

export function textBytes(text: string | undefined): number {
  return text === undefined ? 0 : STRING + text.length * 2;
}

export function testsBytes(tests: readonly TestResult[]): number {
  let sum = OBJECT + tests.length * 8;
  for (const t of tests)
    sum += OBJECT + textBytes(t.name) + textBytes(t.status) + textBytes(t.run) + textBytes(t.target) + textBytes(t.suite);
  return sum;
}

/** A build's model: its strings, its commit and links, and the objects around them. */
export function buildBytes(build: Build): number {
  const { commit, links } = build;
  let sum = OBJECT * 6 + textBytes(build.id) + textBytes(build.appId) + textBytes(commit.message) + textBytes(commit.branch);
  for (const link of [...links.download, ...links.install]) sum += OBJECT + textBytes(link.url) + textBytes(link.name);
  return sum + 256; // dates, the sha, the status and numbers
}

export function buildsBytes(builds: readonly Build[]): number {
  let sum = OBJECT + builds.length * 8;
  for (const build of builds) sum += buildBytes(build);
  return sum;
}

/** A coverage report's files: each one's path and figures, its functions as sent (kept), and their models once asked for. */
export function filesBytes(files: readonly FileCoverage[]): number {
  let sum = OBJECT + files.length * 8;
  for (const file of files) {
    const held = file.functionsHeld;
    const wire = held ? held.values * OBJECT + held.chars * 2 : 0;
    sum += OBJECT * 2 + textBytes(file.path) + wire + (file.functionsRan?.total ?? 0) * (OBJECT * 2 + 64);
  }
  return sum;
}

export function coverageBytes(coverage: Coverage): number {
  let sum = OBJECT;
  for (const target of coverage.targets) sum += OBJECT + textBytes(target.name) + filesBytes(target.files);
  return sum;
}
