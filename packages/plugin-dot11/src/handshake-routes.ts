/**
 * Kismet's handshake downloads: `/phy/phy80211/by-key/{KEY}/pcap/handshake.pcap` gives every
 * handshake svc kept for an access point, `/phy/phy80211/by-key/{KEY}/device/{MAC}/pcap/handshake.pcap`
 * one station's, `/phy/phy80211/by-key/{KEY}/pcap/handshake-pmkid.pcap` the message that carries
 * a PMKID, each with the network's beacon or probe response (see handshake-pcap.ts).
 * Readonly, as in Kismet. A key that is no 802.11 device, or an access point without a kept
 * handshake (or PMKID), is a 404 saying so rather than an empty file.
 */
import { captureResponse, formatMac, parseMac, SvcError, type RouteRegistry, type Service } from '@svc/core';
import type { Dot11Device } from './device/dot11-device.js';
import { handshakeFrames, handshakePcapFile, pmkidFrames } from './handshake-pcap.js';

/** Adds the handshake routes. */
export function addHandshakeRoutes(routes: RouteRegistry, svc: Service, phyName: string): void {
  const accessPoint = (key: string): { mac: number; dot11: Dot11Device } => {
    const device = svc.devices.requireByKey(key);
    const dot11 = device.components.dot11;
    if (device.phy.name !== phyName || !dot11) throw new SvcError('SVC_ERR_NOT_FOUND', `${key} is not an 802.11 device`);
    return { mac: device.mac, dot11 };
  };
  const fileName = (...macs: number[]) => macs.map((mac) => formatMac(mac).replaceAll(':', '-')).join('-');
  const serve = (key: string, stationText?: string) => {
    const { mac, dot11 } = accessPoint(key);
    let station: number | undefined;
    if (stationText !== undefined) {
      station = parseMac(stationText);
      if (station === undefined) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${stationText}' is not a MAC address`);
    }
    const frames = handshakeFrames(dot11, station);
    const whose = station === undefined ? '' : ` with ${formatMac(station)}`;
    if (frames.length === 0) throw new SvcError('SVC_ERR_NOT_FOUND', `no WPA handshake of ${formatMac(mac)}${whose} has been seen`);
    return captureResponse(handshakePcapFile(frames), `${station === undefined ? fileName(mac) : fileName(mac, station)}-handshake.pcap`);
  };
  routes.http({
    methods: ['GET'],
    path: '/phy/phy80211/by-key/:key/pcap/handshake',
    formats: ['pcap'],
    role: 'readonly',
    description: "an access point's kept WPA handshakes with its beacon, as a pcap (802.11, link type 105) for aircrack-ng or hashcat",
    handler: ({ params }) => serve(params.key!),
  });
  routes.http({
    methods: ['GET'],
    path: '/phy/phy80211/by-key/:key/device/:device/pcap/handshake',
    formats: ['pcap'],
    role: 'readonly',
    description: "one station's WPA handshakes with an access point, with the access point's beacon, as a pcap",
    handler: ({ params }) => serve(params.key!, params.device!),
  });
  routes.http({
    methods: ['GET'],
    path: '/phy/phy80211/by-key/:key/pcap/handshake-pmkid',
    formats: ['pcap'],
    role: 'readonly',
    description: "the first kept handshake message of an access point that carries a PMKID, with its beacon, as a pcap (802.11, link type 105) for hashcat",
    handler: ({ params }) => {
      const { mac, dot11 } = accessPoint(params.key!);
      const frames = pmkidFrames(dot11);
      if (frames.length === 0) throw new SvcError('SVC_ERR_NOT_FOUND', `no handshake message of ${formatMac(mac)} with a PMKID has been seen`);
      return captureResponse(handshakePcapFile(frames), `${fileName(mac)}-pmkid.pcap`);
    },
  });
}
