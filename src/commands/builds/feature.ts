import { CompletionNotice, type CompletionNoticeDeps } from '../../views/completionNotice';
import type { Registrar } from '../register';
import { BranchCommands, type BranchCommandsDeps } from './branchCommands';
import { BuildCommands, type BuildCommandsDeps } from './buildCommands';
import { HistoryCommands, type HistoryCommandsDeps } from './historyCommands';

export type BuildsFeatureDeps = BuildCommandsDeps & Omit<BranchCommandsDeps, 'model'> & HistoryCommandsDeps & CompletionNoticeDeps;

/** Builds: trigger, follow, cancel, rebuild, Current Branch's actions, the history panel and the completion notice. */
export function buildsFeature(deps: BuildsFeatureDeps, registrar: Registrar): { history: HistoryCommands; notice: CompletionNotice } {
  const history = registrar.own(new HistoryCommands(deps));
  registrar.commands({
    ...new BuildCommands(deps).table(),
    ...new BranchCommands({ ...deps, model: deps.branch }).table(),
    ...history.table(),
  });
  return { history, notice: registrar.own(new CompletionNotice(deps)) };
}
