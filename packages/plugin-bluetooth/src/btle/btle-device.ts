/**
 * The `btle.device` sub-record: what the advertisements of one BLE device told (address type,
 * name, flags, TX power, service UUIDs, manufacturer data, the PDU types it sent).
 */
import type { FieldDefinition, PhyComponentState, StateReader, StateWriter } from '@svc/core';
import type { BtleAdvertisement } from './advertising-pdu.js';

/** Fields of `btle.device`. */
export const BTLE_DEVICE_FIELDS: readonly FieldDefinition[] = [
  { name: 'btle.device.address_type', type: 'string', description: 'public (registered, OUI meaningful) or random' },
  { name: 'btle.device.local_name', type: 'string', description: 'advertised local name (complete, else shortened); empty when none' },
  { name: 'btle.device.flags', type: 'uint8_t', description: 'advertised flags byte (LE discoverable modes, BR/EDR support)' },
  { name: 'btle.device.tx_power', type: 'int8_t', description: 'advertised TX power, dBm (0 when not advertised)' },
  { name: 'btle.device.service_uuids', type: 'vector[string]', description: 'advertised service UUIDs' },
  { name: 'btle.device.company_id', type: 'uint16_t', description: 'Bluetooth SIG company id of the manufacturer data (0 when none)' },
  { name: 'btle.device.manufacturer_data', type: 'string', description: 'last manufacturer-specific data after the company id, hex' },
  { name: 'btle.device.connectable', type: 'uint8_t', description: '1 once the device sent a connectable advertisement' },
  { name: 'btle.device.pdu_types', type: 'vector[string]', description: 'PDU types the device sent (ADV_IND, SCAN_RSP, SCAN_REQ...)' },
];

/** The BLE sub-record of one device. */
export class BtleDevice {
  localName = '';
  flags = 0;
  txPower = 0;
  readonly serviceUuids: string[] = [];
  companyId = 0;
  manufacturerData = '';
  connectable = false;
  readonly pduTypes: string[] = [];

  constructor(readonly randomAddress: boolean) {}

  /** The sub-record as `toRecord` served it (a device restored from a log). */
  static fromRecord(record: Record<string, unknown>): BtleDevice {
    const device = new BtleDevice(record['btle.device.address_type'] === 'random');
    const number = (name: string) => (typeof record[name] === 'number' ? (record[name] as number) : 0);
    const strings = (name: string) => (Array.isArray(record[name]) ? (record[name] as unknown[]).filter((item): item is string => typeof item === 'string') : []);
    device.localName = typeof record['btle.device.local_name'] === 'string' ? record['btle.device.local_name'] : '';
    device.flags = number('btle.device.flags');
    device.txPower = number('btle.device.tx_power');
    device.serviceUuids.push(...strings('btle.device.service_uuids'));
    device.companyId = number('btle.device.company_id');
    device.manufacturerData = typeof record['btle.device.manufacturer_data'] === 'string' ? record['btle.device.manufacturer_data'] : '';
    device.connectable = record['btle.device.connectable'] === 1;
    device.pduTypes.push(...strings('btle.device.pdu_types'));
    return device;
  }

  /** The sub-record as `writeState` packed it (the tracker's state snapshot). */
  static readState(reader: StateReader): BtleDevice {
    const device = new BtleDevice(reader.boolean());
    device.localName = reader.string();
    device.flags = reader.number();
    device.txPower = reader.number();
    for (let count = reader.count(); count > 0; count--) device.serviceUuids.push(reader.string());
    device.companyId = reader.number();
    device.manufacturerData = reader.string();
    device.connectable = reader.boolean();
    for (let count = reader.count(); count > 0; count--) device.pduTypes.push(reader.string());
    return device;
  }

  /** Packs the sub-record for the tracker's state snapshot; `readState` reads it in this order. */
  writeState(writer: StateWriter): void {
    writer.boolean(this.randomAddress);
    writer.string(this.localName);
    writer.number(this.flags);
    writer.number(this.txPower);
    writer.uint(this.serviceUuids.length);
    for (const uuid of this.serviceUuids) writer.string(uuid);
    writer.number(this.companyId);
    writer.string(this.manufacturerData);
    writer.boolean(this.connectable);
    writer.uint(this.pduTypes.length);
    for (const type of this.pduTypes) writer.string(type);
  }

  /** Takes in an advertisement this device sent. */
  apply(advertisement: BtleAdvertisement): void {
    if (!this.pduTypes.includes(advertisement.pduType)) this.pduTypes.push(advertisement.pduType);
    if (advertisement.connectable) this.connectable = true;
    const data = advertisement.data;
    if (!data) return;
    if (data.name !== undefined && (!data.nameShortened || this.localName === '')) this.localName = data.name;
    if (data.flags !== undefined) this.flags = data.flags;
    if (data.txPower !== undefined) this.txPower = data.txPower;
    for (const uuid of data.serviceUuids) if (!this.serviceUuids.includes(uuid)) this.serviceUuids.push(uuid);
    if (data.companyId !== undefined) {
      this.companyId = data.companyId;
      this.manufacturerData = data.manufacturerData ?? '';
    }
  }

  /** The `btle.device` record. */
  toRecord(): Record<string, unknown> {
    return {
      'btle.device.address_type': this.randomAddress ? 'random' : 'public',
      'btle.device.local_name': this.localName,
      'btle.device.flags': this.flags,
      'btle.device.tx_power': this.txPower,
      'btle.device.service_uuids': this.serviceUuids,
      'btle.device.company_id': this.companyId,
      'btle.device.manufacturer_data': this.manufacturerData,
      'btle.device.connectable': this.connectable ? 1 : 0,
      'btle.device.pdu_types': this.pduTypes,
    };
  }
}

/** How the BTLE PHY packs its sub-record into the tracker's state snapshot. */
export const btleComponentState: PhyComponentState = {
  version: 1,
  write: (component, writer) => (component as BtleDevice).writeState(writer),
  read: (reader) => BtleDevice.readState(reader),
};
