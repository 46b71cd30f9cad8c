/**
 * A real NATS server with JetStream for tests (Debian `nats-server`): started on a free loopback
 * port with its storage in a temporary directory, killed (SIGKILL, as a crash) and started again
 * on the same port with the same storage, and stopped; with a login, or speaking only TLS.
 * Several make a cluster: each names the others' cluster ports as its routes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, makeTestCertificates, testDaemon, type TestDaemon } from '@svc/core/testing';

/** Where nats-server is (Debian installs it in /usr/sbin). */
export const NATS_SERVER = process.env.SVC_NATS_SERVER ?? '/usr/sbin/nats-server';

/** A running (or killed) test server. */
export type TestNatsServer = TestDaemon;

/** Login the server asks for: a user and password, a token, or the nkey of a user (its public key, `U...`). */
export type TestNatsAuth = { readonly user: string; readonly password: string } | { readonly token: string } | { readonly nkey: string };

/**
 * Starts `nats-server -js` on a free loopback port; with `auth`, only that login is let in; with
 * `tls`, it speaks only TLS, with a certificate for 127.0.0.1 signed by a CA made for the test.
 */
export async function startNatsServer(options: { auth?: TestNatsAuth; tls?: boolean } = {}): Promise<TestNatsServer> {
  const [server] = await startServers(1, options);
  return server!;
}

/** Starts a cluster of `size` JetStream servers on loopback, each routing to the others. */
export async function startNatsCluster(size: number): Promise<TestNatsServer[]> {
  return startServers(size, {});
}

async function startServers(size: number, options: { auth?: TestNatsAuth; tls?: boolean }): Promise<TestNatsServer[]> {
  const ports = await Promise.all(Array.from({ length: size }, () => freePort()));
  const clusterPorts = size > 1 ? await Promise.all(Array.from({ length: size }, () => freePort())) : [];
  const clusterName = `svc-test-${process.pid}-${Math.random().toString(16).slice(2, 8)}`;
  const servers = ports.map((port, index) => {
    const args = ['-js', '-a', '127.0.0.1', '-p', String(port), '-n', `${clusterName}-${index}`];
    if (options.auth && 'user' in options.auth) args.push('--user', options.auth.user, '--pass', options.auth.password);
    if (options.auth && 'token' in options.auth) args.push('--auth', options.auth.token);
    if (size > 1) {
      const routes = clusterPorts.filter((_, other) => other !== index).map((other) => `nats://127.0.0.1:${other}`);
      args.push('--cluster_name', clusterName, '--cluster', `nats://127.0.0.1:${clusterPorts[index]}`, '--routes', routes.join(','));
    }
    // nkey users are set in a config file only.
    const config = options.auth && 'nkey' in options.auth ? `authorization { users = [ { nkey: "${options.auth.nkey}" } ] }\n` : undefined;
    return serverProcess(port, args, options.tls === true, config);
  });
  await Promise.all(servers.map((server) => server.restart()));
  return servers;
}

function serverProcess(port: number, serverArgs: readonly string[], tls: boolean, config: string | undefined): TestNatsServer {
  const dir = mkdtempSync(join(tmpdir(), 'svc-nats-'));
  const certificates = tls ? makeTestCertificates(dir) : undefined;
  const args = [...serverArgs];
  if (certificates) args.push('--tls', '--tlscert', certificates.certFile, '--tlskey', certificates.keyFile);
  if (config !== undefined) {
    writeFileSync(join(dir, 'nats.conf'), config);
    args.push('-c', join(dir, 'nats.conf'));
  }
  return testDaemon({
    name: 'nats-server',
    command: NATS_SERVER,
    args: [...args, '-sd', dir],
    port,
    url: `nats://127.0.0.1:${port}`,
    caFile: certificates?.caFile,
    dir,
    ready: (output) => output.includes('Server is ready'),
  });
}
