/**
 * Alerts for aircraft (beyond Kismet, which has none): ADSBEMERGENCY when an aircraft declares an
 * emergency (squawk 7500 hijack, 7600 radio failure, 7700 general emergency, or an ADS-B
 * emergency/priority status), once per aircraft and emergency; ADSBWATCH when an aircraft on the
 * `adsb_watch` list is heard, once per aircraft until it has been gone ten minutes. Each names
 * the aircraft's device key, and its MAC as the source, as the other PHYs' alerts do.
 */
import { formatMac, tagPacket, type Packet, type PhyAlertDefinition, type Service, type TrackedDevice } from '@svc/core';
import type { AircraftDevice } from '../aircraft/aircraft-device.js';
import { icaoText } from '../aircraft/icao-mac.js';
import { AircraftWatchList, WATCH_CONFIG_KEY } from './aircraft-watch-list.js';

/** The aircraft alerts, declared by the ADSB PHY. */
export const AIRCRAFT_ALERTS: readonly PhyAlertDefinition[] = [
  {
    name: 'ADSBEMERGENCY',
    class: 'OTHER',
    severity: 15,
    throttle: '10/min',
    burst: '1/sec',
    description: 'An aircraft declared an emergency: squawk 7500 (unlawful interference), 7600 (radio failure) or 7700 (general emergency), or an ADS-B emergency or priority status.',
  },
  {
    name: 'ADSBWATCH',
    class: 'OTHER',
    severity: 10,
    throttle: '10/min',
    burst: '1/sec',
    description: `An aircraft on the ${WATCH_CONFIG_KEY} list (an ICAO address or a callsign pattern) was heard.`,
  },
];

/** `classify` stage of the checks: after the PHY's classifier (the core's `PHY_STAGE`, -100). */
const ALERT_STAGE = 10;
/** How long an aircraft must be gone before ADSBWATCH may raise again for it, s. */
const GONE_SECONDS = 600;

/** How an alert names an aircraft: its callsign and address, or the address alone. */
function aircraftLabel(aircraft: AircraftDevice): string {
  return aircraft.callsign ? `${aircraft.callsign} (${icaoText(aircraft.icao)})` : icaoText(aircraft.icao);
}

/** Taps the packet chain with the checks; a bad `adsb_watch` line fails the plugin at start. */
export function applyAircraftAlerts(svc: Service, pluginName: string, phyName: string): void {
  const watch = AircraftWatchList.fromLines(svc.config.getAll(WATCH_CONFIG_KEY));
  const emergencies = new Map<string, string>();
  const watched = new Map<string, number>();
  const raise = (packet: Packet, device: TrackedDevice, name: string, text: string) => {
    if (svc.alerts.tryRaise({ name, text, sourceMac: formatMac(device.mac), channel: '1090', deviceKey: device.key }) === undefined) return false;
    tagPacket(packet, 'ALERT');
    tagPacket(packet, `ALERT_${name}`);
    return true;
  };
  svc.hooks.packet.for('classify').tap({ name: pluginName, stage: ALERT_STAGE }, (packet) => {
    if (packet.annotations.adsb === undefined || packet.device === undefined || packet.duplicate === true) return;
    const device = packet.device;
    const aircraft = device.components.adsb;
    if (aircraft === undefined || device.phy.name !== phyName) return;
    if (aircraft.emergency !== '' && emergencies.get(device.key) !== aircraft.emergency) {
      const squawk = aircraft.squawk ? `, squawking ${aircraft.squawk}` : '';
      if (raise(packet, device, 'ADSBEMERGENCY', `Aircraft ${aircraftLabel(aircraft)} declares an emergency: ${aircraft.emergency}${squawk}`)) emergencies.set(device.key, aircraft.emergency);
    }
    if (!watch.empty) {
      const last = watched.get(device.key);
      const reason = watch.match(aircraft.icao, aircraft.callsign);
      if (reason !== undefined && (last === undefined || packet.tsSec - last > GONE_SECONDS)) {
        if (raise(packet, device, 'ADSBWATCH', `Aircraft ${aircraftLabel(aircraft)} on the watch list (${reason}) was heard`)) watched.set(device.key, packet.tsSec);
      } else if (reason !== undefined) watched.set(device.key, packet.tsSec);
    }
  });
}
