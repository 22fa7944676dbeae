// Loopback is exempt from the unencrypted-address consent: the traffic never leaves this computer.

export function isUnencryptedRemote(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false; // Not an address: the settings check reports it, nothing is sent.
  }
  return url.protocol === 'http:' && !isLoopback(url.hostname);
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // Not *.localhost: whether those resolve to this computer depends on the system's resolver.
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
