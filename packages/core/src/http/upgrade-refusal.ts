/**
 * Websocket upgrades that the app refuses (401 without a login, 404 for an unknown view) carry
 * the same JSON error body as any HTTP error. @hono/node-server answers a refused upgrade with
 * the app's status and headers but an empty body, so the listener's fetch wrapper hands the
 * body to the socket here, and the rejection @hono/node-server writes gets it appended.
 */
import type { Socket } from 'node:net';

/** Makes the next HTTP rejection written to an upgrade socket carry `body`. */
export function attachRefusalBody(socket: Socket, body: string): void {
  const end = socket.end.bind(socket) as (...args: unknown[]) => Socket;
  socket.end = ((...args: unknown[]) => {
    const [head] = args;
    if (typeof head === 'string' && head.startsWith('HTTP/1.1 ') && head.includes('\r\nContent-Length: 0\r\n')) {
      socket.end = end as Socket['end'];
      const withLength = head.replace('\r\nContent-Length: 0\r\n', `\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`);
      return end(`${withLength}${body}`, ...args.slice(1));
    }
    return end(...args);
  }) as Socket['end'];
}
