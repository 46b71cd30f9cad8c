/**
 * Files served as they are: the web app's shell and assets, and the UI modules plugins
 * contribute. A path is resolved inside its root (anything that climbs out is a 404), the
 * content type comes from the extension, and the cache policy from the caller: fingerprinted
 * assets are cached for a year, entry points revalidated every time.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { SvcError } from '../errors.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** How long a client may keep a file. */
export type CachePolicy = 'immutable' | 'revalidate';

/** Answers with the file at `path` inside `root`; a 404 for anything missing or outside it. */
export async function serveStaticFile(root: string, path: string, cache: CachePolicy): Promise<Response> {
  const base = resolve(root);
  const file = resolve(base, `.${sep}${path}`);
  const missing = () => new SvcError('SVC_ERR_NOT_FOUND', `no file ${path}`);
  if (file !== base && !file.startsWith(`${base}${sep}`)) throw missing();
  try {
    if (!(await stat(file)).isFile()) throw missing();
  } catch (error) {
    if (error instanceof SvcError) throw error;
    throw missing();
  }
  const body = await readFile(file);
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': cache === 'immutable' ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    },
  });
}
