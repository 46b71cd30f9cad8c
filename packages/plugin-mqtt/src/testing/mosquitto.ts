/**
 * A real Mosquitto broker for tests (Debian `mosquitto`): started on a free loopback port with
 * a config of its own in a temporary directory (anonymous or with a password file), killed
 * (SIGKILL, as a crash) and started again on the same port, and stopped. Plus a subscriber:
 * the real `mosquitto_sub` from `mosquitto-clients`, printing each message as JSON.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, makeTestCertificates, startTestDaemon, stopProcess, waitUntil, type TestDaemon } from '@svc/core/testing';

/** Where Mosquitto is (Debian installs it in /usr/sbin). */
export const MOSQUITTO = process.env.SVC_MOSQUITTO ?? '/usr/sbin/mosquitto';

/** A running (or stopped) test broker; a restart is a fresh broker, with no retained messages. */
export type TestBroker = TestDaemon;

/**
 * Starts Mosquitto on a free loopback port; with `users`, only those logins are allowed; with
 * `tls`, it speaks only TLS, with a certificate for 127.0.0.1 signed by a CA made for the test.
 */
export async function startMosquitto(options: { users?: Record<string, string>; tls?: boolean } = {}): Promise<TestBroker> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-mosquitto-'));
  const port = await freePort();
  // Run as whoever runs the test (as root, Mosquitto would switch to its own user, which cannot read the temporary directory).
  const lines = [`listener ${port} 127.0.0.1`, `user ${userInfo().username}`, 'persistence false', 'log_dest stderr', 'log_type error', 'log_type warning', 'log_type notice', 'log_type information'];
  if (options.users) {
    const passwords = join(dir, 'passwords');
    writeFileSync(passwords, '', { mode: 0o600 });
    for (const [user, password] of Object.entries(options.users)) {
      const made = spawnSync('mosquitto_passwd', ['-b', passwords, user, password]);
      if (made.status !== 0) throw new Error(`mosquitto_passwd failed: ${made.stderr}`);
    }
    lines.push('allow_anonymous false', `password_file ${passwords}`);
  } else {
    lines.push('allow_anonymous true');
  }
  const certificates = options.tls ? makeTestCertificates(dir) : undefined;
  if (certificates) lines.push(`cafile ${certificates.caFile}`, `certfile ${certificates.certFile}`, `keyfile ${certificates.keyFile}`);
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `${lines.join('\n')}\n`);
  return startTestDaemon({
    name: 'mosquitto',
    command: MOSQUITTO,
    args: ['-c', conf],
    port,
    url: `${options.tls ? 'mqtts' : 'mqtt'}://127.0.0.1:${port}`,
    caFile: certificates?.caFile,
    dir,
    ready: () => accepts(port),
  });
}

/** Whether something accepts TCP connections on a loopback port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** One message as `mosquitto_sub -F %j` prints it. */
export interface ReceivedMessage {
  readonly topic: string;
  readonly payload: string;
  /** 1 when the broker delivered it from its retained store (the subscriber came later). */
  readonly retain: number;
}

/** A running `mosquitto_sub`. */
export interface TestSubscriber {
  readonly messages: ReceivedMessage[];
  /** Messages on one topic. */
  on(topic: string): ReceivedMessage[];
  /** Stops mosquitto_sub. */
  stop(): Promise<void>;
}

/** Subscribes with the real `mosquitto_sub` to `topics` (default `#`). */
export async function subscribe(broker: TestBroker, topics: readonly string[] = ['#'], login?: { user: string; password: string }): Promise<TestSubscriber> {
  const args = ['-h', '127.0.0.1', '-p', String(broker.port), '-F', '%j', '-q', '1', '-i', `svc-test-sub-${process.pid}-${Math.random().toString(16).slice(2, 8)}`, ...topics.flatMap((topic) => ['-t', topic])];
  if (broker.caFile) args.push('--cafile', broker.caFile);
  if (login) args.push('-u', login.user, '-P', login.password);
  // -d prints the SUBACK, which says the subscription is in place; stdbuf makes its output
  // line buffered, as on a terminal, so each message arrives when it is printed.
  const child = spawn('stdbuf', ['-oL', 'mosquitto_sub', ...args, '-d'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const messages: ReceivedMessage[] = [];
  let buffered = '';
  let debug = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.startsWith('{')) {
        const parsed = JSON.parse(line) as { topic: string; payload: string; retain: number };
        messages.push({ topic: parsed.topic, payload: parsed.payload, retain: parsed.retain });
      } else debug += `${line}\n`;
    }
  });
  child.stderr!.on('data', (chunk) => (debug += chunk));
  await waitUntil('mosquitto_sub is subscribed', () => debug.includes('SUBACK'), { timeoutMs: 10_000, detail: () => debug });
  return {
    messages,
    on: (topic) => messages.filter((message) => message.topic === topic),
    stop: () => stopProcess(child),
  };
}

/** Publishes one message with the real `mosquitto_pub`. */
export function publish(broker: TestBroker, topic: string, payload: string, options: { retain?: boolean } = {}): void {
  const args = ['-h', '127.0.0.1', '-p', String(broker.port), '-t', topic, '-m', payload, '-q', '1'];
  if (options.retain) args.push('-r');
  if (broker.caFile) args.push('--cafile', broker.caFile);
  const result = spawnSync('mosquitto_pub', args, { encoding: 'utf8', timeout: 10_000 });
  if (result.status !== 0) throw new Error(`mosquitto_pub failed: ${result.stderr}`);
}
