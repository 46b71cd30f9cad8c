/**
 * Builds the hono app from the route table: one hono route per path, extension and method, the
 * role check in front of each (websocket upgrades included, so a bad login is refused with 401
 * before the upgrade), the command dictionary read once, and the answer serialized in the format
 * the extension asked for (a `StreamedList` as a stream the client's reading paces). Every error becomes JSON `{error, code}`; unexpected ones are logged
 * with their stack and answered 500 without it.
 */
import { upgradeWebSocket } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { SvcError } from '../errors.js';
import type { FieldRegistry } from '../fields/field-registry.js';
import { parseFieldSpecs, simplify } from '../fields/field-spec.js';
import type { Logger } from '../logger.js';
import { roleAllows, type Login } from '../auth/login.js';
import { TOKEN_NAME, type Authenticator } from '../auth/authenticator.js';
import type { LoginQuota } from '../auth/login-quota.js';
import { FULL_DUMP_RECORDS, holdDumpSlot } from './full-dumps.js';
import { readRequestInput } from './request-body.js';
import { contentTypeOf, serialize } from './serializers.js';
import { StreamedList } from './streamed-list.js';
import type {
  HttpRouteDefinition,
  RouteFormat,
  RouteRegistry,
  RouteRole,
  WebSocketHandlers,
  WebSocketRouteDefinition,
  WebSocketSession,
} from './route-registry.js';
import { routeRoleText, routeUrlPath, TRACKED_FORMATS } from './route-registry.js';

/** Told about every request and websocket, for `/metrics`. */
export interface HttpObserver {
  /** A request ended: its route pattern with extension (`unmatched` when no route took it), method, status and duration. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A websocket on a route opened (+1) or closed (-1). */
  websocket(route: string, change: 1 | -1): void;
}

/** What the app needs from the service. */
export interface HttpAppDependencies {
  readonly routes: RouteRegistry;
  readonly fields: FieldRegistry;
  readonly authenticator: Authenticator;
  readonly log: Logger;
  readonly maxBodyBytes: number;
  readonly observer?: HttpObserver;
  /** Caps the full dumps written at once (full-dumps.ts); unlimited without it. */
  readonly dumps?: LoginQuota;
}

type AppEnv = { Variables: { login: Login | undefined } };

const NO_CACHE = { 'cache-control': 'no-store' };

/**
 * Asks for basic auth on a refusal, except from a script that says it is one
 * (`X-Requested-With`, as the web app sends): a browser answers the challenge with its own
 * password dialog, which would stall the app's calls instead of letting it show its login form.
 */
function challenge(c: Context<AppEnv>): void {
  if (!c.req.header('x-requested-with')) c.header('www-authenticate', 'Basic realm="svc"');
}

/** Creates the hono app serving every route in the table. */
export function createHttpApp(deps: HttpAppDependencies): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const known: { pattern: RegExp; methods: readonly string[] }[] = [];

  const authorize = (role: RouteRole) => async (c: Context<AppEnv>, next: () => Promise<void>) => {
    if (role === 'public') return next();
    const url = new URL(c.req.url);
    const authentication = deps.authenticator.authenticate(c.req.raw.headers, url);
    if (!authentication) {
      challenge(c);
      throw deps.authenticator.refusal(c.req.raw.headers, url);
    }
    if (!roleAllows(authentication.login, role)) {
      throw new SvcError('SVC_ERR_FORBIDDEN', `login '${authentication.login.name}' has role '${authentication.login.role}'; this resource requires '${routeRoleText(role)}'`);
    }
    if (authentication.sessionToken) c.header('set-cookie', `${TOKEN_NAME}=${authentication.sessionToken}; Path=/; HttpOnly; SameSite=Strict`);
    c.set('login', authentication.login);
    await next();
  };

  const observer = deps.observer;
  /** Counts a request on its route pattern once the answer (or the error's) is made. */
  const observe = (label: string) => async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const started = performance.now();
    await next();
    observer!.request(label, c.req.method, c.res.status, (performance.now() - started) / 1000);
  };

  for (const route of deps.routes.list()) {
    if (route.kind === 'websocket') {
      app.get(route.path, authorize(route.role), acceptUpgrade(route), websocketHandler(route, deps.log, observer));
      known.push({ pattern: patternToRegExp(route.path), methods: ['GET'] });
      continue;
    }
    for (const format of route.formats) {
      const path = routeUrlPath(route.path, format);
      const matched = honoUrl(path);
      if (observer) app.on([...route.methods], matched.path, observe(path), authorize(route.role), (c) => answer(route, format, c, deps, matched.suffixed));
      else app.on([...route.methods], matched.path, authorize(route.role), (c) => answer(route, format, c, deps, matched.suffixed));
      known.push({ pattern: patternToRegExp(path), methods: route.methods });
    }
  }

  app.notFound((c) => {
    const response = unmatched(c);
    observer?.request('unmatched', c.req.method, response.status, 0);
    return response;
  });
  /** The answer to a request no route took: 401 without a login, else 405 or 404. */
  const unmatched = (c: Context<AppEnv>): Response => {
    const url = new URL(c.req.url);
    // Without a login, a missing path and a wrong method look like any other resource: a 401,
    // so anonymous clients cannot map the routes.
    if (!deps.authenticator.authenticate(c.req.raw.headers, url)) {
      challenge(c);
      return errorResponse(c, deps.authenticator.refusal(c.req.raw.headers, url), deps.log);
    }
    const path = url.pathname;
    const allowed = known.filter((entry) => entry.pattern.test(path)).flatMap((entry) => entry.methods);
    const error = allowed.length
      ? new SvcError('SVC_ERR_METHOD_NOT_ALLOWED', `${c.req.method} is not allowed on ${path}; use ${[...new Set(allowed)].join(' or ')}`)
      : new SvcError('SVC_ERR_NOT_FOUND', `no resource at ${path}`);
    if (allowed.length) c.header('allow', [...new Set(allowed)].join(', '));
    return errorResponse(c, error, deps.log);
  };
  app.onError((error, c) => errorResponse(c, error, deps.log));
  return app;
}

/**
 * A route URL as hono matches it. Hono takes a parameter to the end of its path segment, so a
 * parameter the extension follows (`/logging/svcdb/pcap/:title.pcapng`) is matched together with
 * the extension (`:title{[^/]+\.pcapng}`), and `suffixed` says which value to cut it off.
 */
function honoUrl(url: string): { path: string; suffixed?: { name: string; suffix: string } } {
  const match = /\/:(\w+)(\.[A-Za-z0-9]+)$/.exec(url);
  if (!match) return { path: url };
  const [, name, suffix] = match as unknown as [string, string, string];
  return { path: `${url.slice(0, match.index)}/:${name}{[^/]+\\${suffix}}`, suffixed: { name, suffix } };
}

async function answer(route: HttpRouteDefinition, format: RouteFormat, c: Context<AppEnv>, deps: HttpAppDependencies, suffixed?: { name: string; suffix: string }): Promise<Response> {
  const { command, vars } = await readRequestInput(c.req.raw, deps.maxBodyBytes);
  const tracked = TRACKED_FORMATS.includes(format);
  const specs = tracked && route.simplify !== false ? parseFieldSpecs(command.fields) : [];
  const params = c.req.param() as Record<string, string>;
  if (suffixed) params[suffixed.name] = params[suffixed.name]!.slice(0, -suffixed.suffix.length);
  const result = await route.handler({ params, command, vars, format, login: c.get('login'), request: c.req.raw });
  if (result instanceof Response) return result;
  if (result instanceof StreamedList) {
    const list = specs.length ? new StreamedList(result.items, (item) => simplify(result.toRecord(item), specs), result.envelope) : result;
    const release = deps.dumps && list.items.length > FULL_DUMP_RECORDS ? holdDumpSlot(deps.dumps, c.get('login')) : undefined;
    return c.body(list.toStream(tracked ? format : 'json', deps.fields, release), 200, { 'content-type': contentTypeOf(tracked ? format : 'json'), ...NO_CACHE });
  }
  if (typeof result === 'string' && !tracked) {
    return c.body(result, 200, { 'content-type': format === 'html' ? contentTypeOf('html') : contentTypeOf('txt'), ...NO_CACHE });
  }
  return c.body(serialize(simplify(result, specs), format, deps.fields), 200, { 'content-type': contentTypeOf(format), ...NO_CACHE });
}

/** Runs the route's pre-upgrade check; its SvcError becomes the HTTP answer. */
function acceptUpgrade(route: WebSocketRouteDefinition) {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    route.accept?.({ params: c.req.param(), vars: Object.fromEntries(new URL(c.req.url).searchParams) });
    await next();
  };
}

function websocketHandler(route: WebSocketRouteDefinition, log: Logger, observer: HttpObserver | undefined) {
  return upgradeWebSocket((c: Context<AppEnv>) => {
    let handlers: WebSocketHandlers = {};
    const guarded = (what: string, run: () => void) => {
      try {
        run();
      } catch (error) {
        log.error(`websocket ${route.path}: ${what} failed`, error);
      }
    };
    let counted = false;
    return {
      onOpen(_event, ws) {
        let open = true;
        counted = true;
        observer?.websocket(route.path, 1);
        const raw = ws.raw as RawWebSocket | undefined;
        const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
        raw?.on?.('close', () => (open = false));
        const session: WebSocketSession = {
          send: (data) => {
            if (open && ws.readyState === 1) ws.send(data as string | Uint8Array<ArrayBuffer>);
          },
          sendFramed: (framed) => {
            if (!open || ws.readyState !== 1) return;
            // ws has no call that takes ready frames; between its own whole-frame writes (no
            // compression, nothing queued) they can go to its socket as they are.
            const socket = raw?._socket;
            const sender = raw?._sender;
            if (socket && !socket.destroyed && sender?._state === 0 && sender._queue?.length === 0) socket.write(framed.frames);
            else for (const message of framed.messages) ws.send(message);
          },
          close: (code, reason) => ws.close(code, reason),
          terminate: () => raw?.terminate?.(),
          get isOpen() {
            return open && ws.readyState === 1;
          },
          get bufferedAmount() {
            return raw?.bufferedAmount ?? 0;
          },
          remoteAddress: incoming?.socket?.remoteAddress ?? '',
          pause: () => raw?.pause?.(),
          resume: () => raw?.resume?.(),
        };
        const vars = Object.fromEntries(new URL(c.req.url).searchParams);
        guarded('connect', () => {
          handlers = route.connect(session, { params: c.req.param(), vars, login: c.get('login'), request: c.req.raw });
        });
      },
      onMessage(event) {
        const data = event.data;
        if (typeof data === 'string') guarded('message', () => handlers.message?.(data, false));
        else if (data instanceof ArrayBuffer) guarded('message', () => handlers.message?.(new Uint8Array(data), true));
      },
      onClose() {
        if (counted) observer?.websocket(route.path, -1);
        counted = false;
        guarded('close', () => handlers.close?.());
      },
    };
  });
}

/** What the websocket route uses of a `ws` socket, internals for framed sends included. */
interface RawWebSocket {
  readonly bufferedAmount?: number;
  on?(event: string, listener: () => void): void;
  pause?(): void;
  resume?(): void;
  terminate?(): void;
  readonly _socket?: { readonly destroyed: boolean; write(data: Buffer): boolean };
  readonly _sender?: { readonly _state?: number; readonly _queue?: readonly unknown[] };
}

function errorResponse(c: Context, error: unknown, log: Logger): Response {
  let status = 500;
  let body = { error: 'internal error; the server log has the details', code: 'SVC_ERR_INTERNAL' as string };
  if (error instanceof SvcError) {
    status = error.status;
    body = { error: error.message, code: error.code };
    if (error.retryAfter !== undefined) c.header('retry-after', String(error.retryAfter));
    if (status >= 500) log.error(`${c.req.method} ${new URL(c.req.url).pathname}: ${error.message}`, error);
  } else {
    log.error(`${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
  }
  return c.body(JSON.stringify(body), status as 500, { 'content-type': contentTypeOf('json'), ...NO_CACHE });
}

function patternToRegExp(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}
