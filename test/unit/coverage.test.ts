// A build's coverage report read tolerantly (the per-file shape was never documented), matched to
// workspace files by path suffix, and its functions located in their files; the reference service's
// report is about files that the test workspace really holds.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileCoverage } from '../../src/api/models';
import { functionRan, parseCoverage } from '../../src/api/parsing/parseResults';
import { coverageGlob, functionBaseName, locateFunctions, statementCount } from '../../src/core/coverage/coverageFiles';
import { baseNameOf, matchCoverageFiles, matchCoverageFilesInTurns, sharedSuffix } from '../../src/core/coverage/coverageMatch';
import { APP_SOURCES, CI_CLONE } from '../service/appSources';
import { IOS_2048 } from '../service/seedCatalog';
import { type RunningService, startService } from '../service/server';
import { writeTestSources } from '../service/testSources';
import { aFile } from '../builders';

/** `count` report files and as many workspace files, all named A.swift, each in a folder of its own; the workspace in reverse order. */
function sameNamed(count: number): { report: FileCoverage[]; workspace: string[] } {
  const folder = (i: number) => `Sources/Module${i % 40}/Group${i % 7}/Folder${i}/A.swift`;
  return {
    report: Array.from({ length: count }, (_, i) => aFile(`/Users/builder/clone/${folder(i)}`)),
    workspace: Array.from({ length: count }, (_, i) => `/home/me/project/${folder(count - 1 - i)}`),
  };
}

const ownFolders = (count: number) => Array.from({ length: count }, (_, i) => count - 1 - i);

/** The rule spelled out by comparing every pair: the same name, the most shared segments (the first on a tie), the closer keeps it. */
function pairwise(report: readonly FileCoverage[], workspace: readonly string[]): number[] {
  const match = report.map(() => -1);
  const owner = workspace.map(() => -1);
  report.forEach(({ path }, f) => {
    let best = -1;
    let score = -1;
    workspace.forEach((candidate, w) => {
      const shared = sharedSuffix(path, candidate);
      if (baseNameOf(path) === baseNameOf(candidate) && shared > score) [best, score] = [w, shared];
    });
    if (best === -1) return;
    const taken = owner[best];
    if (taken !== -1 && score <= sharedSuffix(report[taken].path, workspace[best])) return;
    if (taken !== -1) match[taken] = -1;
    match[f] = best;
    owner[best] = f;
  });
  return match;
}

/** A parsed file as plain data (its functions are read on first use). */
function plain(f: FileCoverage) {
  return { path: f.path, coverage: f.coverage, lines: f.lines, functionsRan: f.functionsRan, functions: [...f.functions] };
}

describe('coverage report parsing', () => {
  it('reads targets, files (path, fraction, line counts) and functions', () => {
    const coverage = parseCoverage({
      coverage: 0.5,
      targets: [
        {
          name: 'App.app',
          coverage: 0.5,
          files: [
            {
              name: 'Board.swift',
              path: '/ci/App/Board.swift',
              coverage: 0.5,
              covered_lines: 5,
              executable_lines: 10,
              functions: [{ name: 'Board.render()', coverage: 0.25, covered_lines: 1, executable_lines: 4 }],
            },
          ],
        },
      ],
    });
    assert.deepEqual(coverage.targets[0].files.map(plain), [
      {
        path: '/ci/App/Board.swift',
        coverage: 0.5,
        lines: { covered: 5, total: 10 },
        functionsRan: { covered: 1, total: 1 },
        functions: [{ name: 'Board.render()', coverage: 0.25, lines: { covered: 1, total: 4 } }],
      },
    ]);
  });

  it('the documented answer (targets without files) reads as targets with no files', () => {
    const coverage = parseCoverage({ coverage: 0.75, build_id: 'b', targets: [{ name: 'MyApp.app', coverage: 0.7 }] });
    assert.deepEqual(coverage.targets, [{ name: 'MyApp.app', coverage: 0.7, files: [] }]);
  });

  it('missing or odd parts give fewer details, never a failure', () => {
    const coverage = parseCoverage({
      targets: [
        {
          name: 'T',
          files: [
            null,
            'Board.swift',
            { coverage: 0.5 }, // no path, no name: nothing to match
            { name: 'OnlyName.swift' },
            { path: '', name: 'EmptyPath.swift', coverage: 2, covered_lines: 'five', executable_lines: 10, functions: 'none' },
            { path: 'a/B.kt', functions: [null, { coverage: 1 }, { name: 'B.run', coverage: -0.1, covered_lines: 3 }] },
          ],
        },
        { name: 'U', files: { not: 'a list' } },
      ],
    });
    assert.deepEqual(coverage.targets[0].files.map(plain), [
      { path: 'OnlyName.swift', coverage: undefined, lines: undefined, functionsRan: undefined, functions: [] },
      { path: 'EmptyPath.swift', coverage: undefined, lines: undefined, functionsRan: undefined, functions: [] },
      {
        path: 'a/B.kt',
        coverage: undefined,
        lines: undefined,
        functionsRan: undefined,
        functions: [{ name: 'B.run', coverage: undefined, lines: undefined }],
      },
    ]);
    assert.deepEqual(coverage.targets[1].files, []);
  });

  it('line counts must be finite, non-negative, and covered no more than executable', () => {
    const linesOf = (covered: unknown, total: unknown) =>
      parseCoverage({ targets: [{ name: 'T', files: [{ path: 'F.swift', covered_lines: covered, executable_lines: total }] }] }).targets[0]
        .files[0].lines;
    assert.deepEqual(linesOf(3, 4), { covered: 3, total: 4 });
    assert.deepEqual(linesOf(0, 0), { covered: 0, total: 0 });
    for (const [covered, total] of [
      [5, 4],
      [-1, 4],
      [1, Infinity],
      [NaN, 4],
      [1, NaN],
      ['1', 4],
      [1, null],
    ]) {
      assert.equal(linesOf(covered, total), undefined, `${covered}/${total}`);
    }
  });
});

describe('coverage files in the workspace', () => {
  it('one glob for the whole report: the file names, or their extensions when there are too many', () => {
    assert.equal(
      coverageGlob([aFile('/ci/a/Board.swift'), aFile('C:\\ci\\Score.swift'), aFile('x/Board.swift')]).glob,
      '**/{Board.swift,Score.swift}',
    );
    assert.equal(coverageGlob([aFile('Board.swift')]).glob, '**/Board.swift');
    // A name that would change the glob's meaning is not searched for.
    assert.equal(coverageGlob([aFile('a/{x,y}.swift'), aFile('a/*.kt'), aFile('a/[b].m')]).glob, undefined);
    const many = Array.from({ length: 6 }, (_, i) => aFile(`src/F${i}.${i % 2 ? 'kt' : 'swift'}`));
    assert.equal(coverageGlob(many, { names: 5, extensions: 50 }).glob, '**/*.{kt,swift}');
  });

  it('200,000 extensions: the search asks for the 50 most common, and counts the ones left out', () => {
    const report = [
      ...Array.from({ length: 30 }, (_, i) => aFile(`/ci/Sources/Type${i}.swift`)),
      ...Array.from({ length: 20 }, (_, i) => aFile(`/ci/Sources/Type${i}.kt`)),
      ...Array.from({ length: 200_000 }, (_, i) => aFile(`/ci/Sources/F${i}.e${i}`)),
    ];
    const search = coverageGlob(report);
    assert.ok(search.glob !== undefined && search.glob.length < 1_000, `a glob of ${search.glob?.length} characters`);
    const extensions = search.glob.slice('**/*.{'.length, -1).split(',');
    assert.equal(extensions.length, 50);
    assert.ok(extensions.includes('swift') && extensions.includes('kt'), 'the most common are asked for');
    // Only the first 50,000 report files are matched, so only their extensions count: 49,952 of them.
    assert.equal(search.extensionsLeftOut, 49_952 - 50);
    // A name no file system holds is not asked for.
    assert.equal(coverageGlob([aFile(`/ci/${'x'.repeat(300)}.swift`)]).glob, undefined);
  });

  it('matches by the longest shared path suffix; two report files never share a workspace file', () => {
    const workspace = ['/ws/ios/App/Score.swift', '/ws/ios/Networking/Score.swift', '/ws/ios/App/Board.swift', '/ws/Only.kt'];
    const report = [
      aFile('/Users/ci/clone/ios/Networking/Score.swift'),
      aFile('/Users/ci/clone/ios/App/Score.swift'),
      aFile('Board.swift'),
      aFile('C:\\agent\\src\\Only.kt'),
      aFile('/Users/ci/clone/ios/Generated/Endpoints.swift'),
      aFile('/elsewhere/Board.swift'),
    ];
    const match = matchCoverageFiles(report, workspace);
    const pairs = new Map(report.map((f, i) => [f.path, match[i] === -1 ? undefined : workspace[match[i]]]));
    assert.equal(pairs.get('/Users/ci/clone/ios/Networking/Score.swift'), '/ws/ios/Networking/Score.swift');
    assert.equal(pairs.get('/Users/ci/clone/ios/App/Score.swift'), '/ws/ios/App/Score.swift');
    assert.equal(pairs.get('C:\\agent\\src\\Only.kt'), '/ws/Only.kt');
    // Board.swift: both report files share only the name; the first one keeps it.
    assert.equal(pairs.get('Board.swift'), '/ws/ios/App/Board.swift');
    assert.equal(pairs.get('/elsewhere/Board.swift'), undefined);
    assert.equal(pairs.get('/Users/ci/clone/ios/Generated/Endpoints.swift'), undefined);
    // A later report file that shares more of the path takes the file from an earlier one.
    const later = matchCoverageFiles([aFile('Score.swift'), aFile('/ci/ios/App/Score.swift')], ['/ws/ios/App/Score.swift']);
    assert.deepEqual([...later], [-1, 0]);
    // A name is the whole name: Score.swift is not BestScore.swift, nor score.swift.
    assert.deepEqual([...matchCoverageFiles([aFile('/ci/Score.swift')], ['/ws/BestScore.swift', '/ws/score.swift'])], [-1]);
  });

  it('8,000 report files and 8,000 workspace files, all named A.swift: each matched to its own folder in well under 0.5 s', () => {
    const { report, workspace } = sameNamed(8_000);
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      const match = matchCoverageFiles(report, workspace);
      times.push(performance.now() - start);
      assert.deepEqual([...match], ownFolders(8_000));
    }
    // A complexity check, not a timing: comparing every pair took 6.6 s; the best of three absorbs a busy machine.
    assert.ok(Math.min(...times) < 500, `${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  });

  it('matching gives the event loop turns between steps, with the same result', async () => {
    const { report, workspace } = sameNamed(8_000);
    let finished = false;
    const matching = matchCoverageFilesInTurns(report, workspace).then((result) => {
      finished = true;
      return result;
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
    assert.equal(finished, false, 'another callback ran while the matching was under way');
    const result = await matching;
    assert.deepEqual([...result.match], ownFolders(8_000));
    assert.deepEqual([result.reportFilesLeftOut, result.candidatesLeftOut], [0, 0]);
  });

  it('past the caps on report files and on workspace files of one name, files are left unmatched and counted', async () => {
    const workspace = ['/ws/1/A.swift', '/ws/2/A.swift', '/ws/3/A.swift', '/ws/B.swift'];
    const report = [aFile('/ci/3/A.swift'), aFile('/ci/1/A.swift'), aFile('/ci/B.swift'), aFile('/ci/2/A.swift')];
    const result = await matchCoverageFilesInTurns(report, workspace, { reportFiles: 3, candidatesPerName: 2 });
    // /ws/3 is past the cap of its name: /ci/3 takes the first A.swift, then /ci/1 (sharing more) takes it over.
    assert.deepEqual([...result.match], [-1, 0, 3, -1]);
    assert.deepEqual([result.reportFilesLeftOut, result.candidatesLeftOut], [1, 1]);
    const defaults = await matchCoverageFilesInTurns(report, workspace);
    assert.deepEqual([...defaults.match], [2, 0, 3, 1]);
  });

  it('matches as comparing every pair would, on random paths with either separator and empty segments', () => {
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) % n;
    const parts = ['a', 'b', '', 'A.swift', 'B.kt'];
    const path = () => Array.from({ length: 1 + next(5) }, () => parts[next(parts.length)]).join(next(2) ? '/' : '\\');
    for (let run = 0; run < 3_000; run++) {
      const workspace = Array.from({ length: next(10) }, path);
      const report = Array.from({ length: next(10) }, () => aFile(path()));
      assert.deepEqual([...matchCoverageFiles(report, workspace)], pairwise(report, workspace), JSON.stringify({ workspace, report }));
    }
  });

  it('counts the trailing path segments two paths share, with either separator', () => {
    assert.equal(sharedSuffix('/ci/ios/App/Score.swift', '/ws/ios/App/Score.swift'), 3);
    assert.equal(sharedSuffix('C:\\ci\\ios\\App\\Score.swift', '/ws/ios/App/Score.swift'), 3);
    assert.equal(sharedSuffix('Score.swift', '/ws/Score.swift'), 1);
    assert.equal(sharedSuffix('/x/Score.swift', '/x/Score.swift'), 2);
    assert.equal(sharedSuffix('/a/xScore.swift', '/a/Score.swift'), 0);
  });

  it('statement counts are the line counts, or a fraction in thousandths; functions count when the report says whether they ran', () => {
    assert.deepEqual(statementCount({ lines: { covered: 3, total: 7 }, coverage: 0.1 }), { covered: 3, total: 7 });
    assert.deepEqual(statementCount({ coverage: 0.4567 }), { covered: 457, total: 1000 });
    assert.equal(statementCount({}), undefined);
    const ranOf = (functions: unknown[]) =>
      parseCoverage({ targets: [{ name: 'T', files: [{ path: 'F.kt', functions }] }] }).targets[0].files[0];
    const parsed = ranOf([
      { name: 'a', covered_lines: 0, executable_lines: 3 },
      { name: 'b', coverage: 0.5 },
      { name: 'c' },
      { name: 'd', coverage: 0 },
      { coverage: 1 },
      { name: 'e', coverage: 7 },
    ]);
    assert.deepEqual(parsed.functionsRan, { covered: 1, total: 3 });
    // The count and the models agree: the same three say whether they ran.
    assert.deepEqual(
      parsed.functions.map((f) => functionRan(f)),
      [false, true, undefined, false, undefined],
    );
    assert.equal(ranOf([{ name: 'c' }]).functionsRan, undefined);
  });

  it('a reported function is found under the name it is declared with', () => {
    assert.equal(functionBaseName('BoardView.render()'), 'render');
    assert.equal(functionBaseName('BoardView.move(to:animated:)'), 'move');
    assert.equal(functionBaseName('com.myorg.app.Board.render'), 'render');
    assert.equal(functionBaseName('closure #1 in BoardView.render()'), 'render');
    assert.equal(functionBaseName('-[BoardView render]'), 'render');
    assert.equal(functionBaseName('+[Score best:]'), 'best');
    assert.equal(functionBaseName('<compiler-generated>'), undefined);
  });

  it("locates a file's functions in one pass, at their declaration; unknown ones are left out", () => {
    const text = 'final class Board {\n    func update() {}\n\n    func render(at x: Int) -> String { "" }\n}\n';
    const fns = [{ name: 'Board.render(at:)' }, { name: 'Board.update()' }, { name: 'Board.missing()' }];
    const located = locateFunctions('/ws/Board.swift', text, fns);
    assert.deepEqual(located.get(fns[0]), { line: 3, start: 9, end: 15 });
    assert.deepEqual(located.get(fns[1]), { line: 1, start: 9, end: 15 });
    assert.equal(located.has(fns[2]), false);
    assert.equal(locateFunctions('/ws/board.txt', text, fns).size, 0);
  });
});

describe("the reference service's coverage", () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  it('reports every app source with line counts that add up, at the absolute path of its CI clone', async () => {
    const build = service.data.builds.find((b) => b.app_id === IOS_2048 && b.finished && service.data.coverage.has(b._id));
    assert.ok(build);
    const response = await fetch(`${service.baseUrl}/builds/${build._id}/coverage?showFunctionCoverage=true`, {
      headers: { authorization: `Bearer ${service.token}` },
    });
    const parsed = parseCoverage(await response.json());
    const files = parsed.targets.flatMap((t) => t.files);
    const expected = APP_SOURCES.ios.flatMap((t) => t.files.map((f) => `${CI_CLONE.ios}/${f.path}`));
    assert.deepEqual(
      files.map((f) => f.path),
      expected,
    );
    for (const f of files) {
      const sum = f.functions.reduce((n, fn) => n + (fn.lines?.covered ?? 0), 0);
      assert.equal(f.lines?.covered, sum, f.path);
      assert.ok(f.coverage !== undefined && Math.abs(f.coverage - f.lines.covered / f.lines.total) < 1e-12);
    }
    // The sources written into the test workspace declare each reported function (the generated file is not written).
    const dir = mkdtempSync(join(tmpdir(), 'coverage-sources-'));
    try {
      const written = new Set(writeTestSources(dir));
      for (const f of files) {
        const relative = f.path.slice(CI_CLONE.ios.length + 1);
        if (!written.has(relative)) {
          assert.match(relative, /Generated/);
          continue;
        }
        const located = locateFunctions(f.path, readFileSync(join(dir, relative), 'utf8'), f.functions);
        assert.equal(located.size, f.functions.length, relative);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
