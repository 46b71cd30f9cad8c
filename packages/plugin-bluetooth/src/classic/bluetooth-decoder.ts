/**
 * The Bluetooth PHY's decoder: HCI frames (link types 187, 201 and 254, from pcaps, pcapngs and
 * btsnoop files) and `linuxbthci` records (the host's adapter, Kismet's capture tool) become the
 * `bluetooth` annotation, the list of devices the frame reported. Classic reports feed the
 * `Bluetooth` PHY, LE reports the `BTLE` PHY. An event cut short, or a record that is no
 * record, is an error packet; what came before the damage is kept. It reads only the frame, as
 * the decoder contract asks (`PhyDecoder` in @svc/core).
 */
import type { PhyDecoder } from '@svc/core';
import { HCI_LINK_TYPES, readHciFrame } from '../hci/hci-frame.js';
import { LINUXBTHCI_RECORD_TYPE, readLinuxBtHciRecord } from '../hci/linuxbthci-record.js';

/** The link types the decoder takes. */
export const BLUETOOTH_LINK_TYPES: readonly number[] = HCI_LINK_TYPES;
/** The JSON record types the decoder takes. */
export const BLUETOOTH_RECORD_TYPES: readonly string[] = [LINUXBTHCI_RECORD_TYPE];

/** Decodes one HCI frame or adapter record. */
export const decodeBluetoothFrame: PhyDecoder<'bluetooth'> = (frame) => {
  if (frame.json !== undefined) {
    if (frame.json.type !== LINUXBTHCI_RECORD_TYPE) return undefined;
    try {
      return { annotation: { reports: [readLinuxBtHciRecord(frame.json.text)] } };
    } catch {
      return { error: true };
    }
  }
  if (frame.data === undefined) return undefined;
  const read = readHciFrame(frame.dlt, frame.data);
  if (read === undefined) return undefined;
  return { annotation: read.reports.length > 0 ? { reports: read.reports } : undefined, error: read.malformed ? true : undefined };
};
