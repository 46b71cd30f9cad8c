/**
 * The name of the `linuxbluetooth` datasource type, shared by the live type (the host's own
 * adapter) and the remote-only one (Kismet's `kismet_cap_linux_bluetooth` over remote capture),
 * so the two cannot drift apart: it is the name Kismet's tool announces in NEWSOURCE.
 */

/** Type name of host-adapter Bluetooth sources, as Kismet spells it. */
export const LINUXBLUETOOTH_TYPE = 'linuxbluetooth';
