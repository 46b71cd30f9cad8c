/**
 * Where the server is: the app is served from the server's root (`/`, or `/svc/` under
 * `httpd_uri_prefix`), so every API path and websocket is built relative to the page's own
 * directory, and the app works behind any reverse proxy prefix without being told.
 */

/** The server root path, ending with `/` (`/` or `/svc/`). */
export const serverRoot = new URL('.', location.href).pathname;

/** The URL path of an API path given relative to the root (`system/status.json`). */
export function apiPath(path: string): string {
  return `${serverRoot}${path.replace(/^\//, '')}`;
}

/** The websocket URL of a path relative to the root. */
export function socketUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${apiPath(path)}`;
}
