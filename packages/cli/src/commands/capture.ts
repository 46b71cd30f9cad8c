/**
 * `svc capture`: runs one local datasource of any type the installed plugins provide and feeds
 * a remote svc server over the remote capture protocol (Kismet's v3 frames), so one server can
 * collect from many sensors. Websocket by default (with an API key of role `datasource`, or the
 * admin login), plain TCP with `--tcp`. Reconnects with a back-off unless `--disable-retry`.
 */
import { Command, Flags } from '@oclif/core';
import { createLogger, createService, describeError, loadConfig, runCaptureClient, SvcError, type CaptureClientSession, type ClientTarget, type SvcServer } from '@svc/core';
import { loadServicePlugins } from '../service-plugins.js';

/** Seconds between progress lines while packets flow. */
const STATUS_INTERVAL_MS = 30_000;

/** Feeds a remote svc server from a local datasource. */
export default class Capture extends Command {
  static override description = `Capture from a local datasource and feed a remote svc server.

Opens the datasource the definition names (any type the installed plugins provide, probed when there is no type=) and streams its packets to the server's remote capture endpoint, where it appears as a remote source with the UUID the server would give the same definition.

Over a websocket (the default) it logs in with --apikey (role datasource) or --user/--password; --tcp speaks to the server's plain remote capture listener (remote_capture_enabled=true), which has no login. It reconnects after a failure with a back-off (1 s doubling to 30 s) unless --disable-retry.`;

  static override examples = [
    '<%= config.bin %> capture --connect 10.0.0.5:2501 --source wlan0mon --apikey $KEY',
    'SVC_APIKEY=... <%= config.bin %> capture --connect server:2501 --source rtl433-0:type=rtl433',
    '<%= config.bin %> capture --connect 127.0.0.1:3501 --tcp --source /data/capture.pcapng',
  ];

  static override flags = {
    connect: Flags.string({ description: 'server address, host:port ([v6addr]:port for IPv6)', required: true }),
    source: Flags.string({ description: 'datasource definition to capture from', required: true }),
    tcp: Flags.boolean({ description: "use the server's plain TCP remote capture listener instead of the websocket" }),
    apikey: Flags.string({ description: 'API key with role datasource or admin', env: 'SVC_APIKEY' }),
    user: Flags.string({ description: 'login name (with --password)', dependsOn: ['password'] }),
    password: Flags.string({ description: 'login password (with --user)', env: 'SVC_PASSWORD' }),
    ssl: Flags.boolean({ description: 'connect with wss:// (TLS)' }),
    endpoint: Flags.string({ description: 'websocket path (default /datasource/remote/remotesource.ws)' }),
    'disable-retry': Flags.boolean({ description: 'exit when the connection fails or ends instead of reconnecting' }),
    config: Flags.string({ description: 'config file whose plugin= lines name extra plugins (default: <config dir>/svc.conf)' }),
    'config-dir': Flags.string({ description: 'config directory (default ~/.svc)' }),
    debug: Flags.boolean({ description: 'log debug lines too' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Capture);
    let target: ClientTarget;
    let host: SvcServer;
    const log = createLogger({ level: flags.debug ? 'debug' : 'info' });
    try {
      target = {
        ...parseConnect(flags.connect, flags.tcp ? 'tcp' : 'websocket'),
        apiKey: flags.apikey,
        user: flags.user,
        password: flags.user === undefined ? undefined : flags.password,
        tls: flags.ssl,
        endpoint: flags.endpoint,
      };
      if (target.transport === 'websocket' && !target.apiKey && target.user === undefined) {
        throw new SvcError('SVC_ERR_BAD_REQUEST', 'remote capture over a websocket needs a login: --apikey (or SVC_APIKEY), or --user and --password; --tcp needs none');
      }
      if (target.transport === 'tcp' && (flags.ssl || flags.endpoint)) throw new SvcError('SVC_ERR_BAD_REQUEST', '--ssl and --endpoint apply to the websocket, not to --tcp');
      const config = loadConfig({ configDir: flags['config-dir'], configFile: flags.config });
      const { plugins, failures } = await loadServicePlugins(config);
      host = await createService(config, { plugins, loadFailures: failures, log, serve: false });
      for (const plugin of host.plugins) if (plugin.state === 'failed') this.warn(`plugin ${plugin.name} was skipped: ${plugin.error?.message}`);
    } catch (error) {
      return this.fail(error, 2);
    }

    const controller = new AbortController();
    let session: CaptureClientSession | undefined;
    let reported = 0;
    const status = setInterval(() => {
      if (session && session.sent !== reported) log.info(`${session.sent} packets sent on this connection`);
      reported = session?.sent ?? 0;
    }, STATUS_INTERVAL_MS);
    status.unref();
    const onSignal = (signal: NodeJS.Signals) => {
      if (controller.signal.aborted) process.exit(130);
      log.info(`${signal} received, stopping`);
      controller.abort();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    try {
      await runCaptureClient({
        target,
        source: flags.source,
        types: host.datasourceTypes,
        log,
        retry: !flags['disable-retry'],
        signal: controller.signal,
        onSession: (current) => {
          session = current;
          reported = 0;
        },
      });
    } catch (error) {
      return this.fail(error, error instanceof SvcError && error.status === 400 ? 2 : 1);
    } finally {
      clearInterval(status);
      await host.stop();
    }
  }

  /** Prints the reason on one line and exits: 2 for bad input, 1 for a failed capture. */
  private fail(error: unknown, code: number): never {
    process.stderr.write(`svc capture: ${describeError(error)}\n`);
    return this.exit(code);
  }
}

/** `host:port` (or `[v6]:port`) to a target; a clear error for anything else. */
export function parseConnect(text: string, transport: 'websocket' | 'tcp'): ClientTarget {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65535) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', `--connect must be host:port (e.g. 10.0.0.5:2501, [::1]:2501), got '${text}'`);
  }
  return { host: match[1] ?? match[2]!, port, transport };
}
