// Issue 47's hostile sizes at 10× the worst input it measured: a test name of many '(' (declaredName), an
// artifact name of 800,000 characters (safeFileName), 200,000 changed functions against a report of 200,000
// (ran in the report) and their editor marks. Each beside a plain pass over the same input, in CPU time,
// and at the issue's own size, so growth shows: linear is 10× the input for at most 12× the time.
import { safeFileName } from '../../src/core/artifacts/fileName';
import { linesByFile, ranInReport } from '../../src/core/coverage/changedFunctions';
import { declaredName } from '../../src/core/testing/testSources';
import { alternateCpu } from './measure';
import { ms, type Row } from './report';

interface Path {
  readonly figure: string;
  readonly baselineName: string;
  /** The subject and its baseline for an input `scale` times the issue's. */
  readonly at: (scale: number) => { subject: () => unknown; baseline: () => unknown };
}

const RATIO_BUDGET = 3;
const GROWTH_BUDGET = 12;

const PATHS: readonly Path[] = [
  {
    figure: "declaredName: a test name of 1.95 MiB, '(' by '(' and a ')' at its end (issue 47: 195 KiB took 16.5 s)",
    baselineName: 'a loop reading each character once',
    at: (scale) => {
      const name = `testLogin${'('.repeat(200_000 * scale)})`;
      return { subject: () => declaredName(name), baseline: () => eachCharacter(name) };
    },
  },
  {
    figure: 'safeFileName: an artifact name of 800,000 characters, spaces between two letters (issue 47: 80,000 took 30 s)',
    baselineName: "the name's UTF-8 byte length",
    at: (scale) => {
      const raw = `a${' '.repeat(80_000 * scale)}b.apk`;
      return { subject: () => safeFileName(raw), baseline: () => Buffer.byteLength(raw.normalize('NFC')) };
    },
  },
  {
    figure:
      'ran in the report: 200,000 changed functions of one file against its report of 200,000 functions (issue 47: 20,000 × 20,000 took 10.4 s)',
    baselineName: "a Set of the report's names, one lookup per changed function",
    at: (scale) => {
      const count = 20_000 * scale;
      const reported = Array.from({ length: count }, (_, i) => ({ name: `Generated.f${i}()`, lines: { covered: i % 2, total: 1 } }));
      const changed = Array.from({ length: count }, (_, i) => `f${i}`);
      return {
        subject: () => {
          const ran = ranInReport(reported);
          return changed.filter((name) => ran.has(name)).length;
        },
        baseline: () => {
          const names = new Set(reported.map((f) => f.name));
          return changed.filter((name) => names.has(`Generated.${name}()`)).length;
        },
      };
    },
  },
  {
    figure: 'editor marks: 200,000 untested functions of one file grouped by file (issue 47: 20,000 took 1.5 s)',
    baselineName: 'their lines pushed into one array',
    at: (scale) => {
      const functions = Array.from({ length: 20_000 * scale }, (_, i) => ({ uri: 'file:///Sources/Generated.swift', line: i }));
      return {
        subject: () => linesByFile(functions, (f) => f.uri).size,
        baseline: () => {
          const lines: number[] = [];
          for (const f of functions) lines.push(f.line);
          return lines.length;
        },
      };
    },
  },
];

export function hostileSizeRows(): Row[] {
  return PATHS.map((path) => {
    const big = path.at(10);
    const pair = alternateCpu(big.subject, big.baseline, 11, 2);
    const small = path.at(1);
    const smallPair = alternateCpu(small.subject, small.baseline, 11, 2);
    const ratio = pair.subjectMs / pair.baselineMs;
    const growth = pair.subjectMs / smallPair.subjectMs;
    return {
      figure: `${path.figure}; 10× the input took ${growth.toFixed(1)}× the time (linear: ≤ ${GROWTH_BUDGET}×); CPU time, median of 11`,
      value: ms(pair.subjectMs),
      baseline: `${ms(pair.baselineMs)} (${path.baselineName})`,
      ratio,
      budget: `≤ ${RATIO_BUDGET.toFixed(2)}x, growth ≤ ${GROWTH_BUDGET}x`,
      pass: ratio <= RATIO_BUDGET && growth <= GROWTH_BUDGET,
      gated: false,
    };
  });
}

function eachCharacter(text: string): number {
  let open = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 40) open++;
  return open;
}

if (require.main === module) {
  void import('./report').then(({ printTable }) => printTable(hostileSizeRows()));
}
