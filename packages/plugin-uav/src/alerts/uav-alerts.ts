/**
 * The drone alerts (beyond Kismet, which has none for drones):
 *
 * - UAVGEOFENCE: a drone, or its operator, enters a fence of `uav_geofence=` (raised when it
 *   goes from outside to inside, or is first placed inside);
 * - UAVNEW: a drone never seen before (by this server: neither tracked nor restored) is heard;
 * - UAVSPOOF: a drone's Remote ID or DroneID is malformed (once per drone and reason), its
 *   position jumps further than `uav_max_speed` m/s allows since its last one (plus 50 m for
 *   the receivers' GNSS error), or its operator is further than `uav_max_operator_distance` m
 *   from its take-off point (raised when it becomes so).
 *
 * Each names the drone's device key and its transmitter's MAC, as the other PHYs' alerts do. The
 * checks watch the UAV classifier (`UavWatch`), so they see each transmission once it is applied.
 */
import { formatMac, tagPacket, type PhyAlertDefinition, type Service } from '@svc/core';
import type { UavSighted, UavWatch } from '../drone/uav-classify.js';
import type { UavPosition } from '../drone/uav-device.js';
import type { UavPoint } from '../drone/uav-telemetry.js';
import { GEOFENCE_CONFIG_KEY, insideGeofence, parseGeofences, type Geofence } from './geofence.js';
import { distanceMetres } from './great-circle.js';

/** Config keys of the checks' limits, with their defaults. */
export const MAX_SPEED_CONFIG_KEY = 'uav_max_speed';
export const MAX_OPERATOR_DISTANCE_CONFIG_KEY = 'uav_max_operator_distance';
export const DEFAULT_MAX_SPEED = 100;
export const DEFAULT_MAX_OPERATOR_DISTANCE = 15_000;
/** What two GNSS positions of a drone standing still may differ by, m. */
export const POSITION_SLACK_M = 50;

/** The config keys the alerts read, for the plugin's `configKeys`. */
export const UAV_ALERT_CONFIG_KEYS: Readonly<Record<string, string>> = {
  [GEOFENCE_CONFIG_KEY]: 'a geofence for UAVGEOFENCE: name:circle=LAT,LON,RADIUS_M or name:polygon=LAT,LON;LAT,LON;LAT,LON[;...]; repeatable',
  [MAX_SPEED_CONFIG_KEY]: `the speed, m/s, above which a drone's position jump raises UAVSPOOF (default ${DEFAULT_MAX_SPEED})`,
  [MAX_OPERATOR_DISTANCE_CONFIG_KEY]: `the distance, m, from a drone's take-off point beyond which its operator position raises UAVSPOOF (default ${DEFAULT_MAX_OPERATOR_DISTANCE})`,
};

/** The drone alerts, declared by the UAV PHY. */
export const UAV_ALERTS: readonly PhyAlertDefinition[] = [
  {
    name: 'UAVGEOFENCE',
    class: 'OTHER',
    severity: 15,
    throttle: '10/min',
    burst: '1/sec',
    description: `A drone, or its operator, entered a geofence (${GEOFENCE_CONFIG_KEY}=).`,
  },
  {
    name: 'UAVNEW',
    class: 'OTHER',
    severity: 5,
    throttle: '30/min',
    burst: '5/sec',
    description: 'A drone never seen before was heard: a Remote ID or DroneID ID new to this server, or a drone a manufacturer rule (uav_match=) recognises. A transmitter sending Remote ID without naming the drone is announced once it names it.',
  },
  {
    name: 'UAVSPOOF',
    class: 'SPOOF',
    severity: 10,
    throttle: '10/min',
    burst: '1/sec',
    description: `A drone's Remote ID or DroneID is malformed or cannot be true: its position jumped faster than ${MAX_SPEED_CONFIG_KEY} m/s, or its operator is further than ${MAX_OPERATOR_DISTANCE_CONFIG_KEY} m from its take-off point.`,
  },
];

/** Drones the checks remember at most: the oldest is forgotten first (a spoofer may invent thousands). */
const MAX_REMEMBERED_DRONES = 10_000;

/** What the checks remember of one drone. */
interface DroneAlertState {
  readonly droneFences: Set<string>;
  readonly operatorFences: Set<string>;
  readonly malformed: Set<string>;
  operatorFar: boolean;
}

/** The checks, made from the config (a bad line fails the plugin at start). */
export function uavAlerts(svc: Service): UavWatch {
  const fences = parseGeofences(svc.config.getAll(GEOFENCE_CONFIG_KEY));
  const maxSpeed = svc.config.getNumber(MAX_SPEED_CONFIG_KEY, DEFAULT_MAX_SPEED, { min: 1 });
  const maxOperatorDistance = svc.config.getNumber(MAX_OPERATOR_DISTANCE_CONFIG_KEY, DEFAULT_MAX_OPERATOR_DISTANCE, { min: 1 });
  const states = new Map<string, DroneAlertState>();
  return (sighted) => {
    const { device, uav, packet } = sighted;
    if (packet.duplicate === true) return;
    let state = states.get(device.key);
    // A drone that took in the provisional one its transmitter made first takes its fences and reasons too.
    const adopted = sighted.adopted === undefined ? undefined : states.get(sighted.adopted);
    if (adopted !== undefined) {
      states.delete(sighted.adopted!);
      if (state === undefined) states.set(device.key, (state = adopted));
      else for (const part of ['droneFences', 'operatorFences', 'malformed'] as const) for (const entry of adopted[part]) state[part].add(entry);
    }
    if (state === undefined) {
      states.set(device.key, (state = { droneFences: new Set(), operatorFences: new Set(), malformed: new Set(), operatorFar: false }));
      if (states.size > MAX_REMEMBERED_DRONES) states.delete(states.keys().next().value!);
    }
    const label = droneLabel(sighted);
    const raise = (name: string, text: string) => {
      const transmitter = uav.transmitters[0]?.mac;
      if (svc.alerts.tryRaise({ name, text, sourceMac: transmitter === undefined ? undefined : formatMac(transmitter), deviceKey: device.key }) === undefined) return;
      tagPacket(packet, 'ALERT');
      tagPacket(packet, `ALERT_${name}`);
    };
    if (sighted.created) raise('UAVNEW', `New drone ${label} heard (${uav.transmitters[0]?.transport ?? ''} from ${formatMac(uav.transmitters[0]?.mac ?? 0)})`);
    if (sighted.malformed !== undefined && !state.malformed.has(sighted.malformed)) {
      state.malformed.add(sighted.malformed);
      raise('UAVSPOOF', `Drone ${label} sent malformed Remote ID: ${sighted.malformed}`);
    }
    const position = uav.position;
    if (sighted.positioned && position !== undefined) {
      const previous = sighted.previous;
      if (previous !== undefined) {
        const metres = distanceMetres(previous, position);
        const seconds = elapsed(previous, position);
        if (metres > maxSpeed * seconds + POSITION_SLACK_M) raise('UAVSPOOF', `Drone ${label} jumped ${describeDistance(metres)} in ${seconds.toFixed(1)} s (${place(previous)} to ${place(position)}), faster than ${maxSpeed} m/s`);
      }
      for (const fence of entered(fences, state.droneFences, position)) raise('UAVGEOFENCE', `Drone ${label} entered geofence ${fence.name} at ${place(position)}${position.alt !== 0 ? `, altitude ${position.alt} m` : ''}`);
    }
    const operator = uav.operator;
    if (sighted.operatorPositioned && operator !== undefined) {
      for (const fence of entered(fences, state.operatorFences, operator)) raise('UAVGEOFENCE', `Operator of drone ${label} is inside geofence ${fence.name} at ${place(operator)}`);
    }
    const home = uav.home;
    if ((sighted.operatorPositioned || sighted.positioned) && operator !== undefined && home !== undefined) {
      const metres = distanceMetres(home, operator);
      const far = metres > maxOperatorDistance;
      if (far && !state.operatorFar) raise('UAVSPOOF', `Operator of drone ${label} is ${describeDistance(metres)} from its take-off point (${place(operator)}, take-off ${place(home)}), more than ${maxOperatorDistance} m`);
      state.operatorFar = far;
    }
  };
}

/**
 * Seconds between two positions: the longer of the time between the packets and the time the
 * drone says passed between its measurements (Remote ID timestamps, seconds after the hour), as
 * a drone repeats a position in several packets and transports.
 */
function elapsed(previous: UavPosition, position: UavPosition): number {
  const heard = Math.max(0, position.time - previous.time);
  if (previous.reportedTime < 0 || position.reportedTime < 0) return heard;
  return Math.max(heard, (((position.reportedTime - previous.reportedTime) % 3600) + 3600) % 3600);
}

/** The fences `point` is inside that it was not inside before; `inside` is updated. */
function entered(fences: readonly Geofence[], inside: Set<string>, point: UavPoint): Geofence[] {
  const now: Geofence[] = [];
  for (const fence of fences) {
    if (!insideGeofence(fence, point)) inside.delete(fence.name);
    else if (!inside.has(fence.name)) {
      inside.add(fence.name);
      now.push(fence);
    }
  }
  return now;
}

/** How an alert says what a drone's ID is. */
const ID_KIND_LABELS: Readonly<Record<string, string>> = {
  serial: 'serial number',
  registration: 'CAA registration',
  utm: 'UTM ID',
  session: 'session ID',
  undeclared: 'ID of undeclared type',
  dji: 'DJI serial',
};

/** How an alert names a drone: its ID and what the ID is, and its Self-ID when it gave one. */
function droneLabel({ uav }: UavSighted): string {
  const id = uav.idKind === 'mac' ? `at ${uav.id}` : `${uav.id} (${ID_KIND_LABELS[uav.idKind]})`;
  return uav.selfId ? `${id} "${uav.selfId}"` : id;
}

function place(point: { lat: number; lon: number }): string {
  return `${point.lat.toFixed(6)},${point.lon.toFixed(6)}`;
}

function describeDistance(metres: number): string {
  return metres >= 1000 ? `${(metres / 1000).toFixed(1)} km` : `${Math.round(metres)} m`;
}
