// Finds the string literals in src/ that read like text for a person and are not handed to a
// translation call. Used by untranslatedStrings.test.ts; kept apart so the rule is readable alone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Literal {
  /** Path relative to the project root, with forward slashes. */
  readonly file: string;
  readonly line: number;
  /** The literal's text; a template's substitutions read as `${}`. */
  readonly text: string;
}

/**
 * Reads like words for a person: two letters with white space between ("Set Access Token"), or one
 * capitalised word ("Retry", "Commit"). Ids (`buildService.apps`), paths, codes and single lower-case
 * words do not.
 */
export function readsLikeText(text: string): boolean {
  return /\p{L}[ \t\n]+\p{L}/u.test(text) || /^[A-Z][a-z]{2,}[.…!?:]*$/u.test(text);
}

/**
 * A template (its substitutions read as `${}`) also reads like text when a word of two or more letters
 * stands apart next to a substitution: `Branch: ${}`, `${} failed`, `Build ${}`. A word glued to a
 * substitution (`${}px`, `/apps/${}`, `?page=${}`, `build:${}`) is a unit, a path, a query or an id, not
 * text.
 */
export function templateReadsLikeText(text: string): boolean {
  return readsLikeText(text) || /(?<=^|[\s("'“„])\p{L}{2,}(?=$|\s|[.,:;!?…)"'“”]+(?:\s|$))/u.test(text);
}

/** `l10n.t(…)` or `vscode.l10n.t(…)`: the two translation calls (vscode layers, and core/ and api/). */
function isTranslationCall(node: ts.Node): node is ts.CallExpression {
  return ts.isCallExpression(node) && /^(vscode\.)?l10n\.t$/.test(node.expression.getText());
}

/** `log.info(…)`, `this.log.warn(…)`, `this.deps.log.error(…)`: support's log stays English. */
function isLogCall(node: ts.Node): boolean {
  return ts.isCallExpression(node) && /(^|\.)log\.(info|warn|error)$/.test(node.expression.getText());
}

/** Why a literal is no text at all, whatever it says: a module name, a type, a translation's own text. */
function exempt(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isModuleDeclaration(parent)) return true;
  if (ts.isLiteralTypeNode(parent) || ts.isExternalModuleReference(parent)) return true;
  // The message of l10n.t('…', args) or l10n.t({ message: '…', comment: […] }).
  if (isTranslationCall(parent) && parent.arguments[0] === node) return true;
  const property = ts.isPropertyAssignment(parent)
    ? parent
    : ts.isArrayLiteralExpression(parent) && ts.isPropertyAssignment(parent.parent)
      ? parent.parent
      : undefined;
  if (property && /^(message|comment)$/.test(property.name.getText()) && isTranslationCall(property.parent.parent)) return true;
  for (let up: ts.Node | undefined = parent; up; up = up.parent) if (isLogCall(up)) return true;
  return false;
}

function textOf(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  if (!ts.isTemplateExpression(node)) return node.text;
  return node.head.text + node.templateSpans.map((span) => '${}' + span.literal.text).join('');
}

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return typeScriptFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.d.ts') ? [file] : [];
  });
}

/** Every literal under `srcDir` that reads like text and is not a translation call's message. */
export function untranslatedLiterals(projectRoot: string, srcDir = 'src'): Literal[] {
  const found: Literal[] = [];
  for (const file of typeScriptFiles(path.join(projectRoot, srcDir))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
        const text = textOf(node);
        const reads = ts.isTemplateExpression(node) ? templateReadsLikeText(text) : readsLikeText(text);
        if (reads && !exempt(node)) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          found.push({ file: path.relative(projectRoot, file).split(path.sep).join('/'), line, text });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
