import { CommandId } from '../ids';
import type { Log } from '../services/log';
import type { BranchCommands } from './branchCommands';
import type { BuildCommands } from './buildCommands';
import type { LinkCommands } from './linkCommands';
import type { NetworkCommands } from './networkCommands';
import type { CommandTable } from './register';
import type { InstallCommands } from './installCommands';
import type { TestCommands } from './testCommands';
import type { TokenCommands } from './tokenCommands';

export interface CommandGroups {
  tokens: TokenCommands;
  links: LinkCommands;
  builds: BuildCommands;
  branch: BranchCommands;
  tests: TestCommands;
  install: InstallCommands;
  network: NetworkCommands;
}

/** Every command from its feature's group; the CommandTable type fails the build if one is missing. */
export function commandTable({ tokens, links, builds, branch, tests, install, network }: CommandGroups, log: Log): CommandTable {
  return {
    ...tokens.table(),
    ...links.table(),
    ...builds.table(),
    ...branch.table(),
    ...tests.table(),
    ...install.table(),
    ...network.table(),
    [CommandId.showLog]: () => log.show(),
  };
}
