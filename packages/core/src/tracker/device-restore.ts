/**
 * A device rebuilt from the record a log kept of it (`tracker_restore`): the inverse of the
 * base fields' readers in device-fields.ts, so a restarted server holds every device with its
 * names, counters, histories, signal, seen-by, location, tags and relations, and new packets
 * update them from there. The PHY's sub-record is rebuilt by the PHY itself. A record that is
 * not a device of a known PHY gives undefined, never an exception.
 */
import { deviceKey, parseDeviceKey } from './device-key.js';
import { Rrd } from './rrd.js';
import { SignalData } from './signal.js';
import { locationOf } from './location-record.js';
import { TrackedDevice, type PhyState, type SeenBy } from './tracked-device.js';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The device of `record` for `phy`, or undefined when the record is not one of its devices. */
export function deviceFromRecord(record: Fields, phy: PhyState): TrackedDevice | undefined {
  const key = text(record['svc.device.base.key']);
  const parsed = parseDeviceKey(key);
  if (!parsed || parsed.prefix !== phy.keyPrefix) return undefined;
  const base = (name: string) => record[`svc.device.base.${name}`];
  const device = new TrackedDevice(deviceKey(phy.keyPrefix, parsed.mac), parsed.mac, phy, text(base('manuf')) || 'Unknown', number(base('first_time')));
  device.lastTime = number(base('last_time'));
  device.modTime = number(base('mod_time'));
  device.name = text(base('name'));
  device.username = text(base('username')) || undefined;
  device.type = text(base('type'));
  device.basicTypeSet = number(base('basic_type_set'));
  device.crypt = text(base('crypt'));
  device.basicCryptSet = number(base('basic_crypt_set'));
  device.packetsTotal = number(base('packets.total'));
  device.packetsRx = number(base('packets.rx_total'));
  device.packetsTx = number(base('packets.tx_total'));
  device.packetsLlc = number(base('packets.llc'));
  device.packetsError = number(base('packets.error'));
  device.packetsData = number(base('packets.data'));
  device.packetsCrypt = number(base('packets.crypt'));
  device.packetsFiltered = number(base('packets.filtered'));
  device.datasize = number(base('datasize'));
  device.channel = text(base('channel'));
  device.frequency = number(base('frequency'));
  device.numAlerts = number(base('num_alerts'));
  device.packetsRrd = Rrd.fromRecord(record['svc.device.packets_rrd']);
  const signal = base('signal');
  if (isObject(signal)) device.signal = SignalData.fromRecord(signal);
  const frequencies = base('freq_khz_map');
  if (isObject(frequencies)) device.frequencyCounts = Object.entries(frequencies).map(([khz, packets]) => ({ khz: Number(khz), packets: number(packets) }));
  device.seenby = seenByOf(base('seenby'));
  const tags = base('tags');
  if (isObject(tags)) device.tags = new Map(Object.entries(tags).map(([name, value]) => [name, text(value)]));
  device.location = locationOf(base('location'));
  const related = base('related_devices');
  if (isObject(related)) device.relatedDevices = new Map(Object.entries(related).map(([kind, keys]) => [kind, new Set(Array.isArray(keys) ? keys.map(text) : [])]));
  return device;
}

/**
 * Gives `target` the state of `source`, another object for the same device (rebuilt from a
 * record another svc served): every field the record carries but the key, MAC and PHY, and but
 * the user's name and tags, which belong to this server's annotations.
 */
export function copyDeviceState(target: TrackedDevice, source: TrackedDevice): void {
  target.manuf = source.manuf;
  target.name = source.name;
  target.type = source.type;
  target.basicTypeSet = source.basicTypeSet;
  target.crypt = source.crypt;
  target.basicCryptSet = source.basicCryptSet;
  target.channel = source.channel;
  target.frequency = source.frequency;
  target.firstTime = source.firstTime;
  target.lastTime = source.lastTime;
  target.packetsTotal = source.packetsTotal;
  target.packetsRx = source.packetsRx;
  target.packetsTx = source.packetsTx;
  target.packetsLlc = source.packetsLlc;
  target.packetsError = source.packetsError;
  target.packetsData = source.packetsData;
  target.packetsCrypt = source.packetsCrypt;
  target.packetsFiltered = source.packetsFiltered;
  target.datasize = source.datasize;
  target.numAlerts = source.numAlerts;
  target.signal = source.signal;
  target.packetsRrd = source.packetsRrd;
  target.frequencyCounts = source.frequencyCounts;
  target.frequencyCount = undefined;
  target.seenby = source.seenby;
  target.lastSeenBy = undefined;
  target.location = source.location;
  target.relatedDevices = source.relatedDevices;
  const key = target.phy.componentKey;
  if (key) (target.components as Record<string, unknown>)[key] = (source.components as Record<string, unknown>)[key];
}

function seenByOf(value: unknown): SeenBy[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const seenby: SeenBy[] = [];
  for (const entry of value) {
    if (!isObject(entry)) continue;
    const uuid = text(entry['svc.common.seenby.uuid']);
    if (!uuid || seenby.some((seen) => seen.uuid === uuid)) continue;
    const seen: SeenBy = { uuid, firstTime: number(entry['svc.common.seenby.first_time']), lastTime: number(entry['svc.common.seenby.last_time']), numPackets: number(entry['svc.common.seenby.num_packets']) };
    const signal = entry['svc.common.seenby.signal'];
    if (isObject(signal)) seen.signal = SignalData.fromRecord(signal);
    seenby.push(seen);
  }
  return seenby.length > 0 ? seenby : undefined;
}
