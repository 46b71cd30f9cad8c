/**
 * `svc start`: load the configuration, apply the plugins, listen, and say where to log in.
 * Stops gracefully on SIGINT or SIGTERM (a second signal exits at once).
 */
import { Command, Flags } from '@oclif/core';
import { createService, describeError, loadConfig, pluginContributions, SvcError, type SvcServer } from '@svc/core';
import { loadServicePlugins } from '../service-plugins.js';

/** How long a stopped server waits for native handles to let go before it exits anyway. */
const EXIT_GRACE_MS = 1000;

/** Starts the svc server. */
export default class Start extends Command {
  static override description = `Start the svc server.

Reads <config dir>/svc.conf (or --config), applies the first-party plugins and any plugin= lines,
and serves the HTTP and websocket interface, by default on http://127.0.0.1:2501. On the first
start without a configured login it creates one for user "svc" and prints the password once;
with --setup (httpd_first_login=web) it starts with no login instead and prints where to set one
in the web app, and everything that needs a login answers 401 until then.`;

  static override examples = [
    '<%= config.bin %> start',
    '<%= config.bin %> start --port 2601 --bind 0.0.0.0',
    '<%= config.bin %> start --config /etc/svc/svc.conf -c wlan0mon -c rtl433-0',
    '<%= config.bin %> start -c drive.pcapng --gps virtual:track=drive.gpx',
    '<%= config.bin %> start --fleet nats://nats.example:4222',
    'SVC_PASSWORD=... <%= config.bin %> start --user admin',
    '<%= config.bin %> start --setup',
  ];

  static override flags = {
    config: Flags.string({ description: 'main config file (default: <config dir>/svc.conf when it exists)' }),
    'config-dir': Flags.string({ description: 'directory for state svc writes: login, API keys, server uuid (default ~/.svc)' }),
    source: Flags.string({ char: 'c', description: 'datasource definition; repeat for several (replaces source= lines)', multiple: true }),
    gps: Flags.string({ description: 'GPS definition (type:option=value,...); repeat for several (replaces gps= lines)', multiple: true }),
    fleet: Flags.string({ description: 'be a fleet view: build the tracker from the sensors publishing to these NATS servers (nats://host:4222, several comma separated; the same as fleet_view=...)' }),
    port: Flags.integer({ description: 'HTTP and websocket port (default 2501)', min: 0, max: 65535 }),
    bind: Flags.string({ description: 'address to listen on (default 127.0.0.1)' }),
    user: Flags.string({ description: 'admin login name (with --password, or the password in SVC_PASSWORD)' }),
    password: Flags.string({ description: 'admin login password (with --user); SVC_PASSWORD keeps it out of the process list', dependsOn: ['user'] }),
    setup: Flags.boolean({ description: 'first start without a login: set one in the web app instead of having a password generated (the same as httpd_first_login=web)' }),
    plugins: Flags.boolean({ description: 'print each plugin and what it contributed, then exit' }),
    debug: Flags.boolean({ description: 'log debug lines too (the same as log_level=debug)' }),
    'no-logging': Flags.boolean({ char: 'n', description: 'write no logs this run (the same as enable_logging=false)' }),
    'log-title': Flags.string({ char: 't', description: 'first part of the log file names (the same as log_title=TITLE)' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Start);
    let svc: SvcServer;
    try {
      const password = flags.password ?? (flags.user === undefined ? undefined : process.env.SVC_PASSWORD);
      if (flags.user !== undefined && !password) throw new SvcError('SVC_ERR_BAD_REQUEST', '--user needs a password: --password, or SVC_PASSWORD in the environment (which keeps it out of the process list)');
      const config = loadConfig({
        configDir: flags['config-dir'],
        configFile: flags.config,
        overrides: {
          source: flags.source,
          gps: flags.gps,
          fleet_view: flags.fleet,
          httpd_port: flags.port === undefined ? undefined : String(flags.port),
          httpd_bind_address: flags.bind,
          httpd_username: flags.user,
          httpd_password: password,
          httpd_first_login: flags.setup ? 'web' : undefined,
          log_level: flags.debug ? 'debug' : undefined,
          enable_logging: flags['no-logging'] ? 'false' : undefined,
          log_title: flags['log-title'],
        },
      });
      const { plugins, failures } = await loadServicePlugins(config);
      svc = await createService(config, { plugins, loadFailures: failures });
    } catch (error) {
      return this.fail(error);
    }

    if (flags.plugins) {
      this.log(describePlugins(svc));
      return;
    }

    let listener;
    try {
      listener = await svc.start();
    } catch (error) {
      await svc.stop().catch(() => undefined);
      return this.fail(error);
    }
    this.log(`svc ${svc.version} is listening on ${listener.url}`);
    const { admin } = svc;
    if (admin.source === 'unset') {
      this.log(`No admin login is set yet: open ${listener.url}/ in a browser to set one (first-run setup).`);
      this.log(`Or: curl --data-urlencode username=<user> --data-urlencode password=<password> ${listener.url}/session/set_password`);
      this.log('Until then every route that needs a login answers 401.');
    } else if (admin.generated) {
      this.log(`First start: created the admin login. User: ${admin.username}  Password: ${admin.password}`);
      this.log(`It is saved in ${admin.file} (readable only by you); this is the only time it is printed.`);
      this.log(`Try: curl -u ${admin.username}:<password> ${listener.url}/system/status.json`);
    } else if (admin.source === 'file') {
      this.log(`Log in as '${admin.username}' with the password in ${admin.file}`);
    } else {
      this.log(`Log in as '${admin.username}' with the configured password`);
    }
    for (const plugin of svc.plugins) if (plugin.state === 'failed') this.warn(`plugin ${plugin.name} was skipped: ${plugin.error?.message}`);

    await new Promise<void>((resolve) => {
      let stopping = false;
      const onSignal = (signal: NodeJS.Signals) => {
        if (stopping) process.exit(130);
        stopping = true;
        svc.log.info(`${signal} received, shutting down`);
        svc.stop().then(resolve, (error: unknown) => {
          svc.log.error('shutdown failed', error);
          resolve();
        });
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    });
    // Everything is closed; a native handle that outlives its close (libpcap's poll waits for
    // one more frame) must not keep a stopped server's process alive.
    setTimeout(() => process.exit(0), EXIT_GRACE_MS).unref();
  }

  /** Prints a startup error on one unwrapped line (easy to grep in service logs) and exits 2. */
  private fail(error: unknown): never {
    process.stderr.write(`svc: ${describeError(error)}\n`);
    return this.exit(2);
  }
}

function describePlugins(svc: SvcServer): string {
  const lines: string[] = [];
  for (const plugin of svc.plugins) {
    lines.push(`${plugin.name}: ${plugin.state}${plugin.error ? ` (${plugin.error.code}: ${plugin.error.message})` : ''}`);
    for (const [label, names] of pluginContributions(svc, plugin.name)) lines.push(`  ${label} (${names.length}): ${names.join(', ')}`);
  }
  return lines.join('\n');
}
