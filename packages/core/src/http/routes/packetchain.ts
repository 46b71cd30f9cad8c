/**
 * Kismet's packet chain and channel routes: the chain's records at `/packetchain/packet_stats`
 * (all seven) and `/packetchain/packet_<name>` (one each), and `/channels/channels` (packets and
 * devices per frequency and channel). (The counting is the datasources' and channels' features'.)
 */
import { PACKET_STAT_ROUTES } from '../../packets/packet-stats.js';
import { definePlugin } from '../../plugin.js';
import { nowSeconds } from '../../time/timestamp.js';
import { TRACKED_FORMATS } from '../route-registry.js';

/** Name of the built-in packet chain and channel routes. */
export const PACKETCHAIN_ROUTES = '@svc/core:packetchain-routes';

/** The packet chain and channel routes. */
export const packetchainRoutes = definePlugin({
  name: PACKETCHAIN_ROUTES,
  apply(svc) {
    const stats = svc.datasources.packetStats;
    svc.hooks.routes.tap(PACKETCHAIN_ROUTES, (routes) => {
      routes.http({
        methods: ['GET', 'POST'],
        path: '/packetchain/packet_stats',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'the packet chain records: peak, packets (rate), error, dupe, queued, dropped and processed packets (rrd records)',
        handler: () => stats.records(nowSeconds()),
      });
      for (const [route, stat] of PACKET_STAT_ROUTES) {
        routes.http({
          methods: ['GET', 'POST'],
          path: `/packetchain/packet_${route}`,
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: `the packet chain's ${stat} packets record (rrd record)`,
          handler: () => stats.record(stat, nowSeconds()),
        });
      }
      routes.http({
        methods: ['GET', 'POST'],
        path: '/channels/channels',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'packets, bytes, signal and devices per frequency (kHz) and per channel',
        handler: () => svc.channels.toRecord(nowSeconds()),
      });
    });
  },
});
