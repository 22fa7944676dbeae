import vscode = require('vscode');
import { loggedText } from '../../core/text/serviceText';
import { cappedAnswer, failureText } from '../../core/tools/toolAnswers';
import type { Log } from '../../services/log';

/** Every tool may name the account by its label; without one, the account of the current repository. */
export interface AccountInput {
  account?: string;
}
export interface ListInput extends AccountInput {
  app?: string;
  branch?: string;
  state?: string;
  limit?: number;
}
export interface TestsInput extends AccountInput {
  buildId?: string;
  app?: string;
  buildNumber?: number;
}
export interface TriggerInput extends AccountInput {
  app?: string;
  branch?: string;
}

/** Said instead of throwing: the model quotes it, the user reads it. */
export class Answer extends Error {}

/** A failure as the model reads it: an Answer's text, or the words a notification would use (the service's own quoted as data), details logged. */
export function failureAnswer(error: unknown, log: Log, timeoutSeconds: number): string {
  if (error instanceof Answer) return cappedAnswer(error.message);
  log.warn(loggedText(`A chat tool failed: ${error instanceof Error ? error.message : String(error)}`));
  return cappedAnswer(failureText(error, timeoutSeconds));
}

/** Never throws: a failure reads as a notification would say it; every answer is capped as a whole. */
export async function toolResult(work: () => Promise<string>, log: Log, timeoutSeconds: number): Promise<vscode.LanguageModelToolResult> {
  let text: string;
  try {
    text = cappedAnswer(await work());
  } catch (error) {
    text = failureAnswer(error, log, timeoutSeconds);
  }
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}
