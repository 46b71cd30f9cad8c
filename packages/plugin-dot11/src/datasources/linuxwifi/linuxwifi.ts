/**
 * The `linuxwifi` datasource type (kismet-reference 5.3): live 802.11 capture from a Linux
 * wireless interface. Opening checks what can go wrong first (root, a wireless interface, `iw`,
 * a radio that can monitor), then captures on the interface itself when it is already in
 * monitor mode, or on a monitor interface added beside it (`vif=`, default `<iface>mon`), which
 * is removed again on close so the managed interface keeps working. Channels come from
 * `iw phy <phy> info`; the core's hopper tunes through `setChannel` with HT40 and VHT widths.
 */
import { SvcError, type Capture, type DatasourceTypeDefinition, type OpenContext, type ProbedInterface, type SourceDefinition } from '@svc/core';
import { iwChannelArgs, parseWifiChannel } from './channel-spec.js';
import { parseIwDev, parseIwPhyInfo } from './iw-output.js';
import { loadPcap, openLiveCapture, type LiveCapture } from './live-capture.js';
import { hostWifiSystem, type WifiSystem } from './wifi-system.js';

/** Type name, as Kismet spells it. */
export const LINUXWIFI_TYPE = 'linuxwifi';

/** Longest Linux interface name (IFNAMSIZ - 1). */
const MAX_INTERFACE_NAME = 15;

/** Opens a live capture on an interface (libpcap normally; tests may watch what is opened). */
export type LiveCaptureOpener = (iface: string, sourceUuid: string) => Promise<LiveCapture>;

/** The linuxwifi type over a host (the real one by default). */
export function createLinuxWifiType(system: WifiSystem = hostWifiSystem(), openLive: LiveCaptureOpener = openLiveCapture): DatasourceTypeDefinition {
  return {
    name: LINUXWIFI_TYPE,
    description: 'live 802.11 capture from a Linux Wi-Fi interface in monitor mode (iw; vif=NAME for the monitor interface)',
    capabilities: { probe: true, list: true, local: true, remote: true, passive: false, tune: true, hop: true, needsRoot: true },
    options: { vif: 'name of the monitor interface svc adds beside a managed one (default <interface>mon)' },
    validate: (definition) => void monitorInterfaceOf(definition),
    probe: async (definition) => system.wirelessInterfaces().some((wireless) => wireless.name === definition.interface),
    list: async (): Promise<ProbedInterface[]> =>
      system.wirelessInterfaces().map(({ name, phy }) => ({ interface: name, hardware: phy, options: [`vif=${monitorName(name)}`] })),
    open: (definition, context) => openLinuxWifi(system, openLive, definition, context),
  };
}

/** The monitor interface name svc adds beside a managed one. */
function monitorName(iface: string): string {
  return `${iface.slice(0, MAX_INTERFACE_NAME - 3)}mon`;
}

/** The monitor interface a definition asks for (`vif=`, else the default); a bad name is a bad definition. */
function monitorInterfaceOf(definition: SourceDefinition): string {
  const vif = definition.options.get('vif') ?? monitorName(definition.interface);
  if (vif.length > MAX_INTERFACE_NAME || !/^[A-Za-z0-9_.-]+$/.test(vif)) throw new SvcError('SVC_ERR_BAD_DEFINITION', `vif '${vif}' is not a usable interface name (letters, digits, '_', '.', '-', at most 15)`);
  return vif;
}

async function openLinuxWifi(system: WifiSystem, openLive: LiveCaptureOpener, definition: SourceDefinition, context: OpenContext): Promise<Capture> {
  const iface = definition.interface;
  const fail = (reason: string) => new SvcError('SVC_ERR_DATASOURCE_OPEN', reason);
  // What only a restart or another radio can change: retrying will not help.
  const permanent = (reason: string) => new SvcError('SVC_ERR_DATASOURCE_PERMANENT', reason);
  const vif = monitorInterfaceOf(definition);
  if (!system.isRoot()) throw permanent(`linuxwifi needs root to put ${iface} in monitor mode: run svc (or svc capture on the sensor) as root`);
  // Without libpcap's binding nothing can be captured: say so before adding a monitor interface.
  if (openLive === openLiveCapture) await loadPcap();
  const wireless = system.wirelessInterfaces();
  const radio = wireless.find((entry) => entry.name === iface);
  if (!radio) {
    throw fail(`${iface} is not a wireless interface${wireless.length ? ` (wireless interfaces here: ${wireless.map((entry) => entry.name).join(', ')})` : ' (this host has none)'}`);
  }
  const interfaces = parseIwDev(await system.iw(['dev']));
  const phy = parseIwPhyInfo(await system.iw(['phy', radio.phy, 'info']));
  if (!phy.monitor) throw permanent(`${iface} (${radio.phy}) does not support monitor mode, so it cannot capture other stations' frames`);

  const current = interfaces.find((entry) => entry.name === iface);
  let captureInterface = iface;
  let created = false;
  if (current?.type !== 'monitor') {
    captureInterface = vif;
    const existing = interfaces.find((entry) => entry.name === vif);
    if (existing && existing.type !== 'monitor') throw fail(`${vif} exists and is not a monitor interface; name another with vif=`);
    if (!existing) {
      await system.iw(['phy', radio.phy, 'interface', 'add', vif, 'type', 'monitor']);
      created = true;
      context.message(`added monitor interface ${vif} on ${radio.phy} for ${iface}`);
    }
  }
  const removeVif = async () => {
    if (created) await system.iw(['dev', captureInterface, 'del']).catch((error: unknown) => context.log.warn(`could not remove ${captureInterface}: ${(error as Error).message}`));
  };
  let live: LiveCapture;
  try {
    await system.ip(['link', 'set', 'dev', captureInterface, 'up']);
    live = await openLive(captureInterface, context.uuid);
  } catch (error) {
    await removeVif();
    throw error;
  }
  if (live.dlt !== 127) context.message(`${captureInterface} delivers link type ${live.dlt}, not radiotap (127): frames will not be decoded as 802.11`, 'error');

  return {
    info: { captureInterface, hardware: radio.phy, dlt: live.dlt, channels: phy.channels },
    packets: live.packets,
    backlog: () => live.backlog(),
    dropped: () => live.dropped(),
    async setChannel(channel: string) {
      await system.iw(iwChannelArgs(captureInterface, parseWifiChannel(channel)));
    },
    async close() {
      live.close();
      await removeVif();
    },
  };
}
