/**
 * `linuxbluetooth` as a remote capture tool feeds it: Kismet's `kismet_cap_linux_bluetooth`
 * scans with a host's adapter and sends every device it finds as a `linuxbthci` JSON record
 * (address, name, address kind, connectable) with the RSSI in the packet's signal block. The
 * Bluetooth decoder reads those records, so the type only has to exist and accept remote
 * capture; it cannot be opened on this server. When svc's own adapter source (the same type
 * name) is registered instead, it takes over by declaring `capabilities.remote`.
 */
import type { DatasourceTypeDefinition } from '@svc/core';
import { LINUXBLUETOOTH_TYPE } from './linuxbluetooth-names.js';

/** The remote-only `linuxbluetooth` type. */
export const linuxBluetoothRemoteType: DatasourceTypeDefinition = {
  name: LINUXBLUETOOTH_TYPE,
  description: "Bluetooth Classic and LE devices from a remote host's adapter, sent by Kismet's kismet_cap_linux_bluetooth over remote capture",
  capabilities: { probe: false, list: false, local: false, remote: true, passive: false, tune: false, hop: false },
};
