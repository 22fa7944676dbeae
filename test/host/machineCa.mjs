// A certificate authority the test hosts' machine trusts the way a company's TLS inspection root is
// trusted: in the system's certificate store as VS Code reads it, never in NODE_EXTRA_CA_CERTS. No test
// may write the real store (/etc/ssl), so the host gets it two ways VS Code itself offers:
//   - VS Code 1.100 adds `https.globalAgent.testCertificates` in an extension-test run to the
//     certificates its fetch trusts (the runner sets them: test/integration/index.ts);
//   - from 1.10x with http.systemCertificatesNode (1.139's default) VS Code reads Node's system store,
//     which on Linux is OpenSSL's, named by SSL_CERT_FILE: a copy of the system bundle plus this CA.
// Made once per folder (about a second), kept for later runs while valid.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import forge from 'node-forge';
import { projectRoot, testCacheDir } from './layout.mjs';

const SYSTEM_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/cert.pem'];
const DAY = 24 * 60 * 60 * 1000;

/** The variables a host started for tests gets: where the CA is, and the machine's store with it. */
export function machineCaEnv() {
  const dir = path.join(testCacheDir, 'machine-ca');
  const certFile = path.join(dir, 'ca.pem');
  if (!existsSync(certFile) || expiresSoon(readFileSync(certFile, 'utf8'))) make(dir);
  const system = SYSTEM_BUNDLES.find((file) => existsSync(file));
  const bundle = path.join(dir, 'bundle.pem');
  writeFileSync(bundle, (system ? readFileSync(system, 'utf8') + '\n' : '') + readFileSync(certFile, 'utf8'));
  return { BUILD_SERVICE_TEST_MACHINE_CA: dir, SSL_CERT_FILE: bundle };
}

function expiresSoon(pem) {
  return forge.pki.certificateFromPem(pem).validity.notAfter.getTime() < Date.now() + 2 * DAY;
}

function make(dir) {
  mkdirSync(dir, { recursive: true });
  // Made as the suites make theirs (test/network/certificates.ts, in out/: every host starts after the build).
  const certificates = createRequire(import.meta.url)(path.join(projectRoot, 'out', 'test', 'network', 'certificates.js'));
  const { certPem, keyPem } = certificates.newCaPems('Build Service Test Machine Root');
  writeFileSync(path.join(dir, 'ca.key'), keyPem, { mode: 0o600 });
  writeFileSync(path.join(dir, 'ca.pem'), certPem);
}
