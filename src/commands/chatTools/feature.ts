import type { Registrar } from '../register';
import { ChatTools, type ChatToolsDeps } from './chatTools';

/** The language-model tools about apps, builds and the branch (the comparison's tools are the changed feature's). */
export function chatToolsFeature(deps: ChatToolsDeps, registrar: Registrar): void {
  registrar.chatTools(new ChatTools(deps).tools());
}
