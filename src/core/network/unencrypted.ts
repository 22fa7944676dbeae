// Loopback is exempt from the unencrypted-address consent: the traffic never leaves this computer.
import { isLoopback } from '../../api/transport/network';

export function isUnencryptedRemote(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false; // Not an address: the settings check reports it, nothing is sent.
  }
  return url.protocol === 'http:' && !isLoopback(url.hostname);
}
