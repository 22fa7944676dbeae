// A certificate authority made for one test run, and server certificates it signs (node-forge):
// the HTTPS reference service presents them, and the tests decide whether the client trusts the CA.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';

export interface TestCa {
  certPem: string;
  /** The CA certificate in a file, as NODE_EXTRA_CA_CERTS takes it. */
  certFile: string;
  issue(hostnames: string[], validity?: { notBefore: Date; notAfter: Date }): { key: string; cert: string };
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * The CA the test hosts' machine trusts (test/host/machineCa.mjs: in its certificate store, as VS Code
 * reads it, never in NODE_EXTRA_CA_CERTS), read back so a test can sign a server certificate with it.
 */
export function machineCa(): TestCa {
  const dir = process.env.BUILD_SERVICE_TEST_MACHINE_CA;
  if (!dir) throw new Error('BUILD_SERVICE_TEST_MACHINE_CA is not set: the host was not started by test/host/codeServer.mjs');
  const certPem = readFileSync(join(dir, 'ca.pem'), 'utf8');
  const ca = forge.pki.certificateFromPem(certPem);
  const privateKey = forge.pki.privateKeyFromPem(readFileSync(join(dir, 'ca.key'), 'utf8'));
  return { certPem, certFile: join(dir, 'ca.pem'), issue: issuer(ca, privateKey) };
}

export function createTestCa(name = 'Build Service Test CA'): TestCa {
  const { ca, privateKey } = selfSignedCa(name);
  const certPem = forge.pki.certificateToPem(ca);
  const certDir = mkdtempSync(join(tmpdir(), 'bs-ca-'));
  const certFile = join(certDir, 'ca.pem');
  writeFileSync(certFile, certPem);
  // Hosts started by this process read the file, so it stays until the process ends.
  process.once('exit', () => rmSync(certDir, { recursive: true, force: true }));

  return { certPem, certFile, issue: issuer(ca, privateKey) };
}

/** A new CA's certificate and key as PEM: test/host/machineCa.mjs keeps them for the machine's store. */
export function newCaPems(name: string): { certPem: string; keyPem: string } {
  const { ca, privateKey } = selfSignedCa(name);
  return { certPem: forge.pki.certificateToPem(ca), keyPem: forge.pki.privateKeyToPem(privateKey) };
}

/** A CA certificate, valid from yesterday for 30 days, that may sign server certificates. */
function selfSignedCa(name: string): { ca: forge.pki.Certificate; privateKey: forge.pki.PrivateKey } {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const ca = forge.pki.createCertificate();
  ca.publicKey = keys.publicKey;
  ca.serialNumber = randomSerial();
  ca.validity.notBefore = new Date(Date.now() - DAY);
  ca.validity.notAfter = new Date(Date.now() + 30 * DAY);
  const subject = [{ name: 'commonName', value: name }];
  ca.setSubject(subject);
  ca.setIssuer(subject);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(keys.privateKey, forge.md.sha256.create());
  return { ca, privateKey: keys.privateKey };
}

function issuer(ca: forge.pki.Certificate, caKey: forge.pki.PrivateKey): TestCa['issue'] {
  return (hostnames, validity) => {
    const leafKeys = forge.pki.rsa.generateKeyPair(2048);
    const cert = forge.pki.createCertificate();
    cert.publicKey = leafKeys.publicKey;
    cert.serialNumber = randomSerial();
    cert.validity.notBefore = validity?.notBefore ?? new Date(Date.now() - DAY);
    cert.validity.notAfter = validity?.notAfter ?? new Date(Date.now() + 7 * DAY);
    cert.setSubject([{ name: 'commonName', value: hostnames[0] }]);
    cert.setIssuer(ca.subject.attributes);
    cert.setExtensions([
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: hostnames.map((host) => (/^[\d.]+$/.test(host) ? { type: 7, ip: host } : { type: 2, value: host })),
      },
    ]);
    cert.sign(caKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
    return { key: forge.pki.privateKeyToPem(leafKeys.privateKey), cert: forge.pki.certificateToPem(cert) };
  };
}

/** Expired a week ago. */
export function expiredValidity(): { notBefore: Date; notAfter: Date } {
  return { notBefore: new Date(Date.now() - 30 * DAY), notAfter: new Date(Date.now() - 7 * DAY) };
}

function randomSerial(): string {
  return '01' + forge.util.bytesToHex(forge.random.getBytesSync(8));
}
