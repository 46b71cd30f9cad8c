/**
 * A real daemon a test runs (an MQTT broker, a NATS server): started on a loopback port chosen
 * beforehand, killed with SIGKILL as in a crash and started again on the same port with the same
 * directory, stopped with that directory removed, and what it logged. A start that exits before
 * it is ready fails with the daemon's own words. Every daemon still running when the test
 * process exits is killed, through one exit handler for them all (not one per daemon, which
 * Node warns about past ten).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { hasExited, stopProcess } from './stop-process.js';
import { waitUntil } from './wait-until.js';

/** A running (or killed) test daemon. */
export interface TestDaemon {
  readonly port: number;
  /** Where clients reach it (`mqtt://127.0.0.1:<port>`, `nats://...`). */
  readonly url: string;
  /** With TLS: the PEM file of the CA that signed the daemon's certificate. */
  readonly caFile?: string;
  /** True while the process runs. */
  readonly running: boolean;
  /** Kills it with SIGKILL (no clean shutdown, as in a crash) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port, with the same directory. */
  restart(): Promise<void>;
  /** Stops it and removes its directory. */
  stop(): Promise<void>;
  /** What it logged, over every start. */
  log(): string;
}

/** How to run a daemon. */
export interface TestDaemonOptions {
  /** The daemon's name in messages (`mosquitto`). */
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly port: number;
  readonly url: string;
  readonly caFile?: string;
  /** The daemon's own temporary directory (config, storage), removed by `stop`. */
  readonly dir: string;
  /** Whether a start is ready, given what it has logged since it began. */
  ready(output: string): boolean | Promise<boolean>;
  /** How long a start may take (default 15 s). */
  readonly startTimeoutMs?: number;
}

const runningDaemons = new Set<ChildProcess>();
let killOnExitInstalled = false;

function killOnExit(child: ChildProcess): void {
  runningDaemons.add(child);
  child.once('exit', () => runningDaemons.delete(child));
  if (killOnExitInstalled) return;
  killOnExitInstalled = true;
  process.on('exit', () => {
    for (const daemon of runningDaemons) daemon.kill('SIGKILL');
  });
}

/** Starts a daemon and waits until it is ready. */
export async function startTestDaemon(options: TestDaemonOptions): Promise<TestDaemon> {
  const daemon = testDaemon(options);
  await daemon.restart();
  return daemon;
}

/** A daemon not started yet: `restart()` starts it the first time too. */
export function testDaemon(options: TestDaemonOptions): TestDaemon {
  let child: ChildProcess | undefined;
  let output = '';
  const running = () => child !== undefined && !hasExited(child);
  const kill = async () => {
    if (child) await stopProcess(child, 'SIGKILL');
  };
  return {
    port: options.port,
    url: options.url,
    caFile: options.caFile,
    get running() {
      return running();
    },
    kill,
    async restart() {
      const started = spawn(options.command, options.args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const mark = output.length;
      started.stdout!.on('data', (chunk) => (output += chunk));
      started.stderr!.on('data', (chunk) => (output += chunk));
      started.on('error', (error) => (output += `\n${error.message}`));
      child = started;
      killOnExit(started);
      await waitUntil(`${options.name} is ready on ${options.port}`, async () => !running() || (await options.ready(output.slice(mark))), {
        timeoutMs: options.startTimeoutMs ?? 15_000,
        intervalMs: 50,
        detail: () => output.slice(mark),
      });
      if (!running()) throw new Error(`${options.name} exited: ${output.slice(mark)}`);
    },
    async stop() {
      await kill();
      rmSync(options.dir, { recursive: true, force: true });
    },
    log: () => output,
  };
}
