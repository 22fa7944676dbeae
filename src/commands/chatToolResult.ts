import vscode = require('vscode');
import { failureText } from '../core/toolAnswers';
import type { Log } from '../services/log';

// What the chat tools take and how they answer: always a short text, never a throw.

export interface ListInput {
  app?: string;
  branch?: string;
  state?: string;
  limit?: number;
}
export interface TestsInput {
  buildId?: string;
  app?: string;
  buildNumber?: number;
}
export interface TriggerInput {
  app?: string;
  branch?: string;
}

/** Said instead of throwing: the model quotes it, the user reads it. */
export class Answer extends Error {}

/**
 * Runs a tool's work and turns its outcome into the result the model reads: the text, an Answer's
 * text, or the words a notification would use for a failure (logged, with the details).
 */
export async function toolResult(work: () => Promise<string>, log: Log, timeoutSeconds: number): Promise<vscode.LanguageModelToolResult> {
  let text: string;
  try {
    text = await work();
  } catch (error) {
    if (!(error instanceof Answer)) log.warn(`A chat tool failed: ${error instanceof Error ? error.message : String(error)}`);
    text = error instanceof Answer ? error.message : failureText(error, timeoutSeconds);
  }
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}
