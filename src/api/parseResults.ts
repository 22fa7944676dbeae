import type { Coverage, TestResults } from './models';
import { expectObject, optionalArray, optionalNumber, optionalString, parseList, requiredString } from './validate';

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
      return { name: requiredString(target.name, where, 'name'), coverage: optionalNumber(target.coverage, where, 'coverage') };
    }),
  };
}

export function parseTriggeredBuildId(body: unknown): string {
  return requiredString(expectObject(body, 'the trigger answer').build_id, 'trigger', 'build_id');
}
