/**
 * The device table of the web app for aircraft: callsign, ICAO address, squawk, altitude and
 * speed as columns, and the default columns of the core's `phy-ADSB` view: the address and what
 * the aircraft is doing rather than MAC, manufacturer, type, channel or encryption, which are
 * the same for every aircraft (the name is the callsign once heard, else the address).
 */
import type { UiModuleApi } from '@svc/core';

/** A number with its unit, '' for 0 (what the record holds for "not known"). */
const measured = (unit: string) => (value: unknown) => (typeof value === 'number' && value ? `${Math.round(value)} ${unit}` : '');

/** Adds the aircraft columns and sets the default columns of the ADSB view. */
export function registerAdsbColumns(ui: UiModuleApi): void {
  ui.deviceColumns({
    views: ['phy-ADSB'],
    columns: [
      { id: 'adsb-callsign', title: 'Callsign', field: 'adsb.device/adsb.device.callsign', width: '7em' },
      { id: 'adsb-icao', title: 'ICAO', field: 'adsb.device/adsb.device.icao', width: '6em' },
      { id: 'adsb-squawk', title: 'Squawk', field: 'adsb.device/adsb.device.squawk', width: '5em' },
      { id: 'adsb-altitude', title: 'Altitude', field: 'adsb.device/adsb.device.altitude', width: '7em', numeric: true, cell: measured('ft') },
      { id: 'adsb-speed', title: 'Speed', field: 'adsb.device/adsb.device.speed', width: '6em', numeric: true, cell: measured('kt') },
    ],
    defaults: ['name', 'adsb-icao', 'adsb-altitude', 'adsb-speed', 'adsb-squawk', 'signal', 'packets', 'seen'],
  });
}
