import * as vscode from 'vscode';
import { withLanguage } from '../core/language';
import { onFirstCall } from '../core/onFirstCall';
import { CommandId, ToolName, type ToolNameValue } from '../ids';
import type { ErrorPresenter } from '../services/errorPresenter';
import type { AppsContent } from '../views/apps/appsContent';
import type { CommandDeps, Commands } from './features';
import { registerCommands, type CommandTable } from './register';

// Activation registers every command and tool (VS Code needs them from the start) but does not load
// what they do: the handlers, the tools and what only they use live in dist/commands.js, about a third
// of the code, loaded on the first command or tool call. In the bundle esbuild.mjs turns the import
// below into `require("./commands.js")`, the sibling of dist/extension.js; in the unbundled test build
// (out/) it stays a require of out/src/commands/features.js.
type CommandsModule = typeof import('./features');

/** Every command and language-model tool, registered now and loaded on first use. */
export class LazyCommands {
  private readonly load: () => Promise<Commands>;
  /** The tools as registered, by name (tests call them directly where vscode.lm.invokeTool cannot). */
  readonly tools: Readonly<Record<ToolNameValue, vscode.LanguageModelTool<object>>>;

  constructor(deps: Omit<CommandDeps, 'builds'>) {
    // With the Apps view's content (dist/apps.js): the build commands act on its builds section.
    this.load = onFirstCall(() =>
      Promise.all([import('./features').then(withLanguage), deps.apps.content()]).then(([features, apps]: [CommandsModule, AppsContent]) =>
        features.createCommands({ ...deps, builds: apps.builds }),
      ),
    );
    const tool = (name: ToolNameValue): vscode.LanguageModelTool<object> => ({
      invoke: (options, token) => this.load().then(({ tools }) => tools[name].invoke(options, token)),
      // Only the trigger tool prepares (it asks before it sends); the others answer undefined, as if
      // they had no prepareInvocation.
      prepareInvocation: (options, token) => this.load().then(({ tools }) => tools[name].prepareInvocation?.(options, token)),
    });
    this.tools = Object.fromEntries(Object.values(ToolName).map((name) => [name, tool(name)])) as Record<
      ToolNameValue,
      vscode.LanguageModelTool<object>
    >;
  }

  /** A failing command, its loading included, ends in the presenter (registerCommands). */
  register(presenter: ErrorPresenter): vscode.Disposable[] {
    const table = {} as CommandTable;
    for (const id of Object.values(CommandId)) table[id] = (...args) => this.load().then(({ table }) => table[id](...args));
    return [...registerCommands(table, presenter), ...Object.entries(this.tools).map(([name, tool]) => vscode.lm.registerTool(name, tool))];
  }
}
