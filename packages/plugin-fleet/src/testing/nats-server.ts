/**
 * A real NATS server with JetStream for tests (Debian `nats-server`): started on a free loopback
 * port with its storage in a temporary directory, killed (SIGKILL, as a crash) and started again
 * on the same port with the same storage, and stopped; with a login, or speaking only TLS.
 * Several make a cluster: each names the others' cluster ports as its routes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, hasExited, makeTestCertificates, stopProcess, waitUntil } from '@svc/core/testing';

/** Where nats-server is (Debian installs it in /usr/sbin). */
export const NATS_SERVER = process.env.SVC_NATS_SERVER ?? '/usr/sbin/nats-server';

/** A running (or killed) test server. */
export interface TestNatsServer {
  readonly port: number;
  /** `nats://127.0.0.1:<port>`. */
  readonly url: string;
  /** With TLS: the PEM file of the CA that signed the server's certificate. */
  readonly caFile?: string;
  /** True while the process runs. */
  readonly running: boolean;
  /** Kills it with SIGKILL (no clean shutdown, as in a crash) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port, with the storage it had. */
  restart(): Promise<void>;
  /** Stops it and removes its storage. */
  stop(): Promise<void>;
  /** What it logged. */
  log(): string;
}

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
  const caFile = certificates?.caFile;
  const args = [...serverArgs];
  if (certificates) args.push('--tls', '--tlscert', certificates.certFile, '--tlskey', certificates.keyFile);
  if (config !== undefined) {
    writeFileSync(join(dir, 'nats.conf'), config);
    args.push('-c', join(dir, 'nats.conf'));
  }
  let child: ChildProcess | undefined;
  let output = '';
  const running = () => child !== undefined && !hasExited(child);
  process.on('exit', () => child?.kill('SIGKILL'));
  const kill = async () => {
    if (child) await stopProcess(child, 'SIGKILL');
  };
  return {
    port,
    url: `nats://127.0.0.1:${port}`,
    caFile,
    get running() {
      return running();
    },
    kill,
    async restart() {
      const started = spawn(NATS_SERVER, [...args, '-sd', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      const mark = output.length;
      started.stdout!.on('data', (chunk) => (output += chunk));
      started.stderr!.on('data', (chunk) => (output += chunk));
      started.on('error', (error) => (output += `\n${error.message}`));
      child = started;
      await waitUntil(`nats-server is ready on ${port}`, () => output.slice(mark).includes('Server is ready') || !running(), { timeoutMs: 15_000, intervalMs: 50, detail: () => output });
      if (!running()) throw new Error(`nats-server exited: ${output.slice(mark)}`);
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => output,
  };
}
