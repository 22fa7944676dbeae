import vscode = require('vscode');
import type { ErrorPresenter } from '../services/errorPresenter';
import type { CommandIdValue } from '../ids';

export type CommandHandler = (...args: unknown[]) => unknown;

/** Every command, by id; the type makes a missing or unknown id a compile error. */
export type CommandTable = Record<CommandIdValue, CommandHandler>;

export type CommandGroup<K extends CommandIdValue> = Pick<CommandTable, K>;

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
