import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { linesByFile } from '../../core/coverage/changedFunctions';

/** A changed function no test ran, where it is declared. */
export interface UntestedFunction {
  readonly uri: vscode.Uri;
  readonly line: number;
}

// The declarations of the changed functions no test ran, marked in every editor that shows their file:
// a note after the line and a mark in the overview ruler, apart from the coverage's red and green.
export class UntestedMarks implements vscode.Disposable {
  private made: vscode.TextEditorDecorationType | undefined;
  private byFile = new Map<string, number[]>();
  private readonly subscription = vscode.window.onDidChangeVisibleTextEditors((editors) => this.draw(editors));

  /** Marked from now on instead of what was; drawn at once in the visible editors. */
  mark(functions: readonly UntestedFunction[]): void {
    this.byFile = linesByFile(functions, (f) => f.uri.toString());
    this.draw(vscode.window.visibleTextEditors);
  }

  /** The lines marked in a file (for tests and the chat tool). */
  linesOf(uri: vscode.Uri): readonly number[] {
    return this.byFile.get(uri.toString()) ?? [];
  }

  private draw(editors: readonly vscode.TextEditor[]): void {
    if (this.byFile.size === 0 && !this.made) return;
    const decoration = this.decoration();
    for (const editor of editors) {
      const lines = this.byFile.get(editor.document.uri.toString()) ?? [];
      editor.setDecorations(
        decoration,
        lines.filter((line) => line < editor.document.lineCount).map((line) => editor.document.lineAt(line).range),
      );
    }
  }

  /** Made when first needed, not at activation. */
  private decoration(): vscode.TextEditorDecorationType {
    this.made ??= vscode.window.createTextEditorDecorationType({
      overviewRulerColor: new vscode.ThemeColor('editorWarning.foreground'),
      overviewRulerLane: vscode.OverviewRulerLane.Right,
      after: {
        contentText: `  ${l10n.t('changed, no test ran')}`,
        color: new vscode.ThemeColor('editorCodeLens.foreground'),
        fontStyle: 'italic',
      },
    });
    return this.made;
  }

  dispose(): void {
    this.subscription.dispose();
    this.made?.dispose();
  }
}
