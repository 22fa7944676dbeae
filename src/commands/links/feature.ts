import type { Log } from '../../services/log';
import type { SettingsService } from '../../services/settings';
import type { Registrar } from '../register';
import type { CommandTargets } from '../targets';
import { LinkCommands } from './linkCommands';

export interface LinksFeatureDeps {
  settings: SettingsService;
  targets: CommandTargets;
  log: Log;
}

/** The links out: a build or app on the service's site, the log. */
export function linksFeature({ settings, targets, log }: LinksFeatureDeps, registrar: Registrar): void {
  registrar.commands(new LinkCommands(settings, targets, log).table());
}
