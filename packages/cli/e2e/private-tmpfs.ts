/**
 * Small real disks for end-to-end tests: a tmpfs mounted over a directory in a private mount
 * namespace of the `svc start` process (`unshare --map-root-user --mount`), so a test can give
 * svc a disk that is full, short of inodes or read-only without touching the machine's mounts.
 */
import { execFileSync } from 'node:child_process';

/** Whether this machine lets a test mount a private tmpfs (root, or unprivileged user namespaces). */
export const canMountTmpfs = (() => {
  try {
    execFileSync('unshare', ['--map-root-user', '--mount', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs /mnt'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * A `wrapper` for `startSvc` that mounts a tmpfs with `options` (`size=1m`, `size=256k,ro`) over
 * `directory`, runs the shell command `prepare` (filling it, say), then starts svc.
 */
export function tmpfsWrapper(directory: string, options: string, prepare = 'true'): string[] {
  return ['unshare', '--map-root-user', '--mount', 'sh', '-c', `mount -t tmpfs -o ${options} tmpfs '${directory}' && ${prepare} && exec "$@"`, 'sh'];
}
