/**
 * A real virtual serial cable for tests: `socat` joins two pseudo-terminals, raw and without
 * echo, reachable under stable link names, so the plugin opens one end as its device and the
 * test writes to the other what the device would send. Stopping and starting the pair again
 * under the same names is a USB unplug and replug. A pty pair buffers only a few kilobytes, so a
 * long stream goes in with `send`, whose writes wait off the main thread: a reader in the same
 * process keeps reading while they do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, write as writeAsync, writeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopProcess } from '@svc/core/testing';

/** Two joined ptys. */
export interface PtyPair {
  /** The end svc opens. */
  readonly device: string;
  /** The end the test writes to. */
  readonly peer: string;
  /** Writes bytes to the peer end (as the device would send them); a few kilobytes at most, as nothing reads while it waits. */
  write(bytes: Buffer | string): void;
  /** Writes a stream of any length to the peer end in uneven pieces, as a UART delivers it; each piece waits for room without blocking the event loop. */
  send(bytes: Buffer): Promise<void>;
  /** Unplugs: stops socat; the links disappear. */
  unplug(): Promise<void>;
  /** Plugs back in under the same names. */
  replug(): Promise<void>;
  /** Stops socat and removes the links' directory. */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a pty pair; socat must be installed (Debian package `socat`). */
export async function openPtyPair(): Promise<PtyPair> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-pty-'));
  const device = join(dir, 'device');
  const peer = join(dir, 'peer');
  let socat: ChildProcess | undefined;
  // The peer stays open while plugged: closing a pty's last descriptor makes socat hang up.
  let peerFd: number | undefined;

  async function start(): Promise<void> {
    socat = spawn('socat', [`pty,raw,echo=0,link=${device}`, `pty,raw,echo=0,link=${peer}`], { stdio: 'ignore' });
    for (let waited = 0; !(existsSync(device) && existsSync(peer)); waited += 10) {
      if (waited > 5000) throw new Error('socat did not create the pty pair (is socat installed?)');
      await sleep(10);
    }
    peerFd = openSync(peer, 'r+');
  }
  async function stop(): Promise<void> {
    if (peerFd !== undefined) closeSync(peerFd);
    peerFd = undefined;
    const child = socat;
    socat = undefined;
    if (child) await stopProcess(child);
  }

  function write(bytes: Buffer | string): void {
    if (peerFd === undefined) throw new Error('the pty pair is unplugged');
    writeSync(peerFd, typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
  }

  await start();
  return {
    device,
    peer,
    write,
    async send(bytes) {
      for (let at = 0, size = 5; at < bytes.length; at += size, size = ((size * 7) % 53) + 1) {
        let piece = bytes.subarray(at, at + size);
        while (piece.length > 0) {
          if (peerFd === undefined) throw new Error('the pty pair is unplugged');
          const fd = peerFd;
          const written = await new Promise<number>((resolve, reject) => writeAsync(fd, piece, (error, count) => (error ? reject(error) : resolve(count))));
          piece = piece.subarray(written);
        }
      }
    },
    unplug: stop,
    replug: start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
