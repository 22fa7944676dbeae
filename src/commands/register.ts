import vscode = require('vscode');
import { Disposable, type Releasable } from '../core/disposable';
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

export type ToolTable = Record<string, vscode.LanguageModelTool<object>>;

export function registerTools(tools: ToolTable): vscode.Disposable[] {
  return Object.entries(tools).map(([name, tool]) => vscode.lm.registerTool(name, tool));
}

/** Where a feature registers: its commands through the one wrapper, its chat tools by name, and what it owns,
 * all let go of together when the extension is. */
export class Registrar extends Disposable {
  private readonly tools: ToolTable = {};

  constructor(private readonly presenter: ErrorPresenter) {
    super();
  }

  commands(table: CommandTable): void {
    this.register(...registerCommands(table, this.presenter));
  }

  chatTools(tools: ToolTable): void {
    Object.assign(this.tools, tools);
    this.register(...registerTools(tools));
  }

  /** Keeps `item` until the extension ends, and hands it back. */
  own<T extends Releasable>(item: T): T {
    this.register(item);
    return item;
  }

  /** Every chat tool registered so far, by name (the test hooks call them where vscode.lm cannot). */
  registeredTools(): Readonly<ToolTable> {
    return this.tools;
  }
}
