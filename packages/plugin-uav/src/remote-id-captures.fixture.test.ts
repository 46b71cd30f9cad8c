/**
 * svc beside the shared data set's drone captures (`uav/`, README there): each capture is replayed
 * by the source `-c FILE` picks into a service with the 802.11, Bluetooth and UAV plugins, and
 * what the UAV classifier found in each frame (its `uav` annotation) is compared with the
 * reference: tshark 4.0.17 with the OpenDroneID Lua dissector for the real captures, and the
 * generator's truth for the synthetic ones (which the dissector cannot all read). Every message
 * of every frame must agree (IDs and text exactly, positions within 1e-7 degrees, altitudes
 * within 0.5 m), DJI DroneID with the reference's reading of it; frames the reference has no
 * Remote ID in, and frames with a bad CRC or FCS, give none. Then the drones: one per ID, not per
 * transmitter (the spoofed Mavic capture's 15 behind one BSSID), each with the last position,
 * operator, Self-ID and operator ID the reference gives, and linked to its transmitter's device.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger, formatMac, type TrackedDevice } from '@svc/core';
import { createTestService, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import dot11Plugin from '@svc/plugin-dot11';
import uavPlugin, { RELATED_TRANSMITTER, RELATED_UAV, UAV_PHY_NAME } from './index.js';
import type { UavSighting } from './drone/uav-sighting.js';
import { djiDifferences, messageDifferences, type ReferenceDji, type ReferenceMessage } from './reference-messages.test-helper.js';

interface ReferenceFrame {
  readonly frame: number;
  readonly src: string;
  readonly crc_ok?: boolean;
  readonly radiotap_bad_fcs?: boolean;
  readonly counter?: number;
  readonly messages?: ReferenceMessage[];
  readonly odid?: { readonly counter: number; readonly messages: ReferenceMessage[] };
  readonly dji_droneid?: { readonly flight_telemetry?: ReferenceDji }[];
}

interface ReferenceLocation {
  readonly lat_deg: number | null;
  readonly lon_deg: number | null;
}

interface ReferenceTransmitter {
  readonly address: string;
  readonly basic_ids?: { id_type: number; ua_id: string }[];
  readonly self_id_texts?: string[];
  readonly operator_ids?: string[];
  readonly dji_serials?: string[];
  readonly last_location?: ReferenceLocation;
  readonly operator_location?: ReferenceLocation;
}

interface Reference {
  readonly frames_total: number;
  readonly transmitters: ReferenceTransmitter[];
  readonly frames: ReferenceFrame[];
}

interface Truth {
  readonly drones: { address: string; basic_ids: { id_type: number; ua_id: string }[]; self_id: string; operator_id: string }[];
  readonly files: Record<string, { frames: number; frame_truth: ReferenceFrame[] }>;
}

const REAL = [
  'opendroneid_odid_wifi_bcn_sample.pcap',
  'opendroneid_odid_wifi_sample.pcap',
  'opendroneid_odid_bt5_lr_sample.pcapng',
  'alphafox02_wireless_RID_test_linux_transmitter.pcapng',
  'remoteidreceiver_parrot_anafi4_real.pcapng',
  'remoteidreceiver_mavic_multiple_spoofed.pcapng',
];
const SYNTHETIC = ['synthetic_odid_ble_legacy_ll_seed1.pcap', 'synthetic_odid_ble_legacy_nordic_seed1.pcap', 'synthetic_odid_hci_seed1.btsnoop'];
const TRUTH = 'uav/synthetic_odid_seed1.truth.json';
const referenceOf = (capture: string) => `uav/${capture.replace(/\.(pcapng|pcap|btsnoop)$/, '.tshark.json')}`;
const read = <T>(path: string) => JSON.parse(readFileSync(realDataPath(path), 'utf8')) as T;

/** Replays a capture; returns the service and each frame's drone transmissions, by frame number. */
async function replay(capture: string, frames: number): Promise<{ t: TestService; sightings: Map<number, readonly UavSighting[]> }> {
  const t = await createTestService({ plugins: [dot11Plugin, bluetoothPlugin, uavPlugin], log: createLogger({ write: () => {} }) });
  const sightings = new Map<number, readonly UavSighting[]>();
  let frame = 0;
  t.svc.hooks.packet.for('track').tap('fixture', (packet) => {
    frame++;
    if (packet.annotations.uav) sightings.set(frame, packet.annotations.uav.sightings);
  });
  const source = await t.svc.datasources.add(`${realDataPath('uav', capture)}:name=fixture`);
  await waitUntil(`${capture} replayed`, () => source.numPackets === frames, { timeoutMs: 60_000 });
  return { t, sightings };
}

/** What is wrong with the frames' drone transmissions beside the reference's, one line each. */
function frameProblems(referenceFrames: readonly ReferenceFrame[], sightings: Map<number, readonly UavSighting[]>, total: number): string[] {
  const problems: string[] = [];
  const byFrame = new Map(referenceFrames.map((frame) => [frame.frame, frame]));
  for (let number = 1; number <= total; number++) {
    const reference = byFrame.get(number);
    const found = sightings.get(number) ?? [];
    const odid = reference?.odid ?? (reference?.messages ? { counter: reference.counter!, messages: reference.messages } : undefined);
    const dji = reference?.dji_droneid?.flatMap((element) => (element.flight_telemetry ? [element.flight_telemetry] : [])) ?? [];
    const damaged = reference?.crc_ok === false || reference?.radiotap_bad_fcs === true;
    if (damaged || (odid === undefined && dji.length === 0)) {
      if (found.length) problems.push(`frame ${number}: ${found.length} drone transmission(s) where the reference has none${damaged ? ' (bad CRC or FCS)' : ''}`);
      continue;
    }
    const where = `frame ${number}`;
    if (odid !== undefined) {
      const remoteId = found.find((sighting) => sighting.remoteId)?.remoteId;
      if (remoteId === undefined) problems.push(`${where}: no Remote ID, the reference has ${odid.messages.length} message(s)`);
      else {
        if (remoteId.counter !== odid.counter) problems.push(`${where}: counter ${remoteId.counter}, reference ${odid.counter}`);
        if (remoteId.messages.length !== odid.messages.length) problems.push(`${where}: ${remoteId.messages.length} messages, reference ${odid.messages.length}`);
        remoteId.messages.forEach((message, index) => {
          if (odid.messages[index]) problems.push(...messageDifferences(message, odid.messages[index]!).map((line) => `${where}: ${line}`));
        });
      }
      if (found[0] && formatMac(found[0].mac) !== reference!.src.toUpperCase()) problems.push(`${where}: from ${formatMac(found[0].mac)}, reference ${reference!.src}`);
    }
    const mine = found.flatMap((sighting) => (sighting.dji?.kind === 'dji_telemetry' ? [sighting.dji] : []));
    if (mine.length !== dji.length) problems.push(`${where}: ${mine.length} DroneID records, reference ${dji.length}`);
    mine.forEach((record, index) => problems.push(...djiDifferences(record, dji[index]!).map((line) => `${where}: ${line}`)));
  }
  return problems;
}

/** The UAV devices, by the ID each is keyed by. */
function drones(t: TestService): Map<string, TrackedDevice> {
  const phy = t.svc.devices.phy(UAV_PHY_NAME)!;
  return new Map([...t.svc.devices.devices()].filter((device) => device.phy === phy).map((device) => [device.components.uav!.id, device]));
}

/** The ID a transmitter's drone is keyed by: its most trusted Basic ID, else its address. */
const ID_TYPE_RANK = [1, 5, 4, 3, 2];
function expectedId(basicIds: readonly { id_type: number; ua_id: string }[], address: string): string {
  const best = [...basicIds].sort((a, b) => (ID_TYPE_RANK[b.id_type] ?? 0) - (ID_TYPE_RANK[a.id_type] ?? 0))[0];
  return best?.ua_id ?? address.toUpperCase();
}

/** What is wrong with the drones beside the reference's transmitters, one line each. */
function droneProblems(t: TestService, transmitters: readonly ReferenceTransmitter[]): string[] {
  const problems: string[] = [];
  const found = drones(t);
  const expected = transmitters.flatMap((transmitter) => (transmitter.dji_serials?.length ? transmitter.dji_serials.map((serial) => ({ id: serial, transmitter })) : [{ id: expectedId(transmitter.basic_ids ?? [], transmitter.address), transmitter }]));
  const ids = expected.map((entry) => entry.id).sort();
  if (JSON.stringify([...found.keys()].sort()) !== JSON.stringify(ids)) problems.push(`drones ${[...found.keys()].sort().join(', ')}, reference ${ids.join(', ')}`);
  for (const { id, transmitter } of expected) {
    const device = found.get(id);
    const uav = device?.components.uav;
    if (device === undefined || uav === undefined) continue;
    const transmitterDevice = [...t.svc.devices.devices()].find((other) => other.phy !== device.phy && formatMac(other.mac) === transmitter.address.toUpperCase());
    if (!uav.transmitters.some((entry) => formatMac(entry.mac) === transmitter.address.toUpperCase())) problems.push(`${id}: not heard from ${transmitter.address}`);
    if (transmitterDevice === undefined || !device.relatedDevices?.get(RELATED_TRANSMITTER)?.has(transmitterDevice.key) || !transmitterDevice.relatedDevices?.get(RELATED_UAV)?.has(device.key)) problems.push(`${id}: not linked both ways to ${transmitter.address}'s device`);
    const last = transmitter.last_location;
    if (last?.lat_deg && last.lon_deg && (Math.abs((uav.position?.lat ?? 0) - last.lat_deg) > 1e-7 || Math.abs((uav.position?.lon ?? 0) - last.lon_deg) > 1e-7)) problems.push(`${id}: last position ${uav.position?.lat},${uav.position?.lon}, reference ${last.lat_deg},${last.lon_deg}`);
    const operator = transmitter.operator_location;
    if (operator?.lat_deg && operator.lon_deg && (Math.abs((uav.operator?.lat ?? 0) - operator.lat_deg) > 1e-7 || Math.abs((uav.operator?.lon ?? 0) - operator.lon_deg) > 1e-7)) problems.push(`${id}: operator ${uav.operator?.lat},${uav.operator?.lon}, reference ${operator.lat_deg},${operator.lon_deg}`);
    if (transmitter.self_id_texts?.length && uav.selfId !== transmitter.self_id_texts.at(-1)) problems.push(`${id}: Self-ID '${uav.selfId}', reference ${JSON.stringify(transmitter.self_id_texts)}`);
    if (transmitter.operator_ids?.length && uav.operatorId !== transmitter.operator_ids.at(-1)) problems.push(`${id}: operator ID '${uav.operatorId}', reference ${JSON.stringify(transmitter.operator_ids)}`);
  }
  return problems;
}

for (const capture of REAL) {
  const referencePath = referenceOf(capture);
  realDataTest(test, `${capture}: every frame's Remote ID and DroneID as the reference decodes it, one drone per ID`, [`uav/${capture}`, referencePath], async () => {
    const reference = read<Reference>(referencePath);
    const { t, sightings } = await replay(capture, reference.frames_total);
    try {
      assert.equal(frameProblems(reference.frames, sightings, reference.frames_total), []);
      assert.equal(droneProblems(t, reference.transmitters), []);
    } finally {
      await t.close();
    }
  });
}

for (const capture of SYNTHETIC) {
  realDataTest(test, `${capture}: every frame as the generator encoded it, one drone per ID`, [`uav/${capture}`, TRUTH], async () => {
    const truth = read<Truth>(TRUTH);
    const file = truth.files[capture]!;
    const { t, sightings } = await replay(capture, file.frames);
    try {
      assert.equal(frameProblems(file.frame_truth, sightings, file.frames), []);
      const transmitters = truth.drones.map((drone) => ({ address: drone.address, basic_ids: drone.basic_ids, self_id_texts: [drone.self_id], operator_ids: [drone.operator_id] }));
      assert.equal(droneProblems(t, transmitters), []);
    } finally {
      await t.close();
    }
  });
}

test.run();
