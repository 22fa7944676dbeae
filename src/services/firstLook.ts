import vscode = require('vscode');
import { DisposableStore } from '../core/disposable';
import { unlessAborted } from './abortableWait';

/**
 * Whether the user has looked at what Build Service shows in this window: one of its views, results a
 * command asked for, or the source of a failed test in an editor. Until then what only those show
 * waits: the comparison with the base branch, and the daily check of which repository each app builds
 * (a window that just opened shows the status bar; the notes annotate views not looked at yet).
 */
export class FirstLook implements vscode.Disposable {
  private seen = false;
  private markSeen: () => void = () => {};
  private readonly looked = new Promise<void>((resolve) => (this.markSeen = resolve));
  private readonly watching = new DisposableStore();
  /** The files of the failed tests shown, located in the workspace. */
  private failedSources: () => readonly vscode.Uri[] = () => [];

  /** Made before the views it watches: they come later in activation. */
  watch(views: readonly vscode.TreeView<unknown>[], failedSources: () => readonly vscode.Uri[]): void {
    if (this.seen) return;
    this.failedSources = failedSources;
    for (const view of views) this.watching.add(view.onDidChangeVisibility((e) => e.visible && this.see()));
    this.watching.add(vscode.window.onDidChangeVisibleTextEditors((editors) => this.sourceOpen(editors) && this.see()));
    if (views.some((view) => view.visible)) this.see();
  }

  private sourceOpen(editors: readonly vscode.TextEditor[]): boolean {
    const sources = new Set(this.failedSources().map((uri) => uri.toString()));
    return editors.some((editor) => sources.has(editor.document.uri.toString()));
  }

  /** The user looked (or asked): from now on nothing waits. */
  see(): void {
    if (this.seen) return;
    this.seen = true;
    this.markSeen();
    this.stopWatching();
  }

  /** Resolves once the user has looked; at once if they have. Rejects (cancelled) if `signal` aborts first. */
  whenSeen(signal: AbortSignal): Promise<void> {
    if (!this.seen && this.sourceOpen(vscode.window.visibleTextEditors)) this.see();
    return unlessAborted(this.looked, signal);
  }

  private stopWatching(): void {
    this.watching.clear();
  }

  dispose(): void {
    this.watching.dispose();
  }
}
