/**
 * Kismet's SSID view (`phy_80211_ssidtracker`): every network name heard, grouped by SSID, with
 * the devices that advertise it in beacons, answer probes for it and probe for it. A group keeps
 * the encryption of its first sighting and the earliest first time and latest last time of its
 * devices, and it keeps the keys of devices the tracker has since forgotten, as Kismet's does.
 *
 * The groups are read off the devices rather than fed by the classifier: each refresh walks only
 * the devices changed since the previous one (the tracker's recency list), so polling the view
 * costs the changes, and the classifier's hot path is untouched. Names are read through the
 * `dot11.device` record, the contract Kismet's clients rely on.
 */
import type { DeviceTracker, FieldDefinition, TrackedDevice } from '@svc/core';

/** Which list of a group a device joins. */
type Role = 'advertising' | 'responding' | 'probing';

/** One SSID and who uses it. */
class SsidGroup {
  firstTime = 0;
  lastTime = 0;
  readonly devices: Record<Role, Set<string>> = { advertising: new Set(), responding: new Set(), probing: new Set() };

  constructor(
    readonly hash: number,
    readonly ssid: string,
    readonly ssidLength: number,
    readonly crypt: number,
    readonly cryptString: string,
  ) {}

  add(role: Role, device: TrackedDevice): void {
    this.devices[role].add(device.key);
    if (this.firstTime === 0 || device.firstTime < this.firstTime) this.firstTime = device.firstTime;
    if (device.lastTime > this.lastTime) this.lastTime = device.lastTime;
  }

  toRecord(): Record<string, unknown> {
    const { advertising, responding, probing } = this.devices;
    return {
      'dot11.ssidgroup.hash': this.hash,
      'dot11.ssidgroup.ssid': this.ssid,
      'dot11.ssidgroup.ssid_len': this.ssidLength,
      'dot11.ssidgroup.crypt_set': this.crypt,
      'dot11.ssidgroup.crypt_string': this.cryptString,
      'dot11.ssidgroup.first_time': this.firstTime,
      'dot11.ssidgroup.last_time': this.lastTime,
      'dot11.ssidgroup.probing_devices': [...probing],
      'dot11.ssidgroup.responding_devices': [...responding],
      'dot11.ssidgroup.advertising_devices': [...advertising],
      'dot11.ssidgroup.probing_devices_len': probing.size,
      'dot11.ssidgroup.responding_devices_len': responding.size,
      'dot11.ssidgroup.advertising_devices_len': advertising.size,
    };
  }
}

/** Fields of an SSID group record. */
export const SSID_GROUP_FIELDS: readonly FieldDefinition[] = [
  { name: 'dot11.ssidgroup.hash', type: 'uint64_t', description: 'id of the SSID group (hash of the SSID and its length)' },
  { name: 'dot11.ssidgroup.ssid', type: 'string', description: 'SSID' },
  { name: 'dot11.ssidgroup.ssid_len', type: 'uint32_t', description: 'length of the SSID in bytes' },
  { name: 'dot11.ssidgroup.crypt_set', type: 'uint64_t', description: 'encryption set of the first sighting (crypt bitfield)' },
  { name: 'dot11.ssidgroup.crypt_string', type: 'string', description: 'printable encryption of the first sighting' },
  { name: 'dot11.ssidgroup.first_time', type: 'uint64_t', description: 'earliest first time of its devices (Unix seconds)' },
  { name: 'dot11.ssidgroup.last_time', type: 'uint64_t', description: 'latest last time of its devices (Unix seconds)' },
  { name: 'dot11.ssidgroup.probing_devices', type: 'vector[devicekey]', description: 'keys of devices probing for it' },
  { name: 'dot11.ssidgroup.responding_devices', type: 'vector[devicekey]', description: 'keys of devices answering probes for it' },
  { name: 'dot11.ssidgroup.advertising_devices', type: 'vector[devicekey]', description: 'keys of devices beaconing it' },
  { name: 'dot11.ssidgroup.probing_devices_len', type: 'uint64_t', description: 'number of probing devices' },
  { name: 'dot11.ssidgroup.responding_devices_len', type: 'uint64_t', description: 'number of responding devices' },
  { name: 'dot11.ssidgroup.advertising_devices_len', type: 'uint64_t', description: 'number of advertising devices' },
];

/** Where each role's SSIDs are in a `dot11.device` record, and the names of their fields. */
const SOURCES: readonly (readonly [Role, string, string])[] = [
  ['advertising', 'dot11.device.advertised_ssid_map', 'dot11.advertisedssid'],
  ['responding', 'dot11.device.responded_ssid_map', 'dot11.advertisedssid'],
  ['probing', 'dot11.device.probed_ssid_map', 'dot11.probedssid'],
];

/** The SSID groups of the 802.11 devices. */
export class SsidGroups {
  readonly #groups = new Map<string, SsidGroup>();
  readonly #byHash = new Map<number, SsidGroup>();
  /** Server time (`mod_time`) of the newest device read so far. */
  #readUpTo = 0;

  constructor(
    private readonly devices: Pick<DeviceTracker, 'changedSince'>,
    private readonly phyName: string,
  ) {}

  /** Reads the devices changed since the last refresh. */
  refresh(): void {
    let newest = this.#readUpTo;
    for (const device of this.devices.changedSince(this.#readUpTo)) {
      if (device.modTime > newest) newest = device.modTime;
      if (device.phyname !== this.phyName) continue;
      const record = device.components.dot11?.toRecord() as Record<string, unknown> | undefined;
      if (!record) continue;
      for (const [role, listField, prefix] of SOURCES) {
        const list = record[listField];
        if (Array.isArray(list)) for (const ssid of list) this.#add(role, device, ssid as Record<string, unknown>, prefix);
      }
    }
    this.#readUpTo = newest;
  }

  /** Every group's record, in the order the SSIDs were first heard. */
  records(): Record<string, unknown>[] {
    return [...this.#groups.values()].map((group) => group.toRecord());
  }

  /** One group's record by hash; undefined when none has it. */
  byHash(hash: number): Record<string, unknown> | undefined {
    return this.#byHash.get(hash)?.toRecord();
  }

  #add(role: Role, device: TrackedDevice, ssid: Record<string, unknown>, prefix: string): void {
    const length = Number(ssid[`${prefix}.ssidlen`] ?? 0);
    if (!length) return;
    const text = String(ssid[`${prefix}.ssid`] ?? '');
    const key = `${length}\u0000${text}`;
    let group = this.#groups.get(key);
    if (!group) {
      group = new SsidGroup(groupHash(text, length), text, length, Number(ssid[`${prefix}.crypt_set`] ?? 0), String(ssid[`${prefix}.crypt_string`] ?? ''));
      this.#groups.set(key, group);
      this.#byHash.set(group.hash, group);
    }
    group.add(role, device);
  }
}

/** A stable id for an SSID and its length: FNV-1a over the SSID's UTF-8 bytes and the length, 32 bits. */
function groupHash(ssid: string, length: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(ssid, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193);
  for (let shift = 0; shift < 32; shift += 8) hash = Math.imul(hash ^ ((length >>> shift) & 0xff), 0x01000193);
  return hash >>> 0;
}
