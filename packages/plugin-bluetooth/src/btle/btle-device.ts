/**
 * The `btle.device` sub-record: what the advertisements of one BLE device told (address type,
 * name, flags, TX power, service UUIDs, service data, manufacturer data, appearance, the PDU
 * types it sent and the kind of advertiser it is), whether a sniffer heard them on air or an
 * adapter reported them over HCI.
 */
import type { FieldDefinition, PhyComponentState, StateReader, StateWriter } from '@svc/core';
import type { AdvertisingData } from './advertising-data.js';
import type { BtleAdvertisement } from './advertising-pdu.js';
import type { BluetoothAddressType, BluetoothReport } from '../hci/bluetooth-report.js';
import { recognizeAdvertiser } from '../advertisers/advertiser-kind.js';

/** Fields of `btle.device`. */
export const BTLE_DEVICE_FIELDS: readonly FieldDefinition[] = [
  { name: 'btle.device.address_type', type: 'string', description: 'public (registered, OUI meaningful), random, public_identity or random_static_identity' },
  { name: 'btle.device.random_kind', type: 'string', description: 'for a random address, its kind from the top two bits: static, resolvable or non-resolvable; empty for public ones' },
  { name: 'btle.device.local_name', type: 'string', description: 'advertised local name (complete, else shortened); empty when none' },
  { name: 'btle.device.flags', type: 'uint8_t', description: 'advertised flags byte (LE discoverable modes, BR/EDR support)' },
  { name: 'btle.device.tx_power', type: 'int8_t', description: 'advertised TX power, dBm (0 when not advertised)' },
  { name: 'btle.device.service_uuids', type: 'vector[string]', description: 'advertised service UUIDs' },
  { name: 'btle.device.solicitation_uuids', type: 'vector[string]', description: 'service UUIDs the device solicits' },
  { name: 'btle.device.service_data', type: 'map[string,string]', description: 'last service data per service UUID, hex' },
  { name: 'btle.device.company_id', type: 'uint16_t', description: 'Bluetooth SIG company id of the manufacturer data (0 when none)' },
  { name: 'btle.device.company_ids', type: 'vector[uint16_t]', description: 'every company id the device advertised manufacturer data under' },
  { name: 'btle.device.manufacturer_data', type: 'string', description: 'last manufacturer-specific data after the company id, hex' },
  { name: 'btle.device.appearance', type: 'uint16_t', description: 'advertised GAP appearance (0 when none)' },
  { name: 'btle.device.connectable', type: 'uint8_t', description: '1 once the device sent a connectable advertisement' },
  { name: 'btle.device.pdu_types', type: 'vector[string]', description: 'PDU types the device sent (ADV_IND, SCAN_RSP, SCAN_REQ, ADV_EXT_IND...)' },
  { name: 'btle.device.advertiser', type: 'string', description: 'the kind of advertiser recognised (AirTag, Apple Handoff, Microsoft CDP, Google Fast Pair, Tile...); empty when unknown' },
  { name: 'btle.device.tracker', type: 'uint8_t', description: '1 when the device advertises as a tracker (AirTag, Find My accessory, SmartTag, Tile)' },
];

/** The kind of a random address, from its two most significant bits (Core spec vol 6 part B 1.3.2). */
export function randomAddressKind(address: number): string {
  const top = Math.floor(address / 2 ** 46);
  return top === 3 ? 'static' : top === 1 ? 'resolvable' : top === 0 ? 'non-resolvable' : 'reserved';
}

/** The BLE sub-record of one device. */
export class BtleDevice {
  localName = '';
  flags = 0;
  txPower = 0;
  readonly serviceUuids: string[] = [];
  readonly solicitationUuids: string[] = [];
  readonly serviceData = new Map<string, string>();
  companyId = 0;
  readonly companyIds: number[] = [];
  manufacturerData = '';
  appearance = 0;
  connectable = false;
  readonly pduTypes: string[] = [];
  advertiser = '';
  tracker = false;
  /** For a random address: static, resolvable or non-resolvable (see {@link randomAddressKind}). */
  randomKind = '';
  addressType: BluetoothAddressType;

  constructor(
    readonly randomAddress: boolean,
    addressType?: BluetoothAddressType,
  ) {
    this.addressType = addressType ?? (randomAddress ? 'random' : 'public');
  }

  /** The sub-record as `toRecord` served it (a device restored from a log). */
  static fromRecord(record: Record<string, unknown>): BtleDevice {
    const addressType = (typeof record['btle.device.address_type'] === 'string' ? record['btle.device.address_type'] : 'public') as BluetoothAddressType;
    const device = new BtleDevice(addressType === 'random' || addressType === 'random_static_identity', addressType);
    const number = (name: string) => (typeof record[name] === 'number' ? (record[name] as number) : 0);
    const text = (name: string) => (typeof record[name] === 'string' ? (record[name] as string) : '');
    const list = <T>(name: string, kind: string) => (Array.isArray(record[name]) ? (record[name] as unknown[]).filter((item): item is T => typeof item === kind) : []);
    device.localName = text('btle.device.local_name');
    device.flags = number('btle.device.flags');
    device.txPower = number('btle.device.tx_power');
    device.serviceUuids.push(...list<string>('btle.device.service_uuids', 'string'));
    device.solicitationUuids.push(...list<string>('btle.device.solicitation_uuids', 'string'));
    const serviceData = record['btle.device.service_data'];
    if (typeof serviceData === 'object' && serviceData !== null) for (const [uuid, hex] of Object.entries(serviceData)) if (typeof hex === 'string') device.serviceData.set(uuid, hex);
    device.companyId = number('btle.device.company_id');
    device.companyIds.push(...list<number>('btle.device.company_ids', 'number'));
    device.manufacturerData = text('btle.device.manufacturer_data');
    device.appearance = number('btle.device.appearance');
    device.connectable = record['btle.device.connectable'] === 1;
    device.pduTypes.push(...list<string>('btle.device.pdu_types', 'string'));
    device.advertiser = text('btle.device.advertiser');
    device.tracker = record['btle.device.tracker'] === 1;
    device.randomKind = text('btle.device.random_kind');
    return device;
  }

  /** The sub-record as `writeState` packed it (the tracker's state snapshot). */
  static readState(reader: StateReader): BtleDevice {
    const randomAddress = reader.boolean();
    const device = new BtleDevice(randomAddress, reader.string() as BluetoothAddressType);
    device.localName = reader.string();
    device.flags = reader.number();
    device.txPower = reader.number();
    for (let count = reader.count(); count > 0; count--) device.serviceUuids.push(reader.string());
    for (let count = reader.count(); count > 0; count--) device.solicitationUuids.push(reader.string());
    for (let count = reader.count(); count > 0; count--) device.serviceData.set(reader.string(), reader.string());
    device.companyId = reader.number();
    for (let count = reader.count(); count > 0; count--) device.companyIds.push(reader.number());
    device.manufacturerData = reader.string();
    device.appearance = reader.number();
    device.connectable = reader.boolean();
    for (let count = reader.count(); count > 0; count--) device.pduTypes.push(reader.string());
    device.advertiser = reader.string();
    device.tracker = reader.boolean();
    device.randomKind = reader.string();
    return device;
  }

  /** Packs the sub-record for the tracker's state snapshot; `readState` reads it in this order. */
  writeState(writer: StateWriter): void {
    writer.boolean(this.randomAddress);
    writer.string(this.addressType);
    writer.string(this.localName);
    writer.number(this.flags);
    writer.number(this.txPower);
    writer.uint(this.serviceUuids.length);
    for (const uuid of this.serviceUuids) writer.string(uuid);
    writer.uint(this.solicitationUuids.length);
    for (const uuid of this.solicitationUuids) writer.string(uuid);
    writer.uint(this.serviceData.size);
    for (const [uuid, hex] of this.serviceData) {
      writer.string(uuid);
      writer.string(hex);
    }
    writer.number(this.companyId);
    writer.uint(this.companyIds.length);
    for (const id of this.companyIds) writer.number(id);
    writer.string(this.manufacturerData);
    writer.number(this.appearance);
    writer.boolean(this.connectable);
    writer.uint(this.pduTypes.length);
    for (const type of this.pduTypes) writer.string(type);
    writer.string(this.advertiser);
    writer.boolean(this.tracker);
    writer.string(this.randomKind);
  }

  /** Takes in an advertisement this device sent, as a sniffer heard it. */
  apply(advertisement: BtleAdvertisement, address: number): void {
    this.#pduType(advertisement.pduType);
    if (advertisement.connectable) this.connectable = true;
    if (advertisement.data) this.#data(advertisement.data, address);
  }

  /** Takes in what an adapter reported of this device (an HCI advertising report, BlueZ's record). */
  applyReport(report: BluetoothReport): void {
    if (report.pduType !== undefined) this.#pduType(report.pduType);
    if (report.connectable === true) this.connectable = true;
    if (report.txPower !== undefined) this.txPower = report.txPower;
    if (report.name !== undefined) this.localName = report.name;
    if (report.data) this.#data(report.data, report.address);
  }

  #companyId(id: number): void {
    if (!this.companyIds.includes(id)) this.companyIds.push(id);
  }

  #pduType(type: string): void {
    if (!this.pduTypes.includes(type)) this.pduTypes.push(type);
  }

  #data(data: AdvertisingData, address: number): void {
    if (data.name !== undefined && (!data.nameShortened || this.localName === '')) this.localName = data.name;
    if (data.flags !== undefined) this.flags = data.flags;
    if (data.txPower !== undefined) this.txPower = data.txPower;
    for (const uuid of data.serviceUuids) if (!this.serviceUuids.includes(uuid)) this.serviceUuids.push(uuid);
    if (data.solicitationUuids) for (const uuid of data.solicitationUuids) if (!this.solicitationUuids.includes(uuid)) this.solicitationUuids.push(uuid);
    if (data.serviceData) for (const entry of data.serviceData) this.serviceData.set(entry.uuid, entry.data);
    if (data.appearance !== undefined) this.appearance = data.appearance;
    if (data.companyId !== undefined) {
      this.companyId = data.companyId;
      this.manufacturerData = data.manufacturerData ?? '';
      if (data.manufacturers === undefined) this.#companyId(data.companyId);
      else for (const entry of data.manufacturers) this.#companyId(entry.companyId);
    }
    const recognized = recognizeAdvertiser(address, data, this.localName);
    if (recognized !== undefined) {
      this.advertiser = recognized.kind;
      if (recognized.tracker) this.tracker = true;
    }
  }

  /** The `btle.device` record. */
  toRecord(): Record<string, unknown> {
    return {
      'btle.device.address_type': this.addressType,
      'btle.device.random_kind': this.randomKind,
      'btle.device.local_name': this.localName,
      'btle.device.flags': this.flags,
      'btle.device.tx_power': this.txPower,
      'btle.device.service_uuids': this.serviceUuids,
      'btle.device.solicitation_uuids': this.solicitationUuids,
      'btle.device.service_data': Object.fromEntries(this.serviceData),
      'btle.device.company_id': this.companyId,
      'btle.device.company_ids': this.companyIds,
      'btle.device.manufacturer_data': this.manufacturerData,
      'btle.device.appearance': this.appearance,
      'btle.device.connectable': this.connectable ? 1 : 0,
      'btle.device.pdu_types': this.pduTypes,
      'btle.device.advertiser': this.advertiser,
      'btle.device.tracker': this.tracker ? 1 : 0,
    };
  }
}

/** How the BTLE PHY packs its sub-record into the tracker's state snapshot. */
export const btleComponentState: PhyComponentState<BtleDevice> = {
  version: 2,
  write: (component, writer) => component.writeState(writer),
  read: (reader) => BtleDevice.readState(reader),
};
