// Issue 47's hostile sizes at 10× the worst input it measured: a test name of many '(' (declaredName), an
// artifact name of 800,000 characters (safeFileName), 200,000 changed functions against a report of 200,000
// (ran in the report) and their editor marks. Each beside a plain pass over the same input, in CPU time,
// and at the issue's own size, so growth shows: linear is 10× the input for at most 12× the time (or, where
// memory makes the plain pass itself grow faster, at most 1.2 times the plain pass's growth).
import { safeFileName } from '../../src/core/artifacts/fileName';
import { linesByFile, ranInReport } from '../../src/core/coverage/changedFunctions';
import { declaredName } from '../../src/core/testing/testSources';
import { median } from './measure';
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
    figure:
      "declaredName: a test name of 1.95 MiB, '(' after '(' to a ')' at its end, its longest path (issue 47: 195 KiB of '(' took 16.5 s)",
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
    const small = path.at(1);
    // The four in turns, each after a full collection, so one's garbage is not collected in another's time.
    const times: number[][] = [[], [], [], []];
    // The small input ten times a sample, so both samples are long enough for the CPU clock to read well.
    const works: [() => unknown, number][] = [
      [big.subject, 1],
      [big.baseline, 1],
      [small.subject, 10],
      [small.baseline, 10],
    ];
    for (let run = 0; run < RUNS + WARMUPS; run++) {
      works.forEach(([work, repeat], i) => {
        const time = afterCollection(work, repeat);
        if (run >= WARMUPS) times[i].push(time);
      });
    }
    const [subjectMs, baselineMs, smallMs, smallBaselineMs] = times.map(median);
    const ratio = subjectMs / baselineMs;
    const growth = subjectMs / smallMs;
    // At 200,000 entries memory, not the count, can make even the plain pass grow faster than 10×: a
    // growth no faster than the baseline's (within the same 12/10) is linear too.
    const baselineGrowth = baselineMs / smallBaselineMs;
    const linear = growth <= GROWTH_BUDGET || growth <= (baselineGrowth * GROWTH_BUDGET) / 10;
    return {
      figure: `${path.figure}; 10× the input took ${growth.toFixed(1)}× the time, the baseline ${baselineGrowth.toFixed(1)}× (linear: ≤ ${GROWTH_BUDGET}×, or ≤ 1.2 × the baseline's); CPU time, median of ${RUNS}`,
      value: ms(subjectMs),
      baseline: `${ms(baselineMs)} (${path.baselineName})`,
      ratio,
      budget: `≤ ${RATIO_BUDGET.toFixed(2)}x, growth ≤ ${GROWTH_BUDGET}x`,
      pass: ratio <= RATIO_BUDGET && linear,
      gated: false,
    };
  });
}

const RUNS = 21;
const WARMUPS = 3;

/** CPU time of one run of `work`, the mean of `repeat` in a row. */
function afterCollection(work: () => unknown, repeat: number): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Run the benchmarks with node --expose-gc (npm run bench does).');
  gc();
  const start = process.cpuUsage();
  for (let i = 0; i < repeat; i++) work();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000 / repeat;
}

function eachCharacter(text: string): number {
  let open = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 40) open++;
  return open;
}

if (require.main === module) {
  void import('./report').then(({ printTable }) => printTable(hostileSizeRows()));
}
