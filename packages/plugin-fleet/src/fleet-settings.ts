/**
 * The fleet's settings from config. A sensor needs only `fleet_publish`, a fleet view only
 * `fleet_view` (what `svc start --fleet` sets); everything else has a default that works. A bad
 * value is an `SVC_ERR_CONFIG_VALUE` naming where it was set.
 */
import { SvcError, type Config } from '@svc/core';
import { parseNatsServers, type NatsServers } from './link/nats-servers.js';
import { readNatsLogin, type NatsLogin } from './link/nats-login.js';
import { FLEET_ROOT, subjectToken } from './fleet-subjects.js';

/** Config keys of the fleet plugin, with what they mean. */
export const FLEET_CONFIG_KEYS: Readonly<Record<string, string>> = {
  fleet_publish: 'fleet sensor: the NATS server(s) to publish to, nats://host:4222 (several comma separated: a cluster); unset = not a sensor',
  fleet_view: 'fleet view: the NATS server(s) to build the tracker from (svc start --fleet); unset = not a fleet view',
  fleet_site: 'fleet: the site this sensor is at, the second token of its subjects (default "default")',
  fleet_node: 'fleet: this sensor node\'s name, the third token of its subjects (default server_name)',
  fleet_user: 'fleet: NATS user (with fleet_password)',
  fleet_password: 'fleet: NATS password (or SVC_FLEET_PASSWORD in the environment, which keeps it out of config files); never logged',
  fleet_token: 'fleet: NATS token (or SVC_FLEET_TOKEN in the environment); never logged',
  fleet_creds: 'fleet: a NATS .creds file (JWT and nkey seed) to log in with',
  fleet_nkey_seed: 'fleet: a file holding the nkey seed to log in with',
  fleet_tls_ca: 'fleet: PEM file of the CA that signed the NATS servers\' certificates',
  fleet_tls_cert: 'fleet: PEM client certificate for NATS servers that ask for one (with fleet_tls_key)',
  fleet_tls_key: 'fleet: PEM key of fleet_tls_cert',
  fleet_backlog_max: 'fleet sensor: alerts, source states and statuses kept while NATS is away; past it the oldest are dropped and counted (default 10000); changed devices wait apart, each sent once with its latest record',
  fleet_status_interval: 'fleet sensor: seconds between two status records (default 10)',
  fleet_control: 'fleet sensor: take pause, resume and channel commands for its sources from the fleet view, over NATS request/reply, from admins only (default false)',
  fleet_control_subject: 'fleet sensor: the one subject it takes commands on (default svc.fleetctl.<site>.<node>); let only the fleet view\'s NATS user publish to it',
  fleet_replicas: 'fleet: copies JetStream keeps of the fleet streams a sensor creates (1 on one server, 3 on a three-node cluster; default 1)',
};

/** Settings shared by both sides. */
export interface FleetLinkSettings {
  readonly servers: NatsServers;
  readonly login: NatsLogin;
  readonly replicas: number;
}

/** A sensor's settings. */
export interface SensorSettings extends FleetLinkSettings {
  readonly site: string;
  readonly node: string;
  readonly backlogMax: number;
  readonly statusInterval: number;
  /** The subject the sensor takes the centre's commands on; undefined when `fleet_control` is off. */
  readonly controlSubject: string | undefined;
}

/** Reads the sensor settings; undefined when `fleet_publish` is not set. */
export function readSensorSettings(config: Config): SensorSettings | undefined {
  const link = readLink(config, 'fleet_publish');
  if (!link) return undefined;
  // A view publishing its merged devices would read them back as another sensor's.
  if (config.get('fleet_view')) throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('fleet_publish')}: fleet_publish and fleet_view (${config.origin('fleet_view')}) together: a fleet view does not publish to the fleet; run the sensor and the view as two svc`);
  const node = config.get('fleet_node') || config.get('server_name') || 'svc';
  const site = config.get('fleet_site') || 'default';
  const controlSubject = config.get('fleet_control_subject') || `svc.fleetctl.${subjectToken(site)}.${subjectToken(node)}`;
  if (!/^[^\s*>]+$/.test(controlSubject) || controlSubject.startsWith(`${FLEET_ROOT}.`)) throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('fleet_control_subject')}: fleet_control_subject '${controlSubject}' must be one subject (no wildcards, no spaces) outside ${FLEET_ROOT}.>`);
  return {
    ...link,
    site,
    node,
    controlSubject: config.getBoolean('fleet_control', false) ? controlSubject : undefined,
    backlogMax: config.getNumber('fleet_backlog_max', 10_000, { min: 10, max: 10_000_000, integer: true }),
    statusInterval: config.getNumber('fleet_status_interval', 10, { min: 0.1, max: 86_400 }),
  };
}

/** Reads the fleet view's settings; undefined when `fleet_view` is not set. */
export function readViewSettings(config: Config): FleetLinkSettings | undefined {
  return readLink(config, 'fleet_view');
}

function readLink(config: Config, key: string): FleetLinkSettings | undefined {
  const servers = config.get(key);
  if (servers === undefined || servers.trim() === '') return undefined;
  const replicas = config.getNumber('fleet_replicas', 1, { min: 1, max: 5, integer: true });
  if (replicas % 2 === 0) throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('fleet_replicas')}: fleet_replicas must be odd (1, 3 or 5: JetStream needs a majority)`);
  return { servers: parseNatsServers(servers, `${config.origin(key)}: ${key}`), login: readNatsLogin(config), replicas };
}
