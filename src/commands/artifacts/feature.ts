import type { Log } from '../../services/log';
import { QrPanel } from '../../views/qrPanel';
import type { Registrar } from '../register';
import { ArtifactCommands, type ArtifactCommandsDeps } from './artifactCommands';
import { InstallCommands, type InstallCommandsDeps } from './installCommands';

export type ArtifactsFeatureDeps = ArtifactCommandsDeps & Omit<InstallCommandsDeps, 'panel'> & { log: Log };

/** A build's files: download, save, install on a device through the QR panel. */
export function artifactsFeature(deps: ArtifactsFeatureDeps, registrar: Registrar): QrPanel {
  const qrPanel = registrar.own(new QrPanel(deps.log));
  registrar.commands({
    ...new InstallCommands({ ...deps, panel: qrPanel }).table(),
    ...new ArtifactCommands(deps).table(),
  });
  return qrPanel;
}
