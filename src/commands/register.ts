import vscode = require('vscode');
import type { ErrorPresenter } from '../services/errorPresenter';

export type CommandHandler = (...args: unknown[]) => unknown;

/** A command of ours. A group names the ids only it uses in its own table; ids.ts holds those other files name too.
 * activation.test.ts checks the registered ids against package.json both ways, in the real host. */
export type CommandId = `buildService.${string}`;

export type CommandTable = Record<CommandId, CommandHandler>;

export type CommandGroup<K extends CommandId = CommandId> = Record<K, CommandHandler>;

/** One wrapper, so a failing command reaches the presenter rather than VS Code's generic "command failed" toast. */
export function registerCommands(table: CommandTable, presenter: ErrorPresenter): vscode.Disposable[] {
  return Object.entries(table).map(([id, handler]: [string, CommandHandler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        presenter.present(error, `Command ${id}`);
        return undefined;
      }
    }),
  );
}

export function registerTools(tools: Record<string, vscode.LanguageModelTool<object>>): vscode.Disposable[] {
  return Object.entries(tools).map(([name, tool]) => vscode.lm.registerTool(name, tool));
}
