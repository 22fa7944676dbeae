// The figures the docs quote (retries, caps, budgets, limits) are the code's constants: each sentence
// below is written from the constant, so a changed constant, or a doc that words it differently, fails
// here until both say the same. (readmeTables.test.ts does the same for titles and settings.)
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_JSON_CONTAINERS, MAX_JSON_DEPTH } from '../../src/api/parsing/jsonDepth';
import { MAX_IN_FLIGHT } from '../../src/api/client/requestGate';
import { DEFAULT_RETRY } from '../../src/api/client/retry';
import { MAX_REPO_URL_LENGTH, MAX_STORED_APPS, RESWEEP_AFTER_MS } from '../../src/core/apps/appRepos';
import { STALE_AFTER_MS } from '../../src/core/artifacts/artifactFolder';
import { SPACE_CHECK_BYTES } from '../../src/core/artifacts/diskRoom';
import { HISTORY_LIMIT } from '../../src/core/builds/history';
import { OUTLIER_FACTOR } from '../../src/core/builds/historyScale';
import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS, MAX_RETRY_AFTER_MS } from '../../src/core/polling/pollPause';
import { DEFAULT_INTERVALS } from '../../src/core/polling/pollSchedule';
import { FOLLOW_CAP } from '../../src/core/builds/trackedBuilds';
import { GLOB_LIMITS, WORKSPACE_FILES_MAX } from '../../src/core/coverage/coverageFiles';
import { MATCH_LIMITS } from '../../src/core/coverage/coverageMatch';
import { DOWNLOAD_LIMIT_DEFAULT_MB } from '../../src/core/settings/validateDownloads';
import { COMPARED_TESTS_MAX } from '../../src/core/testing/baseComparison';
import { FIRST_FAILED_BUILDS, probeBudget } from '../../src/core/testing/firstFailed';
import { ANSWER_MAX_BYTES } from '../../src/core/tools/toolAnswers';
import { TESTS_SHOWN_MAX } from '../../src/core/testing/testTree';
import { CHANGED_FILES_MAX, CHANGED_FILES_SECONDS, CHANGED_RANGES_MAX, READ_LIMITS } from '../../src/core/workspace/workspaceFile';
import { SIZED_ARTIFACTS_MAX } from '../../src/core/artifacts/artifactSizes';
import { SIZED_BUILDS_MAX, STORE_BYTES_MAX } from '../../src/core/artifacts/sizeStore';
import { ARTIFACT_SIZE_MAX } from '../../src/api/downloads/artifactSize';
import { CACHED_ANSWERS_MIB } from '../../src/core/cache/lru';
import { MAX_COMMITS, MAX_LOGS } from '../../src/core/branch/commitsBetween';
import { EXTENSION_BUDGET, LIBRARIES_BUDGET } from './bundleBudgets';

const projectRoot = path.resolve(__dirname, '../../..');
const read = (name: string) => readFileSync(path.join(projectRoot, name), 'utf8');

/** 20000 → "20,000", as the docs write numbers. */
const n = (value: number) => value.toLocaleString('en');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KIB = 1024;
const MIB = 1024 * KIB;

/** A number the docs spell out in words. */
function word(value: number): string {
  const words = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  return words[value] ?? n(value);
}
/** How many times again: "once", "twice", "3 times". */
function times(value: number): string {
  return value === 1 ? 'once' : value === 2 ? 'twice' : `${n(value)} times`;
}
/** A duration the docs give in the largest whole unit: "a day", "an hour", "10 minutes", "15 seconds". */
function duration(ms: number): string {
  const units: [number, string, string][] = [
    [DAY, 'a day', 'days'],
    [HOUR, 'an hour', 'hours'],
    [MINUTE, 'a minute', 'minutes'],
    [SECOND, 'a second', 'seconds'],
  ];
  for (const [size, one, many] of units) if (ms % size === 0) return ms === size ? one : `${n(ms / size)} ${many}`;
  return `${n(ms)} ms`;
}

const retries = DEFAULT_RETRY.attempts - 1;
const workspaceRead = `at most ${n(READ_LIMITS.maxBytes / MIB)} MiB, within ${duration(READ_LIMITS.timeoutMs)}`;
const coverageLimits =
  `first ${n(MATCH_LIMITS.reportFiles)} files, against at most ${n(WORKSPACE_FILES_MAX)} workspace files ` +
  `(${n(MATCH_LIMITS.candidatesPerName)} of one name) found by a search for at most ${n(GLOB_LIMITS.extensions)} file extensions`;

/** Each doc, and the sentences of it that quote a figure of the code. */
const quoted: Record<string, string[]> = {
  'README.md': [
    `about ${DEFAULT_INTERVALS.branchIdleMs === MINUTE ? 'once a minute' : `every ${duration(DEFAULT_INTERVALS.branchIdleMs)}`} per app`,
    `An account's first ${n(MAX_STORED_APPS)} apps`,
    `An account follows at most ${n(FOLLOW_CAP)} unfinished builds at once`,
    `At most ${n(COMPARED_TESTS_MAX)} tests of a build are compared`,
    `${n(TESTS_SHOWN_MAX)} listed in the Testing\n  view (failed first)`,
    `the branch's last ${n(FIRST_FAILED_BUILDS)} finished builds`,
    `matched by its first ${n(MATCH_LIMITS.reportFiles)} files, against at most ${n(WORKSPACE_FILES_MAX)} workspace files`,
    `An app's last ${n(HISTORY_LIMIT)} builds`,
  ],
  'docs/FEATURES.md': [
    `At most ${n(COMPARED_TESTS_MAX)} tests of each build are compared`,
    `This reads at most ${n(probeBudget(FIRST_FAILED_BUILDS))} of the branch's\nlast ${n(FIRST_FAILED_BUILDS)} finished builds`,
    coverageLimits,
    `the last ${n(HISTORY_LIMIT)} builds, oldest first`,
    `A time over ${word(OUTLIER_FACTOR)} times the usual`,
    `(at most ${n(ANSWER_MAX_BYTES / KIB)} KiB)`,
    `The view lists at most ${n(TESTS_SHOWN_MAX)} tests, the failed\nones first`,
    `Of a file's diff the first ${n(CHANGED_RANGES_MAX)} changes\nare counted`,
    `The first ${n(CHANGED_FILES_MAX)} changed source files\nare read, all within ${duration(CHANGED_FILES_SECONDS * SECOND)}; a file not reached by then, or past the ${n(CHANGED_FILES_MAX)}, is listed as not read\n("not read, the ${CHANGED_FILES_SECONDS} s for all changed files ran out", "not read, only the first ${CHANGED_FILES_MAX} changed files\nare")`,
    `at most ${n(MAX_COMMITS)}; the list says when the range was longer`,
    `at most ${n(SIZED_ARTIFACTS_MAX)} links a build, ${n(MAX_IN_FLIGHT)} at a time`,
    `up to ${n(ARTIFACT_SIZE_MAX / 1e12)} TB`,
    `(${n(SIZED_BUILDS_MAX)} builds, at most ${n(STORE_BYTES_MAX / KIB)} KiB;`,
  ],
  'docs/ACCOUNTS.md': [
    `asks each of an account's first ${n(MAX_STORED_APPS)}\napps once`,
    `once that is ${duration(RESWEEP_AFTER_MS)} old`,
    `An app past the first ${n(MAX_STORED_APPS)} is`,
  ],
  'docs/TROUBLESHOOTING.md': [
    `tried again up to ${times(retries)}, ${word(DEFAULT_RETRY.attempts)} tries in all`,
    `\`Retry-After\` of up to ${duration(DEFAULT_RETRY.maxRetryAfterMs)}`,
    `its \`Retry-After\` (up to ${duration(MAX_RETRY_AFTER_MS)}), or backs off from ${duration(FIRST_BACKOFF_MS)}, doubling, to ${duration(MAX_BACKOFF_MS)}`,
  ],
  'docs/SECURITY.md': [
    `deeper than ${n(MAX_JSON_DEPTH)} levels, or holding more than ${n(MAX_JSON_CONTAINERS)} arrays and objects`,
    coverageLimits,
    `temporary files older\n  than ${duration(STALE_AFTER_MS)}`,
    `(${DOWNLOAD_LIMIT_DEFAULT_MB} MB unless you change it)`,
    `free space is checked again every ${n(SPACE_CHECK_BYTES / MIB)} MiB`,
    workspaceRead,
    `all of a branch's changed files within ${duration(CHANGED_FILES_SECONDS * SECOND)}`,
    `the artifact sizes of the last ${n(SIZED_BUILDS_MAX)} builds`,
    `(an address of at most ${n(MAX_REPO_URL_LENGTH)} characters for\n  each of an account's first ${n(MAX_STORED_APPS)} apps)`,
  ],
  'CHANGELOG.md': [
    `tried again up to ${times(retries)} (${word(DEFAULT_RETRY.attempts)} tries in all)`,
    `at most ${n(probeBudget(FIRST_FAILED_BUILDS))} test requests per branch for its last ${n(FIRST_FAILED_BUILDS)} builds`,
    `at most ${n(MAX_IN_FLIGHT)} requests are in flight`,
    `honoured per address (up to ${duration(MAX_RETRY_AFTER_MS)}), failed rounds back off from ${FIRST_BACKOFF_MS / SECOND} s doubling to ${duration(MAX_BACKOFF_MS)}`,
    `at most ${n(COMPARED_TESTS_MAX)} tests of each\n  build are compared`,
    `every ${n(SPACE_CHECK_BYTES / MIB)} MiB`,
    `An account follows at most ${n(FOLLOW_CAP)} unfinished builds at once`,
    `deeper\n  than ${n(MAX_JSON_DEPTH)} levels, or of more than ${n(MAX_JSON_CONTAINERS)} arrays and objects`,
    `(${n(MAX_REPO_URL_LENGTH)} characters an address, the first ${n(MAX_STORED_APPS)} apps of an account`,
    `\`buildService.downloadSizeLimitMB\` (default ${DOWNLOAD_LIMIT_DEFAULT_MB} MB)`,
    `last ${n(HISTORY_LIMIT)} builds as a chart`,
    `The Testing view lists at most ${n(TESTS_SHOWN_MAX)} tests of a build`,
    `diff held more than ${n(CHANGED_RANGES_MAX)} changes ("more than ${CHANGED_RANGES_MAX} changes, the functions past them not counted")`,
    `share one ceiling of ${n(CACHED_ANSWERS_MIB)} MiB`,
    `looks at most ${n(MAX_COMMITS)} commits back`,
    `It asks git for them in one log (a few more, at most ${n(MAX_LOGS)} in all, where merged branches fill it)`,
    `reads all of a branch's changed files (up to ${n(CHANGED_FILES_MAX)}) within ${duration(CHANGED_FILES_SECONDS * SECOND)}; a file not reached by then is named as not read ("not read, the ${CHANGED_FILES_SECONDS} s for all changed files ran out")`,
    `The ${n(CHANGED_FILES_MAX)} are source files`,
    `("not read, only the first ${CHANGED_FILES_MAX} changed files are")`,
    workspaceRead,
  ],
  'docs/ARCHITECTURE.md': [
    `\`FOLLOW_CAP\` = ${n(FOLLOW_CAP)} followed per account`,
    `at most \`COMPARED_TESTS_MAX\` ${n(COMPARED_TESTS_MAX)} tests of each build`,
    `deeper than ${n(MAX_JSON_DEPTH)} levels, or of more than ${n(MAX_JSON_CONTAINERS)} arrays and objects`,
    `every ${n(SPACE_CHECK_BYTES / MIB)} MiB`,
    `at most the last ${n(FIRST_FAILED_BUILDS)} finished; reads`,
    `one list of ${n(HISTORY_LIMIT)} builds`,
    `the Testing view (lists at most ${n(TESTS_SHOWN_MAX)}, the failed first: \`core/testing/testTree.ts\` \`testsShown\`, \`TESTS_SHOWN_MAX\``,
    `at most ${n(CHANGED_RANGES_MAX)} changes a file (\`CHANGED_RANGES_MAX\``,
    `the first \`CHANGED_FILES_MAX\` (${n(CHANGED_FILES_MAX)}) changed source files one after another, all within \`CHANGED_FILES_SECONDS\` (${CHANGED_FILES_SECONDS} s)`,
    `one past the ${n(CHANGED_FILES_MAX)} as \`too-many-files\``,
    `from one \`git log\` of ${n(MAX_COMMITS)} (another where a merged branch filled it; at most \`MAX_LOGS\` = ${n(MAX_LOGS)} logs in all)`,
    `one ceiling of \`CACHED_ANSWERS_MIB\` (${n(CACHED_ANSWERS_MIB)} MiB)`,
    `at most ${n(MAX_COMMITS)} commits back along first parents`,
  ],
  'docs/COVERAGE.md': [`past ${n(GLOB_LIMITS.names)} names, the extensions instead`],
  'docs/PERFORMANCE.md': [
    `| ≤ ${n(EXTENSION_BUDGET / KIB)} KiB |`,
    `| ≤ ${n(LIBRARIES_BUDGET / KIB)} KiB |`,
    `most ${n(TESTS_SHOWN_MAX)} tests, the failed first (\`TESTS_SHOWN_MAX\``,
  ],
  'package.nls.json': [
    `each is checked every ${DEFAULT_INTERVALS.firstMs / SECOND} s at first, then less often, up to once a minute`,
    `once a minute per app, every ${DEFAULT_INTERVALS.branchSoonMs / SECOND} s for ${word(DEFAULT_INTERVALS.soonForMs / MINUTE)} minutes after a push`,
  ],
};

describe('the figures the docs quote are the code constants', () => {
  for (const [doc, sentences] of Object.entries(quoted))
    it(`${doc} says each of its figures as the code has it`, () => {
      // Line breaks and a list's indent are the doc's layout, not its words.
      const flat = (text: string) => text.replace(/\s*\n\s*/g, ' ');
      const text = flat(read(doc));
      assert.deepEqual(
        sentences.map(flat).filter((sentence) => !text.includes(sentence)),
        [],
        `${doc} no longer says these as the code's constants have them`,
      );
    });
});
