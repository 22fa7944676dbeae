import type { Coverage, FileCoverage, FunctionCoverage, JsonHeld, LineCount, TestList, TestResult, TestResults } from '../models';
import { expectObject, type JsonObject, optionalArray, optionalNumber, optionalString, parseList, requiredString } from './validate';

/**
 * The most tests of one answer kept, everywhere (the Testing view, the comparison, the flaky count, the
 * first-failed search, the chat tools): a 32 MiB answer holds hundreds of thousands. The client cuts the
 * list before JSON.parse (listCut.ts); what is left out is counted in `listed`.
 */
export const TESTS_MAX = 20_000;

/** How many tests the answer held: more than the list when it was cut at TESTS_MAX. */
export function listedOf(tests: readonly TestResult[]): number {
  return Math.max(tests.length, (tests as TestList).listed ?? 0);
}

/** `listed`: the items the answer's list held before the client cut it. */
export function parseTestResults(body: unknown, listed = 0): TestResults {
  const wire = expectObject(body, 'the test results');
  // A list the client could not cut (its key spelt with escapes) is cut here, before its items become models.
  const items = optionalArray(wire.tests, 'tests', 'tests');
  const tests: TestList = parseList(items.length > TESTS_MAX ? items.slice(0, TESTS_MAX) : items, 'tests.tests', 'tests', (item, where) => {
    const test = expectObject(item, where);
    // The documentation says `name` and `passed`; the live service sent `test` and `success` (API.md 2b).
    const name = optionalString(test.name, where, 'name') || requiredString(test.test ?? test.name, where, 'name');
    const status = (optionalString(test.status, where, 'status') ?? '').toLowerCase();
    return {
      name,
      status: status === 'success' ? 'passed' : status,
      run: optionalString(test.run, where, 'run'),
      target: optionalString(test.target, where, 'target'),
      suite: optionalString(test.suite, where, 'suite'),
    };
  });
  const held = Math.max(listed, items.length);
  if (held > tests.length) tests.listed = held;
  return { buildId: optionalString(wire.build_id, 'tests', 'build_id'), tests };
}

export function parseCoverage(body: unknown): Coverage {
  const wire = expectObject(body, 'the coverage');
  return {
    buildId: optionalString(wire.build_id, 'coverage', 'build_id'),
    coverage: optionalNumber(wire.coverage, 'coverage', 'coverage'),
    targets: parseList(optionalArray(wire.targets, 'coverage', 'targets'), 'coverage.targets', 'coverage.targets', (item, where) => {
      const target = expectObject(item, where);
      return {
        name: requiredString(target.name, where, 'name'),
        coverage: optionalNumber(target.coverage, where, 'coverage'),
        files: filesOf(target.files),
      };
    }),
  };
}

// Files and functions were never in the public documentation (docs/COVERAGE.md has the shape we read):
// what cannot be read is left out, so an odd part costs its details, never the whole answer.
function filesOf(value: unknown): FileCoverage[] {
  if (!Array.isArray(value)) return [];
  const files: FileCoverage[] = [];
  for (let index = 0; index < value.length; index++) {
    const item = objectOrUndefined(value[index]);
    const path = item && (nonEmpty(item.path) ?? nonEmpty(item.name));
    if (item === undefined || path === undefined) continue;
    files.push(new ReportedFile(path, fraction(item.coverage), lineCount(item.covered_lines, item.executable_lines), item.functions));
  }
  return files;
}

// A report's functions are most of its objects and are needed file by file, when VS Code asks for a
// file's details: they are counted while the answer is read and made into models on first use.
class ReportedFile implements FileCoverage {
  readonly functionsRan: LineCount | undefined;
  readonly functionsHeld: JsonHeld;
  private parsed: FunctionCoverage[] | undefined;

  constructor(
    readonly path: string,
    readonly coverage: number | undefined,
    readonly lines: LineCount | undefined,
    private readonly wire: unknown,
  ) {
    this.functionsRan = countRan(wire);
    // Everything the wire holds, not only what is counted: a function without run figures, or with 4 MB
    // beside its name, is kept all the same, and a cache weighing only the counted ones kept megabytes as nothing.
    this.functionsHeld = heldBy(wire, { values: 0, chars: 0 });
  }

  get functions(): readonly FunctionCoverage[] {
    this.parsed ??= functionsOf(this.wire);
    return this.parsed;
  }
}

function functionOf(value: unknown): FunctionCoverage | undefined {
  const item = objectOrUndefined(value);
  const name = item && nonEmpty(item.name);
  if (item === undefined || name === undefined) return undefined;
  return { name, coverage: fraction(item.coverage), lines: lineCount(item.covered_lines, item.executable_lines) };
}

function functionsOf(value: unknown): FunctionCoverage[] {
  if (!Array.isArray(value)) return [];
  const functions: FunctionCoverage[] = [];
  for (let index = 0; index < value.length; index++) {
    const fn = functionOf(value[index]);
    if (fn) functions.push(fn);
  }
  return functions;
}

/** Whether a function ran at all (covered lines, else a fraction above 0); undefined when the report does not say. */
export function functionRan(fn: Pick<FunctionCoverage, 'lines' | 'coverage'>): boolean | undefined {
  if (fn.lines) return fn.lines.covered > 0;
  return fn.coverage === undefined ? undefined : fn.coverage > 0;
}

/** Functions that ran, of those that say whether they did, without keeping their models. */
function countRan(value: unknown): LineCount | undefined {
  if (!Array.isArray(value)) return undefined;
  let ran = 0;
  let total = 0;
  for (let index = 0; index < value.length; index++) {
    const item = objectOrUndefined(value[index]);
    if (item === undefined || nonEmpty(item.name) === undefined) continue;
    // functionRan's rule, on the wire's values.
    const lines = item.covered_lines;
    const coverage = item.coverage;
    const didRun = validLines(lines, item.executable_lines)
      ? lines > 0
      : fraction(coverage) === undefined
        ? undefined
        : (coverage as number) > 0;
    if (didRun === undefined) continue;
    total++;
    if (didRun) ran++;
  }
  return total === 0 ? undefined : { covered: ran, total };
}

/** Adds `value`'s values and characters to `held`; the answer nests at most MAX_JSON_DEPTH levels (jsonDepth.ts). */
function heldBy(value: unknown, held: { values: number; chars: number }): JsonHeld {
  held.values++;
  if (typeof value === 'string') held.chars += value.length;
  else if (typeof value === 'object' && value !== null) {
    if (Array.isArray(value)) for (let index = 0; index < value.length; index++) heldBy(value[index], held);
    else {
      // for…in, not Object.keys: no array per object (50 ms for 400,000 functions, against 80 ms). JSON.parse's objects inherit nothing enumerable.
      for (const key in value as JsonObject) {
        held.chars += key.length;
        heldBy((value as JsonObject)[key], held);
      }
    }
  }
  return held;
}

function objectOrUndefined(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function fraction(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : undefined;
}

function lineCount(covered: unknown, total: unknown): LineCount | undefined {
  return validLines(covered, total) ? { covered, total: total as number } : undefined;
}

function validLines(covered: unknown, total: unknown): covered is number {
  // NaN fails every comparison; Infinity fails the finite check.
  return typeof covered === 'number' && typeof total === 'number' && covered >= 0 && covered <= total && Number.isFinite(total);
}

export function parseTriggeredBuildId(body: unknown): string {
  return requiredString(expectObject(body, 'the trigger answer').build_id, 'trigger', 'build_id');
}
