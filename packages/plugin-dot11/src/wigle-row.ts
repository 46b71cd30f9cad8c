/**
 * How an 802.11 device appears in the WiGLE CSV log: an access point (or ad-hoc network) heard
 * in one of its management frames, with the SSID it last advertised, its encryption in the
 * capability notation WiGLE and Android use (`[WPA2-PSK-CCMP][ESS]`), channel and frequency.
 * Stations are not networks, so they make no rows.
 */
import type { Device, Packet, WigleRow } from '@svc/core';
import { Crypt } from './device/crypt.js';
import { Dot11TypeSet } from './device/typeset.js';
import { Dot11Type } from './parse/dot11-header.js';

/** The WiGLE row of a device from a packet it sent, if it is a network heard in a management frame. */
export function dot11WigleRow(device: Device, packet: Packet): WigleRow | undefined {
  const frame = packet.annotations.dot11;
  if (frame?.header?.type !== Dot11Type.MANAGEMENT) return undefined;
  const dot11 = device.components.dot11;
  const ssid = dot11?.lastBeaconed ?? dot11?.lastResponded;
  if (!dot11 || !ssid) return undefined;
  const network = dot11.typeset & Dot11TypeSet.ADHOC && !(dot11.typeset & Dot11TypeSet.BEACON_AP) ? '[IBSS]' : '[ESS]';
  return {
    name: ssid.cloaked ? '' : ssid.ssid,
    authMode: `${wigleCapabilities(ssid.crypt)}${network}`,
    channel: Number.parseInt(device.channel, 10) || 0,
    frequency: Math.round(device.frequency / 1000),
    type: 'WIFI',
  };
}

/** A crypt bitfield as WiGLE's capability brackets: `[WPS][WPA2-PSK-CCMP]`, `[WEP]`, or nothing when open. */
export function wigleCapabilities(set: number): string {
  let text = '';
  if (set & Crypt.WPS) text += '[WPS]';
  if (set & Crypt.WEP) text += '[WEP]';
  if (set & Crypt.WPA) {
    const cipher = set & Crypt.TKIP ? (set & Crypt.AES_CCM ? 'CCMP+TKIP' : 'TKIP') : set & Crypt.AES_CCM ? 'CCMP' : '';
    const mode = (version: string, auth: string) => `[${version}-${auth}${cipher ? `-${cipher}` : ''}]`;
    const wpa2Auth = set & Crypt.PSK ? 'PSK' : set & Crypt.EAP ? 'EAP' : 'UNKNOWN';
    if (set & Crypt.VERSION_WPA) text += mode('WPA', wpa2Auth);
    if (set & Crypt.VERSION_WPA2) text += mode('WPA2', wpa2Auth);
    if (set & Crypt.VERSION_WPA3) text += mode('WPA3', set & Crypt.SAE ? 'SAE' : set & Crypt.OWE ? 'OWE' : 'EAP');
  }
  return text;
}
