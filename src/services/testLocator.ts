import * as vscode from 'vscode';
import { findDeclaration, sourceFileParts, sourceGlob, suiteFileBase } from '../core/testSources';
import type { Log } from './log';

/** A test's place in the workspace. */
export interface TestLocation {
  readonly uri: vscode.Uri;
  readonly range: vscode.Range;
}

/** Enough files for any real project; a runaway glob must not read a monorepo's every test. */
const MAX_FILES = 200;

/**
 * Finds the source of tests in the workspace: one VS Code file search per build (it honours
 * files.exclude and search.exclude's defaults), the found files read once, their declarations matched
 * by core/testSources.ts. The answer for a build is kept, so showing it again searches nothing.
 */
export class TestLocator {
  private readonly byBuild = new Map<string, Promise<Map<string, TestLocation>>>();
  /** How many workspace searches ran, for tests. */
  searches = 0;

  constructor(private readonly log: Log) {}

  /** Locations keyed by `key(test)`, for the tests whose source was found. */
  locate<T extends { suite: string; name: string }>(buildId: string, tests: readonly T[], key: (test: T) => string): Promise<Map<string, TestLocation>> {
    let found = this.byBuild.get(buildId);
    if (!found) {
      found = this.search(tests, key).catch((error: unknown) => {
        this.log.warn(`Looking for test sources failed: ${error instanceof Error ? error.message : String(error)}`);
        return new Map<string, TestLocation>();
      });
      // Only the latest build's answer is worth keeping.
      this.byBuild.clear();
      this.byBuild.set(buildId, found);
    }
    return found;
  }

  forget(): void {
    this.byBuild.clear();
  }

  private async search<T extends { suite: string; name: string }>(tests: readonly T[], key: (test: T) => string): Promise<Map<string, TestLocation>> {
    const located = new Map<string, TestLocation>();
    const glob = sourceGlob(tests.map((t) => t.suite));
    if (!glob || !vscode.workspace.workspaceFolders?.length) return located;
    this.searches++;
    // `undefined` as the exclude: VS Code applies files.exclude, as the Explorer does.
    const files = await vscode.workspace.findFiles(glob, undefined, MAX_FILES);
    const texts = new Map<string, { uri: vscode.Uri; text: string }[]>();
    for (const uri of files) {
      const { base } = sourceFileParts(uri.path);
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      texts.set(base, [...(texts.get(base) ?? []), { uri, text }]);
    }
    for (const test of tests) {
      const base = suiteFileBase(test.suite);
      for (const { uri, text } of (base && texts.get(base)) || []) {
        const extension = sourceFileParts(uri.path).extension;
        const range = extension && findDeclaration(text, extension, test.name);
        if (!range) continue;
        located.set(key(test), { uri, range: new vscode.Range(range.line, range.start, range.line, range.end) });
        break;
      }
    }
    this.log.info(`Test sources: ${files.length} file(s) found for ${glob}; ${located.size} of ${tests.length} test(s) located.`);
    return located;
  }
}
