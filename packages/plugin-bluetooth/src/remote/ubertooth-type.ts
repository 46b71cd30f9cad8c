/**
 * `ubertooth` as a remote capture tool feeds it: Kismet's `kismet_cap_ubertooth_one` sniffs BLE
 * advertising channels with an Ubertooth One and sends the radio's raw USB records, which the
 * server converts into BLE link-layer packets (ubertooth-usb-record.ts) for the BTLE PHY, so
 * its devices are the same BTLE devices an nRF sniffer or a pcap makes. svc does not drive an
 * Ubertooth itself: the type takes remote capture tools only.
 */
import type { DatasourceTypeDefinition } from '@svc/core';
import { DLT_BLUETOOTH_LE_LL_WITH_PHDR } from '../btle/le-ll-phdr.js';
import { convertUbertoothPacket } from './ubertooth-usb-record.js';

/** Type name of Ubertooth One sources, as Kismet spells it. */
export const UBERTOOTH_TYPE = 'ubertooth';

/** The remote-only `ubertooth` type. */
export const ubertoothRemoteType: DatasourceTypeDefinition = {
  name: UBERTOOTH_TYPE,
  description: "BLE advertising packets from an Ubertooth One, sent by Kismet's kismet_cap_ubertooth_one over remote capture",
  // The tool tunes to an advertising channel (37, 38, 39) when asked, as Kismet's does.
  capabilities: { probe: false, list: false, local: false, remote: true, passive: false, tune: true, hop: false },
  remotePackets: { dlt: DLT_BLUETOOTH_LE_LL_WITH_PHDR, convert: convertUbertoothPacket },
};
