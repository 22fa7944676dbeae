import type { Coverage, FileCoverage, FunctionCoverage, LineCount, TestResults } from './models';
import { expectObject, type JsonObject, optionalArray, optionalNumber, optionalString, parseList, requiredString } from './validate';

export function parseTestResults(body: unknown): TestResults {
  const wire = expectObject(body, 'the test results');
  return {
    buildId: optionalString(wire.build_id, 'tests', 'build_id'),
    tests: parseList(optionalArray(wire.tests, 'tests', 'tests'), 'tests.tests', 'tests', (item, where) => {
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
    }),
  };
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
    files.push({
      path,
      coverage: fraction(item.coverage),
      lines: lineCount(item.covered_lines, item.executable_lines),
      functions: functionsOf(item.functions),
    });
  }
  return files;
}

function functionsOf(value: unknown): FunctionCoverage[] {
  if (!Array.isArray(value)) return [];
  const functions: FunctionCoverage[] = [];
  for (let index = 0; index < value.length; index++) {
    const item = objectOrUndefined(value[index]);
    const name = item && nonEmpty(item.name);
    if (item === undefined || name === undefined) continue;
    functions.push({ name, coverage: fraction(item.coverage), lines: lineCount(item.covered_lines, item.executable_lines) });
  }
  return functions;
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
  if (typeof covered !== 'number' || typeof total !== 'number') return undefined;
  // NaN fails every comparison; Infinity fails the finite check.
  if (!(covered >= 0 && covered <= total && Number.isFinite(total))) return undefined;
  return { covered, total };
}

export function parseTriggeredBuildId(body: unknown): string {
  return requiredString(expectObject(body, 'the trigger answer').build_id, 'trigger', 'build_id');
}
