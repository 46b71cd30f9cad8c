/**
 * Where the fleet's messages go: JetStream subjects named by site, node and PHY, and the two
 * streams that keep them. `SVC_FLEET_STATE` keeps the latest message of each subject (each
 * sensor's latest record of each device, each of its sources' latest state, its latest status),
 * so a fleet view started or restarted at any time rebuilds the whole fleet by reading it once;
 * `SVC_FLEET_ALERTS` keeps the alerts themselves, a week of them.
 *
 *     svc.fleet.<site>.<node>.device.<phy>.<device key>   a device's record, as the sensor has it
 *     svc.fleet.<site>.<node>.source.<source uuid>        a datasource's state
 *     svc.fleet.<site>.<node>.status                      the sensor's status
 *     svc.fleet.<site>.<node>.alert                       an alert the sensor raised
 */
import type { StreamConfig } from '@nats-io/jetstream';

/** A stream's configuration as a sensor creates it. */
export type FleetStream = Partial<StreamConfig> & { readonly name: string };

/** Every fleet subject starts with this. */
export const FLEET_ROOT = 'svc.fleet';

/** The stream of latest states. */
export const STATE_STREAM = 'SVC_FLEET_STATE';

/** The stream of alerts. */
export const ALERT_STREAM = 'SVC_FLEET_ALERTS';

/**
 * How the view reads the fleet streams: pulls that expire after 5 s, so the server's idle
 * heartbeats come every 2.5 s and a consumer lost with a killed cluster node is noticed
 * (two missed heartbeats) and re-created within about 5 s, not the client's default 30 s.
 */
export const FLEET_CONSUME_OPTIONS = { expires: 5000 } as const;

/** A name as one subject token: `.`, `*`, `>` and white space (which would split or widen it) become `_`. */
export function subjectToken(name: string): string {
  const cleaned = name.replace(/[.*>\s\u0000]/g, '_');
  return cleaned === '' ? '_' : cleaned;
}

/** The subjects of one sensor node. */
export class FleetSubjects {
  readonly base: string;

  constructor(site: string, node: string) {
    this.base = `${FLEET_ROOT}.${subjectToken(site)}.${subjectToken(node)}`;
  }

  device(phyName: string, key: string): string {
    return `${this.base}.device.${subjectToken(phyName)}.${subjectToken(key)}`;
  }

  source(uuid: string): string {
    return `${this.base}.source.${subjectToken(uuid)}`;
  }

  get status(): string {
    return `${this.base}.status`;
  }

  get alert(): string {
    return `${this.base}.alert`;
  }
}

/** What a subject of the state stream holds, read back from its tokens; undefined for any other subject. */
export type StateSubject = { kind: 'device'; site: string; node: string; phy: string; key: string } | { kind: 'source'; site: string; node: string; uuid: string } | { kind: 'status'; site: string; node: string };

/** Reads a fleet subject. */
export function parseStateSubject(subject: string): StateSubject | undefined {
  const tokens = subject.split('.');
  if (tokens[0] !== 'svc' || tokens[1] !== 'fleet' || tokens.length < 5) return undefined;
  const [site, node, kind] = [tokens[2]!, tokens[3]!, tokens[4]];
  if (kind === 'device' && tokens.length === 7) return { kind, site, node, phy: tokens[5]!, key: tokens[6]! };
  if (kind === 'source' && tokens.length === 6) return { kind, site, node, uuid: tokens[5]! };
  if (kind === 'status' && tokens.length === 5) return { kind, site, node };
  return undefined;
}

/** The streams a sensor makes sure exist before it publishes, with `replicas` copies each (a cluster's). */
export function fleetStreams(replicas: number): FleetStream[] {
  return [
    {
      name: STATE_STREAM,
      description: 'svc fleet: the latest record of each device per sensor, of each datasource, and each sensor status',
      subjects: [`${FLEET_ROOT}.*.*.device.>`, `${FLEET_ROOT}.*.*.source.*`, `${FLEET_ROOT}.*.*.status`],
      max_msgs_per_subject: 1,
      num_replicas: replicas,
    },
    {
      name: ALERT_STREAM,
      description: 'svc fleet: alerts raised by the sensors',
      subjects: [`${FLEET_ROOT}.*.*.alert`],
      max_age: 7 * 24 * 3600 * 1e9,
      num_replicas: replicas,
    },
  ];
}
