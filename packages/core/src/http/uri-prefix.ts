/**
 * `httpd_uri_prefix` (Kismet's name): svc behind a reverse proxy that forwards a path such as
 * `/svc/`. Every route, the web app and every websocket are served under the prefix; a request
 * outside it is a 404, and the prefix itself without its slash is redirected to it, so the
 * web app's relative URLs resolve. Inside, the app sees the paths without the prefix.
 */
import { Hono } from 'hono';
import { SvcError } from '../errors.js';

/** A prefix from config: `/svc`, no trailing slash; empty for none. Anything else is a config error. */
export function parseUriPrefix(text: string | undefined): string {
  const trimmed = (text ?? '').trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  const segments = trimmed.split('/').slice(1);
  if (!trimmed.startsWith('/') || segments.some((segment) => !/^[A-Za-z0-9._~-]+$/.test(segment) || /^\.+$/.test(segment))) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `httpd_uri_prefix must be a path such as /svc (letters, digits, '.', '_', '~', '-' between slashes), got '${text}'`);
  }
  return trimmed;
}

/** Serves `app` under `prefix` (an empty prefix returns `app` as it is). */
export function withUriPrefix<App extends Pick<Hono<any>, 'fetch'>>(app: App, prefix: string): App | Hono<any> {
  if (prefix === '') return app;
  const outer = new Hono<any>();
  outer.all('*', (c) => {
    const url = new URL(c.req.url);
    if (url.pathname === prefix) return c.redirect(`${prefix}/${url.search}`, 308);
    if (!url.pathname.startsWith(`${prefix}/`)) {
      return c.json({ error: `no resource at ${url.pathname}; svc is served under ${prefix}/`, code: 'SVC_ERR_NOT_FOUND' }, 404);
    }
    url.pathname = url.pathname.slice(prefix.length);
    const request = c.req.raw;
    const inner = new Request(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      ...(request.body ? { duplex: 'half' } : {}),
    } as RequestInit);
    return app.fetch(inner, c.env);
  });
  return outer;
}
