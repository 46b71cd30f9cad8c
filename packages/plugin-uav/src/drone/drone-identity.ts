/**
 * Which drone a transmission is about. A drone is keyed by what identifies it, not by the address
 * it sends from: spoofers and relays send many drones from one address, and a drone may send over
 * Wi-Fi and Bluetooth from two. In order of trust: its serial number (a Remote ID Basic ID of ID
 * type 1, or DJI's serial), a CAA registration, a UTM-assigned ID, a session ID, an ID whose type
 * is undeclared (ID type 0, which some transmitters send with an ID all the same); a transmission
 * that names none (a Location alone, as Bluetooth 4 and many Wi-Fi frames carry) belongs to the
 * drone its transmitter last named, and a transmitter that never named one is the drone itself.
 */
import { createHash } from 'node:crypto';
import { formatMac } from '@svc/core';
import { UasIdType, type BasicIdMessage } from '../remoteid/odid-message.js';
import type { UavSighting } from './uav-sighting.js';

/** What a drone is keyed by. */
export type DroneIdKind = 'serial' | 'registration' | 'utm' | 'session' | 'undeclared' | 'dji' | 'mac';

/** A drone's identity: the kind of ID and the ID. */
export interface DroneIdentity {
  readonly kind: DroneIdKind;
  readonly id: string;
}

/** How much each kind of ID is trusted to name a drone. */
const RANK: Readonly<Record<DroneIdKind, number>> = { serial: 5, dji: 5, registration: 4, utm: 3, session: 2, undeclared: 1, mac: 0 };

const KIND_OF_ID_TYPE: Readonly<Record<number, DroneIdKind>> = {
  [UasIdType.NONE]: 'undeclared',
  [UasIdType.SERIAL_NUMBER]: 'serial',
  [UasIdType.CAA_REGISTRATION]: 'registration',
  [UasIdType.UTM_ASSIGNED]: 'utm',
  [UasIdType.SPECIFIC_SESSION]: 'session',
};

/** Transmitters remembered at most: a flood of made-up addresses cannot grow the table without end. */
export const MAX_REMEMBERED_TRANSMITTERS = 10_000;

/** The identity a Basic ID message gives, if its ID type names a drone. */
export function basicIdIdentity(message: BasicIdMessage): DroneIdentity | undefined {
  const kind = KIND_OF_ID_TYPE[message.idType];
  return kind !== undefined && message.uasId !== '' ? { kind, id: message.uasId } : undefined;
}

/** The identity a transmission names by itself, the most trusted of its IDs. */
function ownIdentity(sighting: UavSighting): DroneIdentity | undefined {
  let best: DroneIdentity | undefined;
  for (const message of sighting.remoteId?.messages ?? []) {
    if (message.kind !== 'basic_id') continue;
    const identity = basicIdIdentity(message);
    if (identity && (best === undefined || RANK[identity.kind] > RANK[best.kind])) best = identity;
  }
  const dji = sighting.dji;
  if (dji !== undefined && (dji.kind === 'dji_purpose' || (dji.kind === 'dji_telemetry' && dji.state.serialValid)) && dji.serial !== '') best = { kind: 'dji', id: dji.serial };
  if (sighting.antsdr !== undefined) best = { kind: 'dji', id: sighting.antsdr.serial };
  return best;
}

/** Finds the drone of each transmission, remembering what each transmitter last named. */
export class DroneIdentifier {
  readonly #named = new Map<number, DroneIdentity>();

  /** The drone `sighting` is about. */
  identify(sighting: UavSighting): DroneIdentity {
    const own = ownIdentity(sighting);
    const remembered = this.#named.get(sighting.mac);
    if (own === undefined || (remembered !== undefined && RANK[own.kind] < RANK[remembered.kind])) return remembered ?? { kind: 'mac', id: formatMac(sighting.mac) };
    if (remembered === undefined || remembered.kind !== own.kind || remembered.id !== own.id) this.#remember(sighting.mac, own);
    return own;
  }

  #remember(mac: number, identity: DroneIdentity): void {
    this.#named.delete(mac);
    this.#named.set(mac, identity);
    if (this.#named.size > MAX_REMEMBERED_TRANSMITTERS) this.#named.delete(this.#named.keys().next().value!);
  }
}

/**
 * The device MAC of a drone: its transmitter's address when that is all that names it, otherwise
 * six bytes of the SHA-256 of the kind and ID, a locally administered unicast address, so the
 * same drone has the same device key in every svc.
 */
export function droneMac(identity: DroneIdentity, transmitter: number): number {
  if (identity.kind === 'mac') return transmitter;
  const digest = createHash('sha256').update(`${identity.kind}:${identity.id}`).digest();
  return ((digest[0]! & 0xfc) | 0x02) * 0x10000000000 + digest.readUIntBE(1, 5);
}
