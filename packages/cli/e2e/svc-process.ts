/**
 * Runs `svc start` as a real process for end-to-end tests: port 0 (the printed URL says which
 * port it got), a temporary config dir, and the printed first-start password captured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntil } from '@svc/core/testing';

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url));
/**
 * The node flags the `svc` command starts node with (the exec line of bin/run.js: a larger young
 * generation), so tests and benches run svc as its users do, not with node's defaults.
 */
export const SVC_NODE_FLAGS: readonly string[] = (() => {
  const flags = /exec node (.*?) "\$0"/.exec(readFileSync(bin, 'utf8'))?.[1];
  if (flags === undefined) throw new Error(`${bin} no longer starts node with 'exec node <flags> "$0"': say here which flags svc runs with`);
  return flags.split(' ');
})();
const builtCommand = fileURLToPath(new URL('../dist/commands/start.js', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** How long svc may take to listen: generous, for a loaded CI machine. */
const START_WAIT_MS = 60_000;

/**
 * The `-c` definition the root package.json's `npm start` passes, with its path made absolute,
 * so the demo test replays exactly what a newcomer's `npm start` replays.
 */
export function demoSourceOfNpmStart(): string {
  const start = npmStartScript();
  const definition = /\s-c\s+(\S+)/.exec(start)?.[1];
  if (!definition) throw new Error(`npm start passes no -c definition: ${start}`);
  return resolve(repositoryRoot, definition);
}

/** The track file npm start's demo GPS replays (its `--gps virtual:track=` option), made absolute. */
export function demoTrackOfNpmStart(): string {
  const start = npmStartScript();
  const track = /\s--gps\s+virtual:(?:\S*,)?track=([^,\s]+)/.exec(start)?.[1];
  if (!track) throw new Error(`npm start passes no --gps virtual:track= definition: ${start}`);
  return resolve(repositoryRoot, track);
}

/** The root package.json's `npm start` command. */
function npmStartScript(): string {
  return JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')).scripts.start;
}

/** The capture file npm start's demo replays: its `-c` definition without the options. */
export function demoCaptureOfNpmStart(): string {
  return demoSourceOfNpmStart().replace(/:[^/]*$/, '');
}

/** A running svc process. */
export interface SvcProcess {
  readonly url: string;
  readonly configDir: string;
  /** The password printed on first start, if this start printed one. */
  readonly password?: string;
  /** Everything the process printed on stdout so far. */
  stdout(): string;
  /** Everything the process printed on stderr (its log) so far. */
  stderr(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  readonly child: ChildProcess;
}

/** Starts `svc start` (on port 0 unless given) with extra arguments and waits until it listens. */
export async function startSvc(
  options: {
    args?: string[];
    configDir?: string;
    port?: number;
    env?: NodeJS.ProcessEnv;
    nodeArgs?: string[];
    /** A command that runs svc (`unshare ... sh -c '...; exec "$@"' sh`), given node and its arguments after it. */
    wrapper?: string[];
  } = {},
): Promise<SvcProcess> {
  if (!existsSync(builtCommand)) throw new Error(`${builtCommand} is missing: run 'npm run build' first (npm test does)`);
  const configDir = options.configDir ?? mkdtempSync(join(tmpdir(), 'svc-e2e-'));
  const command = [...(options.wrapper ?? []), process.execPath, ...SVC_NODE_FLAGS, ...(options.nodeArgs ?? []), bin, 'start', '--port', String(options.port ?? 0), '--config-dir', configDir, ...(options.args ?? [])];
  const child = spawn(command[0]!, command.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '', ...options.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`svc did not start within ${START_WAIT_MS / 1000} s:\n${stdout}\n${stderr}`)), START_WAIT_MS);
    const check = () => {
      const match = /is listening on (http:\/\/\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`svc exited with ${code} before listening:\n${stdout}\n${stderr}`));
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    url,
    configDir,
    password: /Password: (\S+)/.exec(stdout)?.[1],
    stdout: () => stdout,
    stderr: () => stderr,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A basic auth header value. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** GETs a JSON endpoint of a started svc as its first-start admin; throws on any status but 200. */
export function adminGet(svc: SvcProcess): (path: string) => Promise<any> {
  const authorization = basicAuth('svc', svc.password!);
  return async (path) => {
    const response = await fetch(`${svc.url}${path}`, { headers: { authorization } });
    if (response.status !== 200) throw new Error(`${path}: status ${response.status}`);
    return response.json();
  };
}

/** Waits until svc's first datasource has taken `packets` packets (a replay has run); throws with svc's log after a minute. */
export async function waitForFirstSource(svc: SvcProcess, packets: number): Promise<void> {
  const get = adminGet(svc);
  await waitUntil(`the first source reaches ${packets} packets`, async () => (await get('/datasource/all_sources.json'))[0]?.['svc.datasource.num_packets'] === packets, {
    timeoutMs: 60_000,
    intervalMs: 50,
    detail: svc.stderr,
  });
}

/** A running `svc capture` process. */
export interface CaptureProcess {
  /** Everything it logged (stderr) so far. */
  log(): string;
  /** Resolves with the exit code once it exits. */
  readonly exited: Promise<number | null>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  readonly child: ChildProcess;
}

/** Starts `svc capture` with the given arguments (it runs until stopped or it gives up). */
export function startCapture(args: string[], env: NodeJS.ProcessEnv = {}): CaptureProcess {
  const child = spawn(process.execPath, [...SVC_NODE_FLAGS, bin, 'capture', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '', ...env } });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    log: () => log,
    exited,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
