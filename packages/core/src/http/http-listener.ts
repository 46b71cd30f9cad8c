/**
 * Puts the hono app on a real port: @hono/node-server for HTTP, with a `ws` server attached to
 * the same port for websocket upgrades (which pass through the app, and so its auth, first; a
 * refused upgrade gets the app's JSON error body, see upgrade-refusal.ts).
 */
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { SvcError } from '../errors.js';
import { attachRefusalBody } from './upgrade-refusal.js';

/** A listening HTTP server. */
export interface HttpListener {
  /** The port actually bound (useful with port 0). */
  readonly port: number;
  /** Base URL clients use. */
  readonly url: string;
  /** Stops accepting, closes websockets and open connections. */
  close(): Promise<void>;
}

/** Binds the app to a host and port. */
export async function listenHttp(
  app: Pick<Hono<any>, 'fetch'>,
  options: { port: number; hostname: string; maxWebSocketPayload?: number },
): Promise<HttpListener> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxWebSocketPayload ?? 1024 * 1024 });
  const fetch = async (request: Request, env: HttpBindings | Http2Bindings) => {
    const response = await app.fetch(request, env);
    const socket = (env?.incoming as IncomingMessage | undefined)?.socket;
    if (socket && response.status >= 400 && request.headers.get('upgrade')?.toLowerCase() === 'websocket') attachRefusalBody(socket, await response.text());
    return response;
  };
  const server = createAdaptorServer({ fetch, websocket: { server: wss } }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code === 'EADDRINUSE' ? 'is already in use' : error.code === 'EACCES' ? 'needs privileges' : `failed (${error.message})`;
      reject(new SvcError('SVC_ERR_LISTEN', `listening on ${options.hostname}:${options.port} ${reason}; choose another with --port or --bind`, { cause: error }));
    });
    server.listen(options.port, options.hostname, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.hostname.includes(':') ? `[${options.hostname}]` : options.hostname;
  return {
    port,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
