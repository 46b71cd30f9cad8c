/**
 * The large synthetic 802.11 captures the benches replay, made once by the shared generator
 * (`test-data/dot11/make-big-pcap.py`) and cached in the temp dir. By default its 1,000,000-frame
 * file: 10,000 devices, 10 % access points, 30 % of the clients on randomized MACs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDataPath } from '@svc/core/testing';

/** Frames in the default capture. */
export const BIG_CAPTURE_FRAMES = 1_000_000;

/** The path of a generated capture of `frames` frames among `devices` devices (the generator's default 10 000 unless given). */
export function bigCapture(frames = BIG_CAPTURE_FRAMES, devices?: number): string {
  const cacheDir = join(tmpdir(), 'svc-bench');
  mkdirSync(cacheDir, { recursive: true });
  const name = devices === undefined ? `big-${frames / 1_000_000}m-seed1.pcap` : `big-${frames / 1_000_000}m-${devices}dev-seed1.pcap`;
  const capture = join(cacheDir, name);
  if (!existsSync(capture)) {
    console.log(`generating ${capture} with make-big-pcap.py (once)`);
    const args = [testDataPath('dot11', 'make-big-pcap.py'), '-n', String(frames), ...(devices === undefined ? [] : ['-m', String(devices)]), '-o', capture, '--no-summary'];
    const made = spawnSync('python3', args, { stdio: 'inherit' });
    if (made.status !== 0) throw new Error('make-big-pcap.py failed; is python3 installed?');
  }
  return capture;
}
