import type { Registrar } from '../register';
import { ChatTools, type ChatToolsDeps } from './chatTools';
import { SizeTool, type SizeToolDeps } from './sizeTool';

/** The language-model tools about apps, builds, the branch and its size (the comparison's tools are the changed feature's). */
export function chatToolsFeature(
  deps: ChatToolsDeps & Omit<SizeToolDeps, 'sizes'> & { branchSizes: SizeToolDeps['sizes'] },
  registrar: Registrar,
): void {
  registrar.chatTools({ ...new ChatTools(deps).tools(), ...new SizeTool({ ...deps, sizes: deps.branchSizes }).tools() });
}
