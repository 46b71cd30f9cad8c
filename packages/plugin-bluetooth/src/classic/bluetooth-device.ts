/**
 * The `bluetooth.device` sub-record of a Classic (BR/EDR) device, with Kismet's field names
 * (`phy_bluetooth.h`) and svc's additions: what inquiry results, extended inquiry responses,
 * remote name requests and the host's adapter told of it (class of device and its names,
 * services, TX power and path loss, manufacturer data, the kind of device recognised).
 */
import type { FieldDefinition, PhyComponentState, StateReader, StateWriter } from '@svc/core';
import { companyIdsOf } from '../btle/advertising-data.js';
import { recognizeAdvertiser } from '../advertisers/advertiser-kind.js';
import type { BluetoothReport } from '../hci/bluetooth-report.js';
import { longUuid, shortUuid } from '../hci/linuxbthci-record.js';
import { readClassOfDevice } from './class-of-device.js';

/** Kismet's `bluetooth.device.type` values. */
export const enum BluetoothDeviceType {
  BR_EDR = 0,
  BTLE = 1,
  BT = 2,
}

/** Fields of `bluetooth.device`. */
export const BLUETOOTH_DEVICE_FIELDS: readonly FieldDefinition[] = [
  { name: 'bluetooth.device.type', type: 'uint8_t', description: 'bt device type: 0 BR/EDR, 1 BTLE, 2 BT (dual or unknown)' },
  { name: 'bluetooth.device.major_class', type: 'string', description: 'bt major class (Phone, Computer, Audio/Video...)' },
  { name: 'bluetooth.device.minor_class', type: 'string', description: 'bt device minor class (Smartphone, Laptop, Wearable Headset Device...)' },
  { name: 'bluetooth.device.service_uuid_vec', type: 'vector[uuid]', description: 'advertised service UUIDs, in full 128-bit form as Kismet serves them' },
  { name: 'bluetooth.device.solicitation_uuid_vec', type: 'vector[uuid]', description: 'advertised solicitation UUIDs, in full 128-bit form' },
  { name: 'bluetooth.device.scan_data_bytes', type: 'bytearray', description: 'scan result bytes: the last extended inquiry response, hex' },
  { name: 'bluetooth.device.service_data_bytes', type: 'map[string,bytearray]', description: 'per-service result bytes, hex, by service UUID' },
  { name: 'bluetooth.device.txpower', type: 'int16_t', description: 'advertised transmit power, dBm (0 when not advertised)' },
  { name: 'bluetooth.device.pathloss', type: 'int16_t', description: 'signal pathloss, dB: as a scan report gives it, else advertised TX power less the RSSI (0 when unknown)' },
  { name: 'bluetooth.device.connectable', type: 'uint8_t', description: 'device is connectable' },
  { name: 'bluetooth.device.class_of_device', type: 'uint32_t', description: 'the 24-bit class of device (0 when none was reported)' },
  { name: 'bluetooth.device.service_classes', type: 'vector[string]', description: 'major service classes of the class of device (Audio, Telephony, Networking...)' },
  { name: 'bluetooth.device.company_ids', type: 'vector[uint16_t]', description: 'Bluetooth SIG company ids of its manufacturer-specific data' },
  { name: 'bluetooth.device.manufacturer_data', type: 'string', description: 'last manufacturer-specific data after the company id, hex' },
  { name: 'bluetooth.device.name_source', type: 'string', description: 'where the name came from: eir, remote_name, adapter or scan_report; empty when unnamed' },
  { name: 'bluetooth.device.advertiser', type: 'string', description: 'the kind of device recognised from what it sent; empty when unknown' },
  { name: 'bluetooth.device.report_kinds', type: 'vector[string]', description: 'how it was seen: inquiry_result, extended_inquiry_result, remote_name, adapter...' },
];

/** The Classic sub-record of one device. */
export class BluetoothDevice {
  deviceType = BluetoothDeviceType.BR_EDR;
  classOfDevice = 0;
  majorClass = '';
  minorClass = '';
  readonly serviceClasses: string[] = [];
  readonly serviceUuids: string[] = [];
  readonly solicitationUuids: string[] = [];
  scanData = '';
  readonly serviceData = new Map<string, string>();
  txPower = 0;
  pathloss = 0;
  connectable = false;
  readonly companyIds: number[] = [];
  manufacturerData = '';
  name = '';
  nameSource = '';
  advertiser = '';
  readonly reportKinds: string[] = [];

  /** Takes in one report of this device; returns the name it now has (empty when none). */
  apply(report: BluetoothReport): string {
    if (!this.reportKinds.includes(report.kind)) this.reportKinds.push(report.kind);
    if (report.classOfDevice !== undefined) this.#classOfDevice(report.classOfDevice);
    if (report.connectable !== undefined) this.connectable = report.connectable;
    if (report.txPower !== undefined) this.txPower = report.txPower;
    if (report.name !== undefined) this.#name(report.name, report.kind === 'remote_name' || report.kind === 'scan_report' ? report.kind : 'adapter');
    if (report.rawData !== undefined) this.scanData = Buffer.from(report.rawData).toString('hex');
    const data = report.data;
    if (data !== undefined) {
      if (data.name !== undefined && (!data.nameShortened || this.name === '')) this.#name(data.name, 'eir');
      if (data.classOfDevice !== undefined) this.#classOfDevice(data.classOfDevice);
      if (data.txPower !== undefined) this.txPower = data.txPower;
      for (const uuid of data.serviceUuids) if (!this.serviceUuids.includes(uuid)) this.serviceUuids.push(uuid);
      for (const uuid of data.solicitationUuids ?? []) if (!this.solicitationUuids.includes(uuid)) this.solicitationUuids.push(uuid);
      for (const entry of data.serviceData ?? []) this.serviceData.set(entry.uuid, entry.data);
      for (const id of companyIdsOf(data)) if (!this.companyIds.includes(id)) this.companyIds.push(id);
      if (data.manufacturerData !== undefined) this.manufacturerData = data.manufacturerData;
    }
    if (report.pathloss !== undefined) this.pathloss = report.pathloss;
    else if (this.txPower !== 0 && report.rssi !== undefined) this.pathloss = this.txPower - report.rssi;
    const recognized = recognizeAdvertiser(report.address, data, this.name);
    if (recognized !== undefined) this.advertiser = recognized.kind;
    return this.name;
  }

  #name(name: string, source: string): void {
    this.name = name;
    this.nameSource = source;
  }

  #classOfDevice(cod: number): void {
    this.classOfDevice = cod;
    const named = readClassOfDevice(cod);
    this.majorClass = named.major;
    this.minorClass = named.minor;
    this.serviceClasses.splice(0, this.serviceClasses.length, ...named.services);
  }

  /** The sub-record as `toRecord` served it (a device restored from a log), of a device named `name`. */
  static fromRecord(record: Record<string, unknown>, name: string): BluetoothDevice {
    const device = new BluetoothDevice();
    device.name = name;
    const number = (name: string) => (typeof record[`bluetooth.device.${name}`] === 'number' ? (record[`bluetooth.device.${name}`] as number) : 0);
    const text = (name: string) => (typeof record[`bluetooth.device.${name}`] === 'string' ? (record[`bluetooth.device.${name}`] as string) : '');
    const list = <T>(name: string, kind: string) => {
      const value = record[`bluetooth.device.${name}`];
      return Array.isArray(value) ? value.filter((item): item is T => typeof item === kind) : [];
    };
    device.deviceType = number('type');
    if (number('class_of_device') !== 0) device.#classOfDevice(number('class_of_device'));
    device.serviceUuids.push(...list<string>('service_uuid_vec', 'string').map(shortUuid));
    device.solicitationUuids.push(...list<string>('solicitation_uuid_vec', 'string').map(shortUuid));
    device.scanData = text('scan_data_bytes');
    const serviceData = record['bluetooth.device.service_data_bytes'];
    if (typeof serviceData === 'object' && serviceData !== null) for (const [uuid, hex] of Object.entries(serviceData)) if (typeof hex === 'string') device.serviceData.set(uuid, hex);
    device.txPower = number('txpower');
    device.pathloss = number('pathloss');
    device.connectable = number('connectable') === 1;
    device.companyIds.push(...list<number>('company_ids', 'number'));
    device.manufacturerData = text('manufacturer_data');
    device.nameSource = text('name_source');
    device.advertiser = text('advertiser');
    device.reportKinds.push(...list<string>('report_kinds', 'string'));
    return device;
  }

  /** Packs the sub-record for the tracker's state snapshot; `readState` reads it in this order. */
  writeState(writer: StateWriter): void {
    writer.uint(this.deviceType);
    writer.uint(this.classOfDevice);
    const strings = (list: readonly string[]) => {
      writer.uint(list.length);
      for (const item of list) writer.string(item);
    };
    strings(this.serviceUuids);
    strings(this.solicitationUuids);
    writer.string(this.scanData);
    strings([...this.serviceData].flat());
    writer.number(this.txPower);
    writer.number(this.pathloss);
    writer.boolean(this.connectable);
    writer.uint(this.companyIds.length);
    for (const id of this.companyIds) writer.uint(id);
    writer.string(this.manufacturerData);
    writer.string(this.name);
    writer.string(this.nameSource);
    writer.string(this.advertiser);
    strings(this.reportKinds);
  }

  /** The sub-record as `writeState` packed it. */
  static readState(reader: StateReader): BluetoothDevice {
    const device = new BluetoothDevice();
    device.deviceType = reader.uint();
    const cod = reader.uint();
    if (cod !== 0) device.#classOfDevice(cod);
    const strings = () => {
      const list: string[] = [];
      for (let count = reader.count(); count > 0; count--) list.push(reader.string());
      return list;
    };
    device.serviceUuids.push(...strings());
    device.solicitationUuids.push(...strings());
    device.scanData = reader.string();
    const pairs = strings();
    for (let i = 0; i + 1 < pairs.length; i += 2) device.serviceData.set(pairs[i]!, pairs[i + 1]!);
    device.txPower = reader.number();
    device.pathloss = reader.number();
    device.connectable = reader.boolean();
    for (let count = reader.count(); count > 0; count--) device.companyIds.push(reader.uint());
    device.manufacturerData = reader.string();
    device.name = reader.string();
    device.nameSource = reader.string();
    device.advertiser = reader.string();
    device.reportKinds.push(...strings());
    return device;
  }

  /** The `bluetooth.device` record. */
  toRecord(): Record<string, unknown> {
    return {
      'bluetooth.device.type': this.deviceType,
      'bluetooth.device.major_class': this.majorClass,
      'bluetooth.device.minor_class': this.minorClass,
      'bluetooth.device.service_uuid_vec': this.serviceUuids.map(longUuid),
      'bluetooth.device.solicitation_uuid_vec': this.solicitationUuids.map(longUuid),
      'bluetooth.device.scan_data_bytes': this.scanData,
      'bluetooth.device.service_data_bytes': Object.fromEntries(this.serviceData),
      'bluetooth.device.txpower': this.txPower,
      'bluetooth.device.pathloss': this.pathloss,
      'bluetooth.device.connectable': this.connectable ? 1 : 0,
      'bluetooth.device.class_of_device': this.classOfDevice,
      'bluetooth.device.service_classes': this.serviceClasses,
      'bluetooth.device.company_ids': this.companyIds,
      'bluetooth.device.manufacturer_data': this.manufacturerData,
      'bluetooth.device.name_source': this.nameSource,
      'bluetooth.device.advertiser': this.advertiser,
      'bluetooth.device.report_kinds': this.reportKinds,
    };
  }
}

/** How the Bluetooth PHY packs its sub-record into the tracker's state snapshot. */
export const bluetoothComponentState: PhyComponentState<BluetoothDevice> = {
  version: 1,
  write: (component, writer) => component.writeState(writer),
  read: (reader) => BluetoothDevice.readState(reader),
};
