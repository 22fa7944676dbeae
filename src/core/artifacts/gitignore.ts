// Whether a .gitignore already keeps a folder out of commits, and the line that would.

/** True when a line of `gitignore` names `folder` at the top or anywhere (the usual ways of writing it). */
export function ignoresFolder(gitignore: string, folder: string): boolean {
  const forms = new Set([
    folder,
    `${folder}/`,
    `/${folder}`,
    `/${folder}/`,
    `${folder}/*`,
    `/${folder}/*`,
    `${folder}/**`,
    `/${folder}/**`,
  ]);
  return gitignore.split(/\r?\n/).some((line) => forms.has(line.trim()));
}

/** `gitignore` with one line added for `folder` at the repository's top, keeping its line ends. */
export function withIgnoredFolder(gitignore: string, folder: string): string {
  const newline = gitignore.includes('\r\n') ? '\r\n' : '\n';
  const separator = gitignore === '' || gitignore.endsWith('\n') ? '' : newline;
  return `${gitignore}${separator}/${folder}/${newline}`;
}
