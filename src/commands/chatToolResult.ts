import vscode = require('vscode');
import { loggedText } from '../core/serviceText';
import { failureText } from '../core/toolAnswers';
import type { Log } from '../services/log';

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

/** Never throws: a failure reads as a notification would say it, with the details logged. */
export async function toolResult(work: () => Promise<string>, log: Log, timeoutSeconds: number): Promise<vscode.LanguageModelToolResult> {
  let text: string;
  try {
    text = await work();
  } catch (error) {
    if (!(error instanceof Answer)) log.warn(loggedText(`A chat tool failed: ${error instanceof Error ? error.message : String(error)}`));
    text = error instanceof Answer ? error.message : failureText(error, timeoutSeconds);
  }
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}
