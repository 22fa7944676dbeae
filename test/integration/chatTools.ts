// The language-model tools as a test reads them: an answer's text, as the model gets it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../src/exports';
import { testing } from './extension';

/** The answer's text parts, joined: what the model reads. */
export function answerText(result: vscode.LanguageModelToolResult | null | undefined): string {
  return (result?.content ?? []).map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/** Asks our tool `name` as registered (also where vscode.lm.invokeTool cannot reach it); its answer's text. */
export async function askTool(api: BuildServiceExports, name: string, input: object = {}): Promise<string> {
  const tool = testing(api).chatTools[name];
  assert.ok(tool, `the tool ${name} is registered`);
  return answerText(await tool.invoke({ input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token));
}
