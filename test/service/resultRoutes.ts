// Routes about a build's results: tests and coverage.
import { jsonAnswer } from './answer';
import { booleanParam } from './queryParams';
import type { RouteHandler } from './routeContext';
import { buildOf } from './routeContext';

/** Only failed tests unless `showPassing=true`; `showFailed=false` leaves the failed ones out. */
export const listTests: RouteHandler = (context) => {
  const build = buildOf(context);
  const showFailed = booleanParam(context.query, 'showFailed', true);
  const showPassing = booleanParam(context.query, 'showPassing', false);
  const tests = (context.data.tests.get(build._id) ?? []).filter((test) => (test.status === 'failed' ? showFailed : showPassing));
  if (!context.data.testsAsLive.has(build._id)) return jsonAnswer(200, { build_id: build._id, tests });
  const live = tests.map(({ name, status, ...rest }) => ({ ...rest, test: name, status: status === 'passed' ? 'success' : status }));
  return jsonAnswer(200, { build_id: build._id, tests: live });
};

/**
 * Top level is the average of the targets. Files come with `showFileCoverage`, and with their
 * functions under `showFunctionCoverage` (which implies files); the shape is in docs/COVERAGE.md. A build with no coverage report
 * (unfinished, or no tests) answers `coverage: null` and no targets rather than a 404, which
 * would read as "no such build".
 */
export const getCoverage: RouteHandler = (context) => {
  const build = buildOf(context);
  const showFunctions = booleanParam(context.query, 'showFunctionCoverage', false);
  const showFiles = showFunctions || booleanParam(context.query, 'showFileCoverage', false);
  const targets = context.data.coverage.get(build._id) ?? [];
  const average = targets.length ? targets.reduce((sum, target) => sum + target.coverage, 0) / targets.length : null;
  return jsonAnswer(200, {
    coverage: average,
    build_id: build._id,
    targets: targets.map((target) => ({
      name: target.name,
      coverage: target.coverage,
      covered_lines: target.covered_lines,
      executable_lines: target.executable_lines,
      ...(showFiles && {
        files: target.files.map((file) => ({
          name: file.name,
          path: file.path,
          coverage: file.coverage,
          covered_lines: file.covered_lines,
          executable_lines: file.executable_lines,
          ...(showFunctions && { functions: file.functions }),
        })),
      }),
    })),
  });
};
