/**
 * A certificate authority made for one test and a server certificate for 127.0.0.1 it signs,
 * with the real `openssl`, for tests of TLS against real servers (Mosquitto, nats-server):
 * clients given the CA file must connect, clients without it must not.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The files `makeTestCertificates` writes. */
export interface TestCertificates {
  /** PEM file of the CA, which clients trust. */
  readonly caFile: string;
  /** PEM certificate of the server, for 127.0.0.1 and localhost. */
  readonly certFile: string;
  /** PEM key of the server certificate. */
  readonly keyFile: string;
}

/** Writes a test CA and a server certificate for 127.0.0.1 into `dir`. */
export function makeTestCertificates(dir: string): TestCertificates {
  const run = (args: string[]) => {
    const result = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr}`);
  };
  run(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=svc test CA']);
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  run(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'san.ext']);
  return { caFile: join(dir, 'ca.crt'), certFile: join(dir, 'server.crt'), keyFile: join(dir, 'server.key') };
}
