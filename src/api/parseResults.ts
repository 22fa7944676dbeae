import type { Coverage, TestResults } from './models';
import { expectObject, optionalArray, optionalNumber, optionalString, requiredString } from './validate';

export function parseTestResults(body: unknown): TestResults {
  const wire = expectObject(body, 'the test results');
  return {
    buildId: optionalString(wire, 'build_id', 'tests'),
    tests: optionalArray(wire, 'tests', 'tests').map((item, index) => {
      const where = `tests[${index}]`;
      const test = expectObject(item, where);
      return {
        name: requiredString(test, 'name', where),
        status: (optionalString(test, 'status', where) ?? '').toLowerCase(),
        run: optionalString(test, 'run', where),
        target: optionalString(test, 'target', where),
        suite: optionalString(test, 'suite', where),
      };
    }),
  };
}

export function parseCoverage(body: unknown): Coverage {
  const wire = expectObject(body, 'the coverage');
  return {
    buildId: optionalString(wire, 'build_id', 'coverage'),
    coverage: optionalNumber(wire, 'coverage', 'coverage'),
    targets: optionalArray(wire, 'targets', 'coverage').map((item, index) => {
      const where = `coverage.targets[${index}]`;
      const target = expectObject(item, where);
      return { name: requiredString(target, 'name', where), coverage: optionalNumber(target, 'coverage', where) };
    }),
  };
}

/** The trigger answer `{"build_id": "…"}`. */
export function parseTriggeredBuildId(body: unknown): string {
  return requiredString(expectObject(body, 'the trigger answer'), 'build_id', 'trigger');
}
