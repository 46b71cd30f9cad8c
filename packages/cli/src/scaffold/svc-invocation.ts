/**
 * How to run this very `svc` in printed instructions: `svc` when that name on the PATH is this
 * program, else `node <path of this program>`, so steps copied into a shell work as written
 * whether or not `svc` was linked onto the PATH.
 */
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The command text that runs this svc program. */
export function svcInvocation(program = process.argv[1] ?? 'svc', path = process.env.PATH ?? ''): string {
  const self = realOrSame(program);
  for (const directory of path.split(delimiter).filter(Boolean)) {
    const candidate = join(directory, 'svc');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    return realOrSame(candidate) === self ? 'svc' : `node ${quoted(program)}`;
  }
  return `node ${quoted(program)}`;
}

function realOrSame(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** A path as a POSIX shell word. */
function quoted(path: string): string {
  return /^[\w./@+-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}
