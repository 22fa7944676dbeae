import vscode = require('vscode');
import { withMore } from '../../core/testing/comparisonText';
import { withSizes } from '../../core/testing/sizeNote';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { GitWorkspace } from '../../services/branch/gitWorkspace';
import type { FirstLook } from '../../services/firstLook';
import type { Log } from '../../services/log';
import type { SettingsService } from '../../services/settings';
import type { Session } from '../../services/accounts/session';
import { ChangedFunctions } from '../../services/testing/changedFunctions';
import type { FirstFailedSearch } from '../../services/testing/firstFailedSearch';
import type { TestComparisons } from '../../services/testing/testComparisons';
import { windowApis } from '../../services/windowApis';
import type { BranchSizes } from '../../views/branch/branchSizes';
import type { CurrentBranchView } from '../../views/branch/currentBranchView';
import type { BuildCoverage } from '../../views/testing/buildCoverage';
import type { BuildTests } from '../../views/testing/buildTests';
import { coverageShown } from '../../views/testing/changedCoverage';
import type { FailureNotes } from '../../views/testing/failureNotes';
import type { Registrar } from '../register';
import { ChangedCommands } from './changedCommands';
import { ChangedOnLook } from './changedOnLook';
import { CommitsCommands } from './commitsCommands';
import { ComparisonTool } from './comparisonTool';

export interface ChangedFeatureDeps {
  session: Session;
  settings: SettingsService;
  git: GitWorkspace;
  branch: CurrentBranch;
  branchView: CurrentBranchView;
  buildTests: BuildTests;
  coverage: BuildCoverage;
  comparisons: TestComparisons;
  firstFailed: FirstFailedSearch;
  failureNotes: FailureNotes;
  branchSizes: BranchSizes;
  firstLook: FirstLook;
  log: Log;
}

/** What changed against the base branch: the functions no test ran, the first failed build, the commits between. */
export function changedFeature(deps: ChangedFeatureDeps, registrar: Registrar): ChangedCommands {
  const {
    session,
    settings,
    git,
    branch,
    branchView,
    buildTests,
    coverage,
    comparisons,
    firstFailed,
    failureNotes,
    branchSizes,
    firstLook,
    log,
  } = deps;
  const changed = new ChangedFunctions(coverageShown(coverage), (account, build) => comparisons.baseBranchFor(account, build));
  const changedCommands = registrar.own(new ChangedCommands({ git, branch, changed, log }));
  registrar.commands({
    ...new CommitsCommands({ git, tests: buildTests, notes: failureNotes }).table(),
    ...changedCommands.table(),
  });
  registrar.chatTools({
    ...new ComparisonTool({ session, branch, comparisons, firstFailed, settings, log }).tools(),
    ...changedCommands.tools(log, () => settings.value.timeoutSeconds),
  });
  // Beside a build: its failures against the base, how much of what the branch changed its tests ran, its size against the base.
  registrar.own(
    branchView.showNotes(
      (account, buildId) =>
        withSizes(
          withMore(failureNotes.summaryOf(account, buildId), changedCommands.summaryOf(account, buildId)),
          branchSizes.noteOf(account, buildId),
        ),
      (listener) =>
        vscode.Disposable.from(
          failureNotes.onDidChangeSummaries(listener),
          changedCommands.onDidLearn(listener),
          branchSizes.onDidLearn(listener),
        ),
    ),
  );
  registrar.own(
    new ChangedOnLook({ changedCommands, branch, view: branchView.view, window: windowApis, firstLook, coverage, settings, log }),
  );
  return changedCommands;
}
