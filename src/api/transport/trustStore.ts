// The certificates the client trusts when VS Code's http.systemCertificates is on: Node's roots,
// NODE_EXTRA_CA_CERTS and the operating system's store. Passing `ca` to TLS replaces Node's
// defaults (including NODE_EXTRA_CA_CERTS), so all three are gathered here.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import * as tls from 'node:tls';

export interface TrustStore {
  certificates: string[];
  sources: string[];
}

// The distributions' bundle files (Debian/Ubuntu/Alpine, Fedora/RHEL, openSUSE, Arch); the first one present is read.
const LINUX_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  '/etc/ssl/cert.pem',
];

const MAC_KEYCHAINS = ['/System/Library/Keychains/SystemRootCertificates.keychain', '/Library/Keychains/System.keychain'];

let system: Promise<{ label: string; certificates: string[] }> | undefined;

/** For each new client; the system store is read once per process (a window reload picks up changes). */
export async function loadTrustStore(): Promise<TrustStore> {
  const sources: string[] = [`Node's roots (${tls.rootCertificates.length})`];
  const all = new Set<string>(tls.rootCertificates.map((certificate) => certificate.trim()));
  const add = (label: string, found: readonly string[]): void => {
    sources.push(`${label} (${found.length})`);
    for (const certificate of found) all.add(certificate.trim());
  };
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  if (extra) add(`NODE_EXTRA_CA_CERTS ${extra}`, await readPemFile(extra));
  system ??= systemCertificates();
  const { label, certificates } = await system;
  add(label, certificates);
  return { certificates: [...all], sources };
}

type GetCA = (type: 'system') => string[];

async function systemCertificates(): Promise<{ label: string; certificates: string[] }> {
  // Node 22.15+ / 23.5+ read the OS store itself (keychains, Windows store, OpenSSL's directory).
  const getCACertificates = (tls as unknown as { getCACertificates?: GetCA }).getCACertificates;
  if (typeof getCACertificates === 'function') {
    try {
      return { label: "the system store (Node's tls.getCACertificates)", certificates: getCACertificates('system') };
    } catch {
      // Fall through to the platform's own files or tools.
    }
  }
  if (process.platform === 'darwin') {
    return {
      label: 'macOS keychains',
      certificates: splitPem(await run('/usr/bin/security', ['find-certificate', '-a', '-p', ...MAC_KEYCHAINS])),
    };
  }
  if (process.platform === 'win32') {
    return { label: 'the Windows store (needs a newer VS Code: its Node cannot read it)', certificates: [] };
  }
  for (const path of LINUX_BUNDLES) {
    const certificates = await readPemFile(path);
    if (certificates.length > 0) return { label: `the system bundle ${path}`, certificates };
  }
  return { label: 'the system store (no CA bundle found)', certificates: [] };
}

async function readPemFile(path: string): Promise<string[]> {
  try {
    return splitPem(await readFile(path, 'utf8'));
  } catch {
    return [];
  }
}

function splitPem(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(file, args, { maxBuffer: 32 * 1024 * 1024 }, (error, stdout) => resolve(error ? '' : stdout));
  });
}
