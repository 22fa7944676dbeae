// `git@github.com:MyOrg/2048.git` and `https://github.com/myorg/2048` both become `github.com/myorg/2048`:
// user, port and `.git` differ between SSH and HTTPS, and the big hosts ignore case in names.
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
