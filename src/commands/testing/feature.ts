import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { FirstLook } from '../../services/firstLook';
import type { Session } from '../../services/accounts/session';
import type { TestComparisons } from '../../services/testing/testComparisons';
import type { BuildCoverage } from '../../views/testing/buildCoverage';
import type { BuildTests } from '../../views/testing/buildTests';
import type { FailureNotes } from '../../views/testing/failureNotes';
import type { Registrar } from '../register';
import type { CommandTargets } from '../targets';
import { FlakyCommands } from './flakyCommands';
import { TestCommands } from './testCommands';

export interface TestingFeatureDeps {
  buildTests: BuildTests;
  coverage: BuildCoverage;
  comparisons: TestComparisons;
  failureNotes: FailureNotes;
  firstLook: FirstLook;
  targets: CommandTargets;
  branch: CurrentBranch;
  session: Session;
}

/** A build's tests and coverage in VS Code's Testing view, the notes on its failures, the flaky tests. */
export function testingFeature(deps: TestingFeatureDeps, registrar: Registrar): void {
  const { buildTests, coverage, comparisons, failureNotes, firstLook, targets, branch, session } = deps;
  registrar.commands({
    ...new TestCommands({ tests: buildTests, coverage, targets, branch, session }).table(),
    ...new FlakyCommands({ comparisons, branch, session, locator: buildTests.locator }).table(),
  });
  registrar.own(
    buildTests.onDidShow(({ asked }) => {
      if (asked) firstLook.see();
      failureNotes.lookAt(buildTests.view);
    }),
  );
  // A run drawn again with its notes takes the coverage's place in VS Code: the coverage goes back on top.
  registrar.own(failureNotes.onDidNote(() => coverage.view?.showAgain()));
}
