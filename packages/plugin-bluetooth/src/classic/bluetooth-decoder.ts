/**
 * The Bluetooth PHY's decoder: HCI frames (link types 187, 201 and 254, from pcaps, pcapngs and
 * btsnoop files), `linuxbthci` records (the host's adapter, Kismet's capture tool) and
 * `BLUETOOTHSCAN` records (a phone's scan report) become the `bluetooth` annotation, the list of
 * devices the frame reported. Classic reports feed the `Bluetooth` PHY, LE reports the `BTLE`
 * PHY. An event cut short, or a record that is no record, is an error packet; what came before
 * the damage is kept. It reads only the frame, as the decoder contract asks (`PhyDecoder` in
 * @svc/core).
 */
import type { PhyDecoder } from '@svc/core';
import { HCI_LINK_TYPES, readHciFrame } from '../hci/hci-frame.js';
import type { BluetoothReport } from '../hci/bluetooth-report.js';
import { LINUXBTHCI_RECORD_TYPE, readLinuxBtHciRecord } from '../hci/linuxbthci-record.js';
import { BLUETOOTHSCAN_RECORD_TYPE, readBluetoothScanRecord } from '../scan/bluetooth-scan-record.js';

/** The link types the decoder takes. */
export const BLUETOOTH_LINK_TYPES: readonly number[] = HCI_LINK_TYPES;
/** The reader of each JSON record type the decoder takes. */
const RECORD_READERS: ReadonlyMap<string, (text: string) => BluetoothReport> = new Map([
  [LINUXBTHCI_RECORD_TYPE, readLinuxBtHciRecord],
  [BLUETOOTHSCAN_RECORD_TYPE, readBluetoothScanRecord],
]);
/** The JSON record types the decoder takes. */
export const BLUETOOTH_RECORD_TYPES: readonly string[] = [...RECORD_READERS.keys()];

/** Decodes one HCI frame, adapter record or scan report record. */
export const decodeBluetoothFrame: PhyDecoder<'bluetooth'> = (frame) => {
  if (frame.json !== undefined) {
    const read = RECORD_READERS.get(frame.json.type);
    if (read === undefined) return undefined;
    try {
      return { annotation: { reports: [read(frame.json.text)] } };
    } catch {
      return { error: true };
    }
  }
  if (frame.data === undefined) return undefined;
  const read = readHciFrame(frame.dlt, frame.data);
  if (read === undefined) return undefined;
  return { annotation: read.reports.length > 0 ? { reports: read.reports } : undefined, error: read.malformed ? true : undefined };
};
