/**
 * Captures that come from an external program (`rtl_433 -F json`, a vendor sniffer tool): one
 * utility that spawns it, turns each line it prints on stdout into packets with backpressure
 * (its stdout is paused while the server is behind, so the program blocks instead of the server
 * buffering without bound), and turns what it says on stderr and how it exits into datasource
 * messages and errors. A program that dies makes the capture fail with its exit code and last
 * stderr lines; the datasource tracker then restarts it under the source's retry policy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Packet } from '../packets/packet.js';
import { createPacketQueue } from './packet-queue.js';
import type { Capture, CaptureInfo, OpenContext } from './datasource-type.js';

/** Stderr lines kept to explain an exit. */
const STDERR_TAIL_LINES = 5;
/** Longest stdout line accepted: a program printing this much without a newline is not speaking lines. */
const MAX_LINE_BYTES = 1 << 20;

/** What a helper's stderr line is, for its classifier. */
export interface StderrVerdict {
  readonly level: 'info' | 'error' | 'debug';
  /** What to show instead of the line. */
  readonly text?: string;
}

/** How to run a helper program and read it. */
export interface HelperProcessOptions {
  /** Program to run, looked up on PATH. */
  readonly command: string;
  readonly args: readonly string[];
  /** Name in messages (default: the command). */
  readonly name?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** What to tell the user when the program is not installed (`install the rtl-433 package`). */
  readonly installHint?: string;
  /** Turns one stdout line into packets; may return none. Throwing counts the line as unreadable. */
  parseLine(line: string): Packet | readonly Packet[] | undefined;
  /**
   * Sorts the program's stderr lines. A line it recognises as the program's own diagnostic gets
   * a level: `info` or `error` posts it as a datasource message (and lets it explain an exit),
   * `debug` only logs it (a banner); `text` replaces the line where it would quote something the
   * program read. A line it does not recognise is never shown, posted or logged, because it may
   * quote a file the program was given (rtl_433 echoes bad config lines); it is only counted,
   * once as a generic message and in the exit reason. Without a classifier every line is logged
   * at debug and the last ones explain an exit.
   */
  classifyStderr?(line: string): StderrVerdict | undefined;
  /**
   * Whether every exit is a failure, even with code 0: a live capture that stops has lost its
   * device. By default a clean exit is the normal end of the data (a replayed recording).
   */
  readonly anyExitFails?: boolean;
  /** What the capture reports about itself. */
  readonly info?: CaptureInfo;
  /**
   * Milliseconds the program must stay up before the open counts as done, so a program that
   * exits at once (no device, bad arguments) fails the open with its reason. Default 0.
   */
  readonly startupMs?: number;
  /** Milliseconds between SIGTERM and SIGKILL when closing. Default 3000. */
  readonly killAfterMs?: number;
}

/**
 * Starts the program and returns its capture. Rejects when it cannot be started (not installed,
 * not executable) or exits within `startupMs`, with the reason.
 */
export async function openHelperCapture(options: HelperProcessOptions, context: OpenContext): Promise<Capture> {
  const name = options.name ?? options.command;
  const queue = createPacketQueue();
  const stderrTail: string[] = [];
  let closing = false;
  let unreadableLines = 0;

  const child = spawn(options.command, [...options.args], { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));

  const acceptLine = (line: string) => {
    if (line === '') return;
    let parsed;
    try {
      parsed = options.parseLine(line);
    } catch (error) {
      unreadableLines++;
      context.log.debug(`${name} printed a line svc could not read (${(error as Error).message}): ${line.slice(0, 200)}`);
      if (unreadableLines === 1) context.message(`${name} printed a line svc could not read; further ones are only logged: ${(error as Error).message}`, 'error');
      return;
    }
    if (parsed === undefined) return;
    for (const packet of Array.isArray(parsed) ? (parsed as readonly Packet[]) : [parsed as Packet]) {
      if (!queue.push(packet) && !child.stdout!.isPaused()) {
        child.stdout!.pause();
        void queue.drained().then(() => child.stdout!.resume());
      }
    }
  };
  readLines(child.stdout!, acceptLine, () => {
    context.message(`${name} printed a line longer than ${MAX_LINE_BYTES} bytes; stopping it`, 'error');
    child.kill('SIGKILL');
  });
  let unshownLines = 0;
  const remember = (text: string) => {
    stderrTail.push(text);
    if (stderrTail.length > STDERR_TAIL_LINES) stderrTail.shift();
  };
  readLines(child.stderr!, (line) => {
    const trimmed = line.trim();
    if (trimmed === '') return;
    if (!options.classifyStderr) {
      remember(trimmed);
      context.log.debug(`${name}: ${trimmed}`);
      return;
    }
    const verdict = options.classifyStderr(trimmed);
    if (!verdict) {
      if (unshownLines++ === 0) context.message(`${name} printed a line that is not one of its known diagnostics; such lines are not shown, since they may quote a file it read`, 'error');
      return;
    }
    const text = verdict.text ?? trimmed;
    if (verdict.level === 'debug') {
      context.log.debug(`${name}: ${text}`);
      return;
    }
    remember(text);
    context.message(`${name}: ${text}`, verdict.level);
  });
  const exitReason = (exit: { code: number | null; signal: NodeJS.Signals | null }) =>
    `${describeExit(name, exit, stderrTail)}${unshownLines ? ` (and ${unshownLines} stderr line${unshownLines === 1 ? '' : 's'} not shown)` : ''}`;

  const started = new Promise<void>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(startError(name, options, error));
      context.log.debug(`${name}: ${error.message}`);
    });
    child.once('spawn', () => {
      if (!options.startupMs) return resolve();
      const timer = setTimeout(resolve, options.startupMs);
      void exited.then((exit) => {
        clearTimeout(timer);
        reject(new Error(exitReason(exit)));
      });
    });
  });
  try {
    await started;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  void exited.then((exit) => {
    if (closing || (exit.code === 0 && exit.signal === null && !options.anyExitFails)) queue.end();
    else queue.fail(new Error(exitReason(exit)));
  });

  return {
    info: options.info ?? {},
    packets: queue.batches,
    backlog: () => queue.queued,
    async close() {
      closing = true;
      await stopChild(child, exited, options.killAfterMs ?? 3000);
      queue.end();
    },
  };
}

/** Calls `onLine` for each newline-terminated line of a stream (and the last unterminated one). */
function readLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void, onOverlong?: () => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    if (pending.length > MAX_LINE_BYTES) {
      pending = '';
      onOverlong?.();
    }
    for (const line of lines) onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  });
  stream.on('end', () => {
    if (pending) onLine(pending);
    pending = '';
  });
}

function startError(name: string, options: HelperProcessOptions, error: NodeJS.ErrnoException): Error {
  if (error.code === 'ENOENT') return new Error(`${name} is not installed: '${options.command}' was not found on PATH${options.installHint ? ` (${options.installHint})` : ''}`);
  if (error.code === 'EACCES') return new Error(`${name} could not be started: '${options.command}' is not executable`);
  return new Error(`${name} could not be started: ${error.message}`);
}

function describeExit(name: string, exit: { code: number | null; signal: NodeJS.Signals | null }, stderrTail: readonly string[]): string {
  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  return stderrTail.length ? `${name} ${how}: ${stderrTail.join(' / ')}` : `${name} ${how}`;
}

/** SIGTERM, then SIGKILL if it is still running after `killAfterMs`; resolves once it is gone. */
async function stopChild(child: ChildProcess, exited: Promise<unknown>, killAfterMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}
