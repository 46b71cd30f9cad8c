/**
 * Definitions that name a file (a capture to replay, an rtl_433 recording or config file) are
 * checked with `stat` before any byte is read: it must exist, be a regular file and be
 * readable. Opening a FIFO would block a libuv thread until a writer appears (four such
 * sources and every later file operation waits), and reading a file only to report that it is
 * not a capture would quote its bytes to whoever reads the messages. Errors name the path and
 * the problem, never the content.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { SvcError } from '../errors.js';

/** Checks that `path` is a readable regular file; throws `SVC_ERR_BAD_DEFINITION` saying what it is instead. */
export async function checkSourceFile(path: string, what = 'file'): Promise<void> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new SvcError('SVC_ERR_BAD_DEFINITION', `no such file: ${path} (check the ${what} path)`);
    if (code === 'EACCES') throw new SvcError('SVC_ERR_BAD_DEFINITION', `the ${what} ${path} cannot be reached: permission denied`);
    throw new SvcError('SVC_ERR_BAD_DEFINITION', `the ${what} ${path} cannot be read (${code ?? 'unknown error'})`);
  }
  if (!info.isFile()) throw new SvcError('SVC_ERR_BAD_DEFINITION', `the ${what} ${path} is ${kindOf(info)}, not a regular file`);
  try {
    await access(path, constants.R_OK);
  } catch {
    throw new SvcError('SVC_ERR_BAD_DEFINITION', `the ${what} ${path} cannot be read: permission denied`);
  }
}

/** Whether a definition's interface is written as a file path (`/x`, `./x`, `x.pcap`). */
export function looksLikePath(text: string): boolean {
  return text.includes('/') || /\.[A-Za-z][A-Za-z0-9]{0,7}$/.test(text);
}

function kindOf(info: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}
