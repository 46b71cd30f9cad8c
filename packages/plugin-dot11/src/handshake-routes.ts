/**
 * Kismet's handshake downloads: `/phy/phy80211/by-key/{KEY}/pcap/handshake.pcap` gives every
 * handshake svc kept for an access point, `/phy/phy80211/by-key/{KEY}/device/{MAC}/pcap/handshake.pcap`
 * one station's, each with the network's beacon or probe response (see handshake-pcap.ts).
 * Readonly, as in Kismet. A key that is no 802.11 device, or an access point without a kept
 * handshake, is a 404 saying so rather than an empty file.
 */
import { captureResponse, formatMac, parseMac, SvcError, type RouteRegistry, type Service } from '@svc/core';
import { handshakeFrames, handshakePcapFile } from './handshake-pcap.js';

/** Adds the handshake routes. */
export function addHandshakeRoutes(routes: RouteRegistry, svc: Service, phyName: string): void {
  const serve = (key: string, stationText?: string) => {
    const device = svc.devices.requireByKey(key);
    const dot11 = device.components.dot11;
    if (device.phy.name !== phyName || !dot11) throw new SvcError('SVC_ERR_NOT_FOUND', `${key} is not an 802.11 device`);
    let station: number | undefined;
    if (stationText !== undefined) {
      station = parseMac(stationText);
      if (station === undefined) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${stationText}' is not a MAC address`);
    }
    const frames = handshakeFrames(dot11, station);
    const whose = station === undefined ? '' : ` with ${formatMac(station)}`;
    if (frames.length === 0) throw new SvcError('SVC_ERR_NOT_FOUND', `no WPA handshake of ${formatMac(device.mac)}${whose} has been seen`);
    return captureResponse(handshakePcapFile(frames), `${formatMac(device.mac).replaceAll(':', '-')}${station === undefined ? '' : `-${formatMac(station).replaceAll(':', '-')}`}-handshake.pcap`);
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
}
