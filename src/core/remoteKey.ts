// One key per repository, whatever form its address takes, so a workspace's remotes can be matched
// against the `repo_url` of builds. Pure (no vscode) so it is unit-tested in plain Node.

/**
 * `git@github.com:MyOrg/2048.git`, `ssh://git@github.com:22/myorg/2048`, `https://github.com/myorg/2048`
 * all become `github.com/myorg/2048`. undefined for anything that names no host (local paths, file:).
 *
 * User names, ports and `.git` are dropped: the same repository is reached over SSH and HTTPS with
 * different ones. The whole key is lower-cased, not only the host: GitHub, GitLab and Bitbucket treat
 * owner and repository names case-insensitively, and a remote typed with other capitals is common.
 */
export function repoKey(address: string | undefined): string | undefined {
  const text = address?.trim();
  if (!text) return undefined;
  const parts = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? urlParts(text) : scpParts(text);
  if (!parts) return undefined;
  const path = parts.path
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .replace(/^\/+/, '')
    .replace(/\/{2,}/g, '/');
  if (!parts.host || !path) return undefined;
  return `${parts.host}/${path}`.toLowerCase();
}

/** The schemes a remote can be fetched over; a function, not a table built when the module loads. */
function isNetworkScheme(protocol: string): boolean {
  switch (protocol) {
    case 'ssh:':
    case 'git:':
    case 'http:':
    case 'https:':
    case 'git+ssh:':
    case 'ssh+git:':
      return true;
    default:
      return false;
  }
}

function urlParts(text: string): { host: string; path: string } | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (!isNetworkScheme(url.protocol.toLowerCase())) return undefined;
  return { host: url.hostname, path: decodeSafely(url.pathname) };
}

/** scp-like syntax, `[user@]host:path`; git reads it so only when no slash comes before the colon. */
function scpParts(text: string): { host: string; path: string } | undefined {
  const match = /^(?:[^@/\s]+@)?(\[[^\]]+\]|[^:/\s]+):(.+)$/.exec(text);
  // A one-letter "host" is a Windows drive (C:\repo), not a machine.
  if (!match || match[1].length < 2) return undefined;
  return { host: match[1].replace(/^\[|\]$/g, ''), path: match[2] };
}

function decodeSafely(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
