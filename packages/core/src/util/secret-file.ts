/**
 * Files that hold credentials are written owner-only (0600), in an owner-only directory, and
 * replaced atomically so a crash never leaves half a file.
 */
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes a credentials file with mode 0600, creating its directory with mode 0700. */
export function writeSecretFile(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
