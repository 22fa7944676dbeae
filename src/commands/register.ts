import vscode = require('vscode');
import type { ErrorPresenter } from '../services/errorPresenter';
import type { CommandIdValue } from '../ids';

export type CommandHandler = (...args: unknown[]) => unknown;

/** Every command, by id; the type makes a missing or unknown id a compile error. */
export type CommandTable = Record<CommandIdValue, CommandHandler>;

/** A feature's commands: the part of the table one group of handlers fills. */
export type CommandGroup<K extends CommandIdValue> = Pick<CommandTable, K>;

/**
 * Registers the table through one wrapper, so a failing command ends in the presenter (a clear
 * message and the log) rather than VS Code's generic "command failed" toast.
 */
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

/** Every language-model tool, by name. */
export function registerTools(tools: Record<string, vscode.LanguageModelTool<object>>): vscode.Disposable[] {
  return Object.entries(tools).map(([name, tool]) => vscode.lm.registerTool(name, tool));
}
