/**
 * Kismet's packet chain and channel routes, applied as a built-in plugin: the chain's records
 * at `/packetchain/packet_stats` (all seven) and `/packetchain/packet_<name>` (one each), the
 * `PACKETCHAIN_STATS` event once a second, and `/channels/channels` (packets and devices per
 * frequency and channel). A one-second timer samples the captures' backlogs and drops and the
 * devices active per frequency, and moves the channel tracker's clock (so packets read none);
 * the channel tracker counts packets at the end of the chain.
 */
import { ChannelTracker, CHANNEL_FIELDS } from '../../channels/channel-tracker.js';
import { PACKET_STAT_ROUTES, PACKET_STATS_FIELDS } from '../../packets/packet-stats.js';
import { definePlugin } from '../../plugin.js';
import { nowSeconds } from '../../time/timestamp.js';
import { TRACKED_FORMATS } from '../route-registry.js';

/** Name of the built-in packet chain plugin. */
export const PACKETCHAIN_PLUGIN = '@svc/core:packetchain';
/** Track-stage priority of the channel tap: after the tracker's commit (1000). */
const CHANNEL_STAGE = 1100;

/** The packet chain and channels plugin. */
export const packetchainPlugin = definePlugin({
  name: PACKETCHAIN_PLUGIN,
  apply(svc) {
    const stats = svc.datasources.packetStats;
    const channels = new ChannelTracker(svc.devices);
    let timer: NodeJS.Timeout | undefined;
    svc.hooks.fields.tap(PACKETCHAIN_PLUGIN, (fields) => {
      fields.registerAll(PACKET_STATS_FIELDS);
      fields.registerAll(CHANNEL_FIELDS);
    });
    svc.hooks.eventTopics.tap(PACKETCHAIN_PLUGIN, (topics) =>
      topics.add({ name: 'PACKETCHAIN_STATS', description: 'the packet chain records once a second (as /packetchain/packet_stats.json)' }),
    );
    svc.hooks.packet.for('track').tap({ name: PACKETCHAIN_PLUGIN, stage: CHANNEL_STAGE }, (packet) => channels.packet(packet));
    svc.hooks.routes.tap(PACKETCHAIN_PLUGIN, (routes) => {
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
        handler: () => channels.toRecord(nowSeconds()),
      });
    });
    svc.hooks.ready.tapPromise(PACKETCHAIN_PLUGIN, async () => {
      channels.tick();
      timer = setInterval(() => {
        const now = nowSeconds();
        svc.datasources.sampleCaptures(now);
        channels.sampleDevices(now);
        if (svc.events.hasListeners('PACKETCHAIN_STATS')) svc.events.publish('PACKETCHAIN_STATS', stats.records(now));
      }, 1000);
      timer.unref();
    });
    svc.hooks.shutdown.tapPromise(PACKETCHAIN_PLUGIN, async () => clearInterval(timer));
  },
});
