/**
 * Datasources as a built-in feature: the datasource and packet chain records' fields, the
 * `DATASOURCE_*` topics the tracker publishes, `PACKETCHAIN_STATS` with a one-second sample of
 * every capture's backlog and drops, the remote capture TCP listener (`remote_capture_enabled`),
 * and every source closed at shutdown (the service opens the `source=` lines once it listens).
 */
import { describeError } from '../errors.js';
import { MessageFlags } from '../messages/message-bus.js';
import { PACKET_STATS_FIELDS } from '../packets/packet-stats.js';
import { definePlugin } from '../plugin.js';
import { nowSeconds } from '../time/timestamp.js';
import { ANTENNA_FIELDS } from './antenna-records.js';
import { DATASOURCE_FIELDS } from './datasource-fields.js';
import { listenRemoteCaptureTcp, type RemoteCaptureTcpListener } from './remote/remote-listeners.js';

/** Name of the built-in datasources plugin. */
export const DATASOURCES_PLUGIN = '@svc/core:datasources';

/** The topics the datasource tracker publishes, with what each carries. */
const TOPICS: [string, string][] = [
  ['NEW_DATASOURCE', 'a datasource was added (datasource record)'],
  ['DATASOURCE_OPENED', 'a datasource opened and captures (datasource record)'],
  ['DATASOURCE_CLOSED', 'a datasource was closed (datasource record)'],
  ['DATASOURCE_ERROR', 'a datasource failed (datasource record with error_reason)'],
  ['DATASOURCE_PAUSED', 'a datasource was paused (datasource record)'],
  ['DATASOURCE_RESUMED', 'a datasource was resumed (datasource record)'],
  ['DATASOURCE_ENDED', 'a datasource has no more data, a replayed file at its end; it stays open (datasource record)'],
  ['DATASOURCE_REMOVED', 'a datasource was removed from the server (its last record)'],
];

/** The datasources feature. */
export const datasourcesPlugin = definePlugin({
  name: DATASOURCES_PLUGIN,
  apply(svc) {
    svc.hooks.fields.tap(DATASOURCES_PLUGIN, (fields) => {
      fields.registerAll(DATASOURCE_FIELDS);
      fields.registerAll(ANTENNA_FIELDS);
      fields.registerAll(PACKET_STATS_FIELDS);
      fields.register('svc.datasourcetracker.default.hop_rate', 'double', 'hops per second (channel_hop_speed)');
      fields.register('svc.datasourcetracker.default.hop', 'uint8_t', 'hop by default (channel_hop)');
      fields.register('svc.datasourcetracker.default.split', 'uint8_t', 'split hop lists among sources of one type (split_source_hopping)');
      fields.register('svc.datasourcetracker.default.random_order', 'uint8_t', 'shuffle hop lists (randomized_hopping)');
      fields.register('svc.datasourcetracker.default.retry_on_error', 'uint8_t', 're-open failed sources (retry_on_source_error)');
      fields.register('svc.datasourcetracker.default.remote_cap_listen', 'string', 'address of the remote capture TCP listener');
      fields.register('svc.datasourcetracker.default.remote_cap_port', 'uint32_t', 'port of the remote capture TCP listener');
      fields.register('svc.datasourcetracker.default.remote_cap_timestamp', 'uint8_t', 'replace remote packet times with server time');
    });
    svc.hooks.eventTopics.tap(DATASOURCES_PLUGIN, (topics) => {
      for (const [name, description] of TOPICS) topics.add({ name, description });
      topics.add({ name: 'PACKETCHAIN_STATS', description: 'the packet chain records once a second (as /packetchain/packet_stats.json)' });
    });
    let sampler: NodeJS.Timeout | undefined;
    let tcp: RemoteCaptureTcpListener | undefined;
    svc.hooks.ready.tapPromise(DATASOURCES_PLUGIN, async () => {
      const stats = svc.datasources.packetStats;
      sampler = setInterval(() => {
        const now = nowSeconds();
        svc.datasources.sampleCaptures(now);
        if (svc.events.hasListeners('PACKETCHAIN_STATS')) svc.events.publish('PACKETCHAIN_STATS', stats.records(now));
      }, 1000);
      sampler.unref();
      if (!svc.config.getBoolean('remote_capture_enabled', false)) return;
      const { remoteCaptureListen: host, remoteCapturePort: port } = svc.datasources.defaults;
      try {
        tcp = await listenRemoteCaptureTcp(svc, host, port, svc.config.get('remote_capture_key') || undefined);
        svc.messages.post(`remote capture (TCP) listening on ${host}:${tcp.port}`);
      } catch (error) {
        svc.messages.post(`remote capture (TCP) could not listen on ${host}:${port}: ${describeError(error)}; websocket remote capture still works`, MessageFlags.ERROR);
      }
    });
    svc.hooks.shutdown.tapPromise(DATASOURCES_PLUGIN, async () => {
      clearInterval(sampler);
      await tcp?.close();
      await svc.datasources.stop();
    });
  },
});
