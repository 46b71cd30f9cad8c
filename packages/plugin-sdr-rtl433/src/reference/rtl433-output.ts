/**
 * The reference output of a recording: what the real rtl_433 prints for it, run as rtl_433's own
 * tests run it. The references of svc's synthetic recording are made with it, and so are those
 * `npm run test-data` remakes for the shared data set's recordings.
 */
import { spawnSync } from 'node:child_process';

/** What the real rtl_433 prints for a `.cu8` recording, run as rtl_433's own tests run it (no config file, every default decoder). */
export function rtl433Output(recording: string, command = 'rtl_433'): Buffer {
  const run = spawnSync(command, ['-c', '0', '-F', 'json', '-r', `cu8:${recording}`], { maxBuffer: 16 << 20, timeout: 120_000 });
  if (run.error) throw new Error(`cannot run ${command} (${run.error.message}); install the rtl-433 package`);
  if (run.status !== 0) throw new Error(`${command} exited with ${run.status}: ${run.stderr.toString().trim().split('\n').pop()}`);
  // rtl_433 exits 0 when it cannot open its file, having decoded nothing: said so, not taken for a silent recording.
  const failed = /^Opening file: .* failed!$/m.exec(run.stderr.toString());
  if (failed) throw new Error(`${command} could not read the recording: ${failed[0]}`);
  return run.stdout;
}
