/**
 * The generated 802.11 capture the ingest benches replay: the shared generator's
 * 1,000,000-frame file (10,000 devices), made once with `make-big-pcap.py` and cached in the
 * temp dir.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDataPath } from '@svc/core/testing';

/** Frames in the capture. */
export const BIG_CAPTURE_FRAMES = 1_000_000;

/** The capture's path, generating it first when it is not cached yet. */
export function bigCapture(): string {
  const cacheDir = join(tmpdir(), 'svc-bench');
  mkdirSync(cacheDir, { recursive: true });
  const capture = join(cacheDir, 'big-1m-seed1.pcap');
  if (!existsSync(capture)) {
    console.log(`generating ${capture} with make-big-pcap.py (about 10 s, once)`);
    const made = spawnSync('python3', [testDataPath('dot11', 'make-big-pcap.py'), '-o', capture, '--no-summary'], { stdio: 'inherit' });
    if (made.status !== 0) throw new Error('make-big-pcap.py failed; is python3 installed?');
  }
  return capture;
}
