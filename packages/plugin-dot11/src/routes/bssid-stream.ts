/**
 * Kismet's live stream of one network's packets (`/phy/phy80211/pcap/by-bssid/{MAC}/packets.pcapng`):
 * every 802.11 frame whose BSSID is the MAC, from now on, as pcapng, through the core's packet
 * streams (`svc.packetStreams`: shared packing, bounded memory per client, the stream caps).
 * Kismet registers the route with `.pcapng` in its path and the extension on top, so the URL it
 * actually answers is `.../packets.pcapng.pcapng`; both are served. Readonly; a MAC that does not
 * parse is a 400; a network not heard yet is streamed once it is.
 */
import { formatMac, parseMac, SvcError, type RouteRegistry, type Service } from '@svc/core';

/** Adds the route, for the 802.11 PHY named `phyName`. */
export function addBssidStreamRoutes(routes: RouteRegistry, svc: Service, phyName: string): void {
  for (const path of ['/phy/phy80211/pcap/by-bssid/:mac/packets', '/phy/phy80211/pcap/by-bssid/:mac/packets.pcapng']) {
    routes.http({
      methods: ['GET'],
      path,
      formats: ['pcapng'],
      role: 'readonly',
      description: path.endsWith('.pcapng') ? 'the same, at the URL Kismet answers (its route has .pcapng in the path and adds the extension)' : "one network's frames (those whose BSSID is the MAC), live, as a pcapng stream",
      handler: ({ params, login }) => {
        const bssid = parseMac(params.mac!);
        if (bssid === undefined) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${params.mac}' is not a MAC address`);
        const text = formatMac(bssid);
        return svc.packetStreams.open(
          {
            name: `svc-80211-bssid-${text.replaceAll(':', '-')}.pcapng`,
            description: `pcapng of packets for 802.11 BSSID ${text}`,
            key: `dot11-bssid:${text}`,
            accepts: (packet) => packet.networkMac === bssid && packet.phyName === phyName,
          },
          login,
        );
      },
    });
  }
}
