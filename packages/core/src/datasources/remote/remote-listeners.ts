/**
 * The two ways remote capture tools reach the server: the `/datasource/remote/remotesource.ws`
 * websocket (role `datasource`; one frame per binary message) and the older plain TCP stream on
 * `remote_capture_listen:remote_capture_port` (no login, so off unless `remote_capture_enabled`,
 * on loopback by default, and with `remote_capture_key` set it wants that shared key in the
 * first frame). Both hand frames to a RemoteSession.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { describeError } from '../../errors.js';
import type { WebSocketHandlers, WebSocketSession } from '../../http/route-registry.js';
import type { Logger } from '../../logger.js';
import type { MessageBus } from '../../messages/message-bus.js';
import type { DatasourceTracker } from '../datasource-tracker.js';
import { decodeFrame, FrameReader } from './frame.js';
import { RemoteSession, type RemoteTimings, type RemoteTransport } from './remote-session.js';

/** What remote capture needs from the service. */
export interface RemoteCaptureDeps {
  readonly datasources: DatasourceTracker;
  readonly messages: MessageBus;
  readonly log: Logger;
  readonly timings?: RemoteTimings;
}

function startSession(deps: RemoteCaptureDeps, sharedKey: string | undefined, transport: RemoteTransport): RemoteSession {
  return new RemoteSession(transport, deps.datasources, deps.messages, deps.log, deps.timings, sharedKey);
}

/** Handles one remote capture websocket. */
export function remoteCaptureWebSocket(deps: RemoteCaptureDeps, socket: WebSocketSession): WebSocketHandlers {
  const session = startSession(deps, undefined, {
    remoteIp: socket.remoteAddress,
    send: (frame) => socket.send(frame),
    close: (reason) => socket.close(1000, reason.slice(0, 120)),
    pause: () => socket.pause(),
    resume: () => socket.resume(),
  });
  return {
    message(data, isBinary) {
      if (!isBinary || typeof data === 'string') {
        session.close('remote capture frames must be binary websocket messages');
        return;
      }
      let frame;
      try {
        frame = decodeFrame(data);
      } catch (error) {
        session.close(describeError(error));
        return;
      }
      session.receive(frame);
    },
    close() {
      session.transportClosed('websocket connection closed');
    },
  };
}

/** A listening remote capture TCP server. */
export interface RemoteCaptureTcpListener {
  readonly port: number;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

/**
 * Serves remote capture over plain TCP; resolves once listening, with the bound port. With a
 * `sharedKey`, a connection must send it (an AUTHRESP frame) before anything else.
 */
export async function listenRemoteCaptureTcp(deps: RemoteCaptureDeps, host: string, port: number, sharedKey?: string): Promise<RemoteCaptureTcpListener> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket: Socket) => {
    sockets.add(socket);
    const reader = new FrameReader();
    const session = startSession(deps, sharedKey, {
      remoteIp: socket.remoteAddress ?? '',
      send: (frame) => {
        if (!socket.destroyed) socket.write(frame);
      },
      close: () => socket.destroy(),
      pause: () => socket.pause(),
      resume: () => socket.resume(),
    });
    socket.on('data', (chunk: Buffer) => {
      let frames;
      try {
        frames = reader.push(chunk);
      } catch (error) {
        session.close(describeError(error));
        return;
      }
      for (const frame of frames) session.receive(frame);
    });
    socket.on('error', (error) => deps.log.debug(`remote capture TCP connection: ${error.message}`));
    socket.on('close', () => {
      sockets.delete(socket);
      session.transportClosed('TCP connection closed');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
