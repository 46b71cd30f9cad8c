/**
 * A device in the tracker's compact state snapshot (`tracker_restore`): the base fields, its
 * histories and the PHY's sub-record, packed by a {@link StateWriter} in a fixed order. A
 * restart rebuilds each device straight from these bytes, which is several times faster than
 * parsing the log's JSON record and needs no intermediate objects. The JSON record stays the
 * log's own form (Kismet's tools read it); this is only svc's quicker way back. A state written
 * by another layout, or damaged, is refused with an error, and the caller restores that device
 * from its JSON record instead.
 */
import { SvcError } from '../../errors.js';
import { deviceKey, parseDeviceKey } from '../device-key.js';
import type { PhyComponentState } from '../phy.js';
import { Rrd } from '../rrd.js';
import { SignalData } from '../signal.js';
import { TrackedDevice, type PhyState } from '../tracked-device.js';
import { LOCATION_STATE_WITHOUT_ESTIMATE, readLocationState, writeLocationState } from './location-state.js';
import type { StateReader } from './state-reader.js';
import type { StateWriter } from './state-writer.js';

/**
 * Layout of the base fields; raise it whenever `writeDeviceState` changes what it writes, so a
 * newer svc reads older snapshots through the JSON records instead of misreading them. Layout 2
 * added the location's best fix, altitude count and estimate (location-state.ts); layout 1
 * still reads.
 */
export const DEVICE_STATE_FORMAT = 2;

/** Layouts this svc reads. */
const READABLE_FORMATS = [LOCATION_STATE_WITHOUT_ESTIMATE, DEVICE_STATE_FORMAT];

/** Packs `device` (and its PHY sub-record, when the PHY can pack it) into `writer`. */
export function writeDeviceState(device: TrackedDevice, componentState: PhyComponentState | undefined, writer: StateWriter): void {
  const componentKey = device.phy.componentKey;
  const component = componentKey === undefined ? undefined : (device.components as Record<string, unknown>)[componentKey];
  const packsComponent = component !== undefined && componentState !== undefined;
  writer.uint(DEVICE_STATE_FORMAT);
  // The sub-record's layout version, 0 when the state holds none (it then ends the state).
  writer.uint(packsComponent ? componentState.version : 0);
  writer.string(device.key);
  writer.string(device.manuf);
  writer.number(device.firstTime);
  writer.number(device.lastTime);
  writer.number(device.modTime);
  writer.string(device.name);
  writer.boolean(device.username !== undefined);
  if (device.username !== undefined) writer.string(device.username);
  writer.string(device.type);
  writer.number(device.basicTypeSet);
  writer.string(device.crypt);
  writer.number(device.basicCryptSet);
  writer.string(device.channel);
  writer.number(device.frequency);
  for (const count of [device.packetsTotal, device.packetsRx, device.packetsTx, device.packetsLlc, device.packetsError, device.packetsData, device.packetsCrypt, device.packetsFiltered, device.datasize, device.numAlerts]) writer.number(count);
  writer.boolean(device.packetsRrd !== undefined);
  device.packetsRrd?.writeState(writer);
  writer.boolean(device.signal !== undefined);
  device.signal?.writeState(writer);
  const frequencies = device.frequencyCounts ?? [];
  writer.uint(frequencies.length);
  for (const { khz, packets } of frequencies) {
    writer.number(khz);
    writer.number(packets);
  }
  const seenby = device.seenby ?? [];
  writer.uint(seenby.length);
  for (const seen of seenby) {
    writer.string(seen.uuid);
    writer.number(seen.firstTime);
    writer.number(seen.lastTime);
    writer.number(seen.numPackets);
  }
  const tags = device.tags ?? new Map<string, string>();
  writer.uint(tags.size);
  for (const [name, value] of tags) {
    writer.string(name);
    writer.string(value);
  }
  writeLocationState(device.location, writer);
  const related = device.relatedDevices ?? new Map<string, Set<string>>();
  writer.uint(related.size);
  for (const [kind, keys] of related) {
    writer.string(kind);
    writer.uint(keys.size);
    for (const key of keys) writer.string(key);
  }
  if (packsComponent) componentState.write(component, writer);
}

/**
 * The device a state holds, for `phy`. Throws an `SVC_ERR_BAD_STATE` error when the state is of
 * another layout, another PHY or damaged.
 */
export function readDeviceState(reader: StateReader, phy: PhyState, componentState: PhyComponentState | undefined): TrackedDevice {
  const format = reader.uint();
  if (!READABLE_FORMATS.includes(format)) throw new SvcError('SVC_ERR_STATE_VERSION', `device state of layout ${format}, this svc reads layouts ${READABLE_FORMATS.join(' and ')}`);
  const componentVersion = reader.uint();
  if (componentVersion !== 0 && componentVersion !== componentState?.version) {
    throw new SvcError('SVC_ERR_STATE_VERSION', `${phy.name} sub-record state of version ${componentVersion}, this svc reads ${componentState ? `version ${componentState.version}` : 'none'}`);
  }
  const key = reader.string();
  const parsed = parseDeviceKey(key);
  if (!parsed || parsed.prefix !== phy.keyPrefix) throw new SvcError('SVC_ERR_BAD_STATE', `device state of ${key} is not a ${phy.name} device`);
  const manuf = reader.string();
  const device = new TrackedDevice(deviceKey(phy.keyPrefix, parsed.mac), parsed.mac, phy, manuf, reader.number());
  device.lastTime = reader.number();
  device.modTime = reader.number();
  device.name = reader.string();
  if (reader.boolean()) device.username = reader.string();
  device.type = reader.string();
  device.basicTypeSet = reader.number();
  device.crypt = reader.string();
  device.basicCryptSet = reader.number();
  device.channel = reader.string();
  device.frequency = reader.number();
  device.packetsTotal = reader.number();
  device.packetsRx = reader.number();
  device.packetsTx = reader.number();
  device.packetsLlc = reader.number();
  device.packetsError = reader.number();
  device.packetsData = reader.number();
  device.packetsCrypt = reader.number();
  device.packetsFiltered = reader.number();
  device.datasize = reader.number();
  device.numAlerts = reader.number();
  if (reader.boolean()) device.packetsRrd = Rrd.readState(reader);
  if (reader.boolean()) device.signal = SignalData.readState(reader);
  const frequencies = reader.count();
  if (frequencies > 0) {
    device.frequencyCounts = new Array(frequencies);
    for (let index = 0; index < frequencies; index++) device.frequencyCounts[index] = { khz: reader.number(), packets: reader.number() };
  }
  const seen = reader.count();
  if (seen > 0) {
    device.seenby = new Array(seen);
    for (let index = 0; index < seen; index++) device.seenby[index] = { uuid: reader.string(), firstTime: reader.number(), lastTime: reader.number(), numPackets: reader.number() };
  }
  const tags = reader.count();
  if (tags > 0) {
    device.tags = new Map();
    for (let index = 0; index < tags; index++) device.tags.set(reader.string(), reader.string());
  }
  device.location = readLocationState(reader, format);
  const kinds = reader.count();
  if (kinds > 0) {
    device.relatedDevices = new Map();
    for (let index = 0; index < kinds; index++) {
      const kind = reader.string();
      const keys = new Set<string>();
      for (let count = reader.count(); count > 0; count--) keys.add(reader.string());
      device.relatedDevices.set(kind, keys);
    }
  }
  if (componentVersion !== 0) {
    if (phy.componentKey === undefined) throw new SvcError('SVC_ERR_BAD_STATE', `device state of ${key} holds a sub-record, and ${phy.name} devices have none`);
    (device.components as Record<string, unknown>)[phy.componentKey] = componentState!.read(reader, device);
  }
  reader.end();
  return device;
}
