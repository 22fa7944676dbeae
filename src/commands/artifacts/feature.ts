import type { Log } from '../../services/log';
import { QrPanel } from '../../views/qrPanel';
import type { Registrar } from '../register';
import { ArtifactCommands, type ArtifactCommandsDeps } from './artifactCommands';
import { GitignoreOffer } from './gitignoreOffer';
import type { PersistentState } from '../../services/persistentState';
import { InstallCommands, type InstallCommandsDeps } from './installCommands';

export type ArtifactsFeatureDeps = Omit<ArtifactCommandsDeps, 'gitignore'> &
  Omit<InstallCommandsDeps, 'panel'> & { log: Log; globalState: PersistentState };

/** A build's files: download, save, install on a device through the QR panel. */
export function artifactsFeature(deps: ArtifactsFeatureDeps, registrar: Registrar): { qrPanel: QrPanel; gitignore: GitignoreOffer } {
  const qrPanel = registrar.own(new QrPanel(deps.log));
  const gitignore = new GitignoreOffer(deps.globalState, deps.log);
  registrar.commands({
    ...new InstallCommands({ ...deps, panel: qrPanel }).table(),
    ...new ArtifactCommands({ ...deps, gitignore }).table(),
  });
  return { qrPanel, gitignore };
}
