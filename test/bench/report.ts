// The bench's table: each figure beside its baseline, the ratio, the budget and PASS/OVER. Sizes are
// exact and gate the exit code; timings vary on a shared machine and are reported only.

export interface Row {
  figure: string;
  /** e.g. '51.2 KiB' or '2.1 ms' */
  value: string;
  baseline: string;
  /** subject / baseline, when there is a baseline */
  ratio?: number;
  budget: string;
  /** undefined: no budget, reported only */
  pass?: boolean;
  /** Whether OVER fails the run (exact figures only). */
  gated: boolean;
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
export const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

export function printTable(rows: readonly Row[]): void {
  console.log('| Figure | Measured | Baseline | Ratio | Budget | Verdict |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const ratio = row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`;
    const verdict = row.pass === undefined ? '' : `${row.pass ? 'PASS' : 'OVER'}${row.gated ? '' : ' (not gated)'}`;
    console.log(`| ${row.figure} | ${row.value} | ${row.baseline} | ${ratio} | ${row.budget} | ${verdict} |`);
  }
}

/** Rows whose budget is exact and was exceeded. */
export function gatedFailures(rows: readonly Row[]): Row[] {
  return rows.filter((row) => row.gated && row.pass === false);
}
