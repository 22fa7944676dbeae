import type { FileCoverage } from '../../api';
import type { ShownCoverage } from '../../services/testing/changedFunctions';
import type { BuildCoverage } from './buildCoverage';

/** The coverage view's files of a build, when it shows that build: the changed functions then ask nothing. */
export function coverageShown(coverage: BuildCoverage): ShownCoverage {
  return (_account, buildId) => {
    const shown = coverage.view?.shown;
    return shown?.build.id === buildId ? shown.files.map((f): FileCoverage => f.report) : undefined;
  };
}
