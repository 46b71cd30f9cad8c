/**
 * The `syslog` alert sink: each alert as an RFC 5424 message to a syslog server over UDP
 * (RFC 5426, one datagram per alert, at most 2048 bytes) or TCP (RFC 6587, octet counting, one
 * connection kept open and made again when it breaks):
 * `alert_sink=syslog:host=logs.example,port=514,transport=tcp,facility=local0`.
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { hostname } from 'node:os';
import { createConnection, isIP, type Socket } from 'node:net';
import { badSinkOption, numberOption } from './alert-sink-definition.js';
import type { AlertSinkTypeDefinition } from './alert-sink-type.js';
import { octetCounted, SYSLOG_FACILITIES, syslogMessage, type SyslogOrigin } from './syslog-message.js';

/** Largest UDP message sent (RFC 5426 3.2: receivers should take 2048 bytes). */
const UDP_MAX_BYTES = 2048;

/** The syslog sink type. */
export const syslogSinkType: AlertSinkTypeDefinition = {
  name: 'syslog',
  description: 'each alert as an RFC 5424 syslog message over UDP or TCP',
  options: {
    host: 'the syslog server (name or address); required',
    port: 'its port (default 514)',
    transport: 'udp (default) or tcp',
    facility: 'syslog facility name: local0 (default) .. local7, user, daemon, auth, ...',
    app_name: 'APP-NAME of the messages (default svc)',
  },
  create(definition) {
    const host = definition.options.get('host');
    if (!host) throw badSinkOption(definition, 'syslog needs host=<syslog server>');
    const port = numberOption(definition.name, 'port', definition.options.get('port'), 514, { min: 1, max: 65535, integer: true });
    const transport = (definition.options.get('transport') ?? 'udp').toLowerCase();
    if (transport !== 'udp' && transport !== 'tcp') throw badSinkOption(definition, `transport must be udp or tcp, got '${transport}'`);
    const facilityName = (definition.options.get('facility') ?? 'local0').toLowerCase();
    const facility = SYSLOG_FACILITIES[facilityName];
    if (facility === undefined) throw badSinkOption(definition, `facility '${facilityName}' is not one of ${Object.keys(SYSLOG_FACILITIES).join(', ')}`);
    const appName = definition.options.get('app_name') ?? 'svc';
    if (!/^[\x21-\x7e]{1,48}$/.test(appName)) throw badSinkOption(definition, 'app_name must be 1 to 48 printable ASCII characters without spaces');
    const origin: SyslogOrigin = { facility, hostname: hostname(), appName, procId: String(process.pid) };
    const target = `${transport}://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
    return transport === 'udp' ? udpSink(host, port, origin, target) : tcpSink(host, port, origin, target);
  },
};

function udpSink(host: string, port: number, origin: SyslogOrigin, target: string) {
  let socket: UdpSocket | undefined;
  const open = async (): Promise<UdpSocket> => {
    if (socket) return socket;
    const created = createSocket(isIP(host) === 6 ? 'udp6' : 'udp4');
    // A connected socket reports an unreachable port on a later send instead of never.
    created.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => created.connect(port, host, (error?: Error) => (error ? reject(error) : resolve())));
    socket = created;
    return created;
  };
  return {
    target,
    async deliver(alert: Parameters<typeof syslogMessage>[0]) {
      const message = Buffer.from(syslogMessage(alert, origin, UDP_MAX_BYTES), 'utf8');
      let sender: UdpSocket;
      try {
        sender = await open();
      } catch (error) {
        throw new Error(`cannot reach ${target}: ${(error as { code?: string }).code ?? (error as Error).message}`);
      }
      await new Promise<void>((resolve, reject) =>
        sender.send(message, (error) => {
          if (!error) return resolve();
          socket?.close();
          socket = undefined;
          reject(new Error(`sending to ${target} failed: ${(error as { code?: string }).code ?? error.message}`));
        }),
      );
    },
    close() {
      socket?.close();
      socket = undefined;
    },
  };
}

function tcpSink(host: string, port: number, origin: SyslogOrigin, target: string) {
  let socket: Socket | undefined;
  const drop = (broken: Socket) => {
    broken.destroy();
    if (socket === broken) socket = undefined;
  };
  const open = (signal: AbortSignal): Promise<Socket> => {
    if (socket && !socket.destroyed) return Promise.resolve(socket);
    return new Promise((resolve, reject) => {
      const connection = createConnection({ host, port });
      const fail = (error: Error) => {
        signal.removeEventListener('abort', abort);
        drop(connection);
        reject(new Error(`cannot connect to ${target}: ${(error as { code?: string }).code ?? error.message}`));
      };
      const abort = () => fail(new Error('gave up connecting'));
      signal.addEventListener('abort', abort, { once: true });
      connection.once('error', fail);
      connection.once('connect', () => {
        signal.removeEventListener('abort', abort);
        connection.removeListener('error', fail);
        connection.on('error', () => drop(connection));
        connection.on('close', () => drop(connection));
        // The server says nothing back; anything it sends is ignored.
        connection.resume();
        socket = connection;
        resolve(connection);
      });
    });
  };
  return {
    target,
    async deliver(alert: Parameters<typeof syslogMessage>[0], signal: AbortSignal) {
      const connection = await open(signal);
      await new Promise<void>((resolve, reject) =>
        connection.write(octetCounted(syslogMessage(alert, origin)), (error) => {
          if (!error) return resolve();
          drop(connection);
          reject(new Error(`sending to ${target} failed: ${(error as { code?: string }).code ?? error.message}`));
        }),
      );
    },
    close() {
      if (socket) drop(socket);
    },
  };
}
