/**
 * The route table. Plugins contribute HTTP and websocket routes through the `routes` hook; each
 * route names the role a login needs, so the auth check is uniform and the whole table can be
 * listed (`/system/routes.json`) and tested route by route.
 */
import { Registry, type ContributionOwner } from '../registry.js';
import type { Login, Role } from '../auth/login.js';
import type { FramedMessages } from './websocket-frames.js';

/**
 * Role a route requires: a login role, `any` for every valid login, or `public` for no login at
 * all (only the web app's shell and assets, and the login route itself), or a list of login
 * roles any of which may use it (Kismet's ADS-B websockets take `readonly` or `adsb`). `admin`
 * passes all.
 */
export type RouteRole = Role | 'any' | 'public' | readonly Role[];

/** A route's role as the route listing and refusals write it: the role, or a list's roles joined by commas. */
export function routeRoleText(role: RouteRole): string {
  return typeof role === 'string' ? role : role.join(',');
}

/**
 * Response formats, chosen by the URL extension. `plain` is served at the path itself with no
 * extension, as text (Kismet's `/session/check_session`). `pcap` and `pcapng` routes answer
 * with a ready `Response` carrying capture bytes, `kml` and `gpx` routes with a map document.
 */
export type RouteFormat = 'json' | 'ekjson' | 'itjson' | 'prettyjson' | 'cmd' | 'html' | 'txt' | 'plain' | 'pcap' | 'pcapng' | 'kml' | 'gpx';

/** The URL path a route answers for one of its formats. */
export function routeUrlPath(path: string, format: RouteFormat): string {
  return format === 'plain' ? path : `${path}.${format}`;
}

/** The serializations every tracked (record-returning) endpoint offers. */
export const TRACKED_FORMATS: readonly RouteFormat[] = ['json', 'ekjson', 'itjson', 'prettyjson'];

/** HTTP methods a route may accept. */
export type RouteMethod = 'GET' | 'POST';

/** What a handler gets for one request. */
export interface RouteContext {
  /** Path parameters (`:uuid` -> `params.uuid`), percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The command dictionary (form variable `json` or a JSON body); empty when none was sent. */
  readonly command: Readonly<Record<string, unknown>>;
  /** Query and form variables other than `json`. */
  readonly vars: Readonly<Record<string, string>>;
  /** The extension the client asked for. */
  readonly format: RouteFormat;
  /** Who is asking; undefined on `public` routes, which take no login. */
  readonly login: Login | undefined;
  /** The underlying request, for headers and the URL. */
  readonly request: Request;
}

/** A handler's answer: a value to serialize in the requested format, or a ready `Response`. */
export type RouteResult = unknown;

/** An HTTP route contributed through the `routes` hook. */
export interface HttpRouteDefinition {
  /** Methods accepted; others get 405. */
  readonly methods: readonly RouteMethod[];
  /** Path without extension, hono style parameters: `/datasource/by-uuid/:uuid/source`. */
  readonly path: string;
  /** Extensions served; the first is the default shown in listings. */
  readonly formats: readonly RouteFormat[];
  readonly role: RouteRole;
  /** One line for the route listing. */
  readonly description: string;
  /**
   * Whether the HTTP layer applies the `fields` simplification to the result (default true
   * for tracked formats). Handlers that simplify themselves, such as device views, say false.
   */
  readonly simplify?: boolean;
  readonly handler: (context: RouteContext) => RouteResult | Promise<RouteResult>;
}

/** The server side of one websocket connection, as a route handler sees it. */
export interface WebSocketSession {
  /** Sends a text or binary message; does nothing once the socket is closed. */
  send(data: string | Uint8Array): void;
  /**
   * Sends text messages framed once for many sockets (websocket-frames.ts), in one write;
   * does nothing once the socket is closed.
   */
  sendFramed(messages: FramedMessages): void;
  /** Closes the socket (a close frame, then the close handshake). */
  close(code?: number, reason?: string): void;
  /** Cuts the connection at once, whatever is still waiting to be sent. */
  terminate(): void;
  /** True until the socket closes. */
  readonly isOpen: boolean;
  /** Bytes queued but not yet sent, for backpressure decisions. */
  readonly bufferedAmount: number;
  /** Address of the peer (for records such as a remote capture's `remote_ip`). */
  readonly remoteAddress: string;
  /** Stops reading messages until `resume()` (backpressure on a fast sender). */
  pause(): void;
  resume(): void;
}

/** Callbacks a websocket route returns for one connection. */
export interface WebSocketHandlers {
  /** A message arrived; text frames as strings, binary as bytes. */
  message?(data: string | Uint8Array, isBinary: boolean): void;
  /** The socket closed; release subscriptions and timers here. */
  close?(): void;
}

/** A websocket route contributed through the `routes` hook. */
export interface WebSocketRouteDefinition {
  /** Full path including `.ws`: `/eventbus/events.ws`. */
  readonly path: string;
  readonly role: RouteRole;
  readonly description: string;
  /**
   * Checks the request before the upgrade; a thrown SvcError answers with its HTTP status (404
   * for an unknown view, say) instead of opening a socket only to close it.
   */
  readonly accept?: (context: Pick<RouteContext, 'params' | 'vars'>) => void;
  readonly connect: (
    session: WebSocketSession,
    context: Pick<RouteContext, 'params' | 'vars' | 'login' | 'request'>,
  ) => WebSocketHandlers;
}

/** One entry of the route table. */
export type RouteEntry =
  | ({ readonly kind: 'http'; readonly name: string } & HttpRouteDefinition)
  | ({ readonly kind: 'websocket'; readonly name: string } & WebSocketRouteDefinition);

/** The route table plugins contribute to. */
export class RouteRegistry extends Registry<RouteEntry> {
  constructor(owner?: ContributionOwner) {
    super('route', owner);
  }

  /** Adds an HTTP route; the same path and method twice is an error. */
  http(definition: HttpRouteDefinition): void {
    this.add({ kind: 'http', name: `${definition.methods.join(',')} ${definition.path}`, ...definition });
  }

  /** Adds a websocket route. */
  websocket(definition: WebSocketRouteDefinition): void {
    this.add({ kind: 'websocket', name: `WS ${definition.path}`, ...definition });
  }
}
