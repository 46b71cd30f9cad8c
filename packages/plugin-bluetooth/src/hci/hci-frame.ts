/**
 * HCI packets as captures hold them: pcap link types 187 (`BLUETOOTH_HCI_H4`: the H4 packet
 * type byte, then the packet), 201 (`BLUETOOTH_HCI_H4_WITH_PHDR`: a 4-byte direction first) and
 * 254 (`BLUETOOTH_LINUX_MONITOR`: BlueZ's monitor header, adapter index and opcode, then the
 * packet without an H4 type). Only events name remote devices; commands and ACL data are read
 * past.
 */
import { readHciEvent, type HciEventReports } from './hci-events.js';

/** pcap link type of bare H4 HCI packets. */
export const DLT_BLUETOOTH_HCI_H4 = 187;
/** pcap link type of H4 HCI packets after a 4-byte big-endian direction (0 sent, 1 received). */
export const DLT_BLUETOOTH_HCI_H4_WITH_PHDR = 201;
/** pcap link type of BlueZ monitor packets (`btmon -w`'s content). */
export const DLT_BLUETOOTH_LINUX_MONITOR = 254;
/** The HCI link types svc reads. */
export const HCI_LINK_TYPES: readonly number[] = [DLT_BLUETOOTH_HCI_H4, DLT_BLUETOOTH_HCI_H4_WITH_PHDR, DLT_BLUETOOTH_LINUX_MONITOR];

/** H4 packet type of an HCI event. */
export const H4_EVENT = 0x04;
/** BlueZ monitor opcode of an HCI event. */
export const MONITOR_EVENT = 3;
const PHDR_BYTES = 4;
const MONITOR_HEADER_BYTES = 4;

/** What an HCI frame told: undefined when it is no event about remote devices; `malformed` when it is cut short. */
export function readHciFrame(dlt: number, data: Uint8Array): HciEventReports | undefined {
  if (dlt === DLT_BLUETOOTH_HCI_H4) return data.length >= 1 && data[0] === H4_EVENT ? readEvent(data, 1) : undefined;
  if (dlt === DLT_BLUETOOTH_HCI_H4_WITH_PHDR) {
    if (data.length < PHDR_BYTES + 1) return { reports: [], malformed: true };
    return data[PHDR_BYTES] === H4_EVENT ? readEvent(data, PHDR_BYTES + 1) : undefined;
  }
  if (dlt === DLT_BLUETOOTH_LINUX_MONITOR) {
    if (data.length < MONITOR_HEADER_BYTES) return { reports: [], malformed: true };
    const opcode = (data[2]! << 8) | data[3]!;
    return opcode === MONITOR_EVENT ? readEvent(data, MONITOR_HEADER_BYTES) : undefined;
  }
  return undefined;
}

function readEvent(data: Uint8Array, offset: number): HciEventReports | undefined {
  if (data.length < offset + 2) return { reports: [], malformed: true };
  return readHciEvent(data, offset);
}
