// A coverage report of 5,000 files (5 functions each, at the absolute paths of a CI clone) read by
// api/parsing/parseResults.ts (every value checked; the functions counted, their models made when a file's
// details are asked for) and matched to 5,000 workspace files by core/coverageFiles.ts, with the
// counts VS Code is given, against JSON.parse of the same body: the least any reader must do. And the
// matching alone when 8,000 files all share one name, against 8,000 of distinct names.
import { statementCount } from '../../src/core/coverage/coverageFiles';
import { matchCoverageFiles } from '../../src/core/coverage/coverageMatch';
import { alternateCpu, type Pair } from './measure';
import { ms, type Row } from './report';

const FILES = 5_000;
const FUNCTIONS = 5;

function fileOf(index: number): { relative: string; name: string } {
  const name = `Type${index}.swift`;
  return { relative: `Sources/Module${index % 40}/Group${index % 7}/${name}`, name };
}

export function coverageBody(): string {
  const files = Array.from({ length: FILES }, (_, i) => {
    const { relative, name } = fileOf(i);
    const functions = Array.from({ length: FUNCTIONS }, (_, f) => ({
      name: `Type${i}.function${f}(with:)`,
      coverage: (f % 3) / 2,
      covered_lines: (f % 3) * 2,
      executable_lines: 4,
    }));
    return { name, path: `/Users/builder/clone/${relative}`, coverage: 0.4, covered_lines: 8, executable_lines: 20, functions };
  });
  const targets = Array.from({ length: 10 }, (_, t) => ({
    name: `Module${t}.framework`,
    coverage: 0.4,
    files: files.slice(t * (FILES / 10), (t + 1) * (FILES / 10)),
  }));
  return JSON.stringify({ coverage: 0.4, build_id: '5f1e2d3c4b5a69788796a5b4', targets });
}

export function coverageOfFiveThousandFiles(
  parseCoverage: typeof import('../../src/api/parsing/parseResults').parseCoverage,
): Pair & { matched: number } {
  const body = coverageBody();
  // The workspace search's answer: the same files under the workspace folder, in another order.
  const workspace = Array.from({ length: FILES }, (_, i) => `/home/me/project/${fileOf(FILES - 1 - i).relative}`);
  let matched = 0;
  const subject = () => {
    const report = parseCoverage(JSON.parse(body));
    const files = report.targets.flatMap((target) => target.files);
    const match = matchCoverageFiles(files, workspace);
    matched = 0;
    for (let i = 0; i < files.length; i++) {
      if (match[i] === -1) continue;
      statementCount(files[i]);
      matched++;
    }
  };
  return { ...alternateCpu(subject, () => JSON.parse(body), 21), matched };
}

const SAME_NAMED = 8_000;

/** 8,000 report files and 8,000 workspace files named A.swift, each in a folder of its own (pairwise this took 6.6 s). */
export function sameNameCoverageRow(): Row {
  const folders = Array.from({ length: SAME_NAMED }, (_, i) => `Sources/Module${i % 40}/Group${i % 7}/Folder${i}`);
  const files = (name: (i: number) => string) => ({
    report: folders.map((folder, i) => ({ path: `/Users/builder/clone/${folder}/${name(i)}` })),
    workspace: folders.map((folder, i) => `/home/me/project/${folder}/${name(i)}`).reverse(),
  });
  const same = files(() => 'A.swift');
  const distinct = files((i) => `Type${i}.swift`);
  const matchedOf = (match: Int32Array) => match.filter((w) => w !== -1).length;
  if (matchedOf(matchCoverageFiles(same.report, same.workspace)) !== SAME_NAMED)
    throw new Error('the same-named files were not all matched');
  const pair = alternateCpu(
    () => matchCoverageFiles(same.report, same.workspace),
    () => matchCoverageFiles(distinct.report, distinct.workspace),
    11,
    2,
  );
  const ratio = pair.subjectMs / pair.baselineMs;
  return {
    figure: 'coverage matching of 8,000 report files to 8,000 workspace files, all named A.swift; CPU time, median of 11',
    value: ms(pair.subjectMs),
    baseline: `${ms(pair.baselineMs)} (8,000 of distinct names)`,
    ratio,
    budget: '≤ 3.00x',
    pass: ratio <= 3,
    gated: false,
  };
}
