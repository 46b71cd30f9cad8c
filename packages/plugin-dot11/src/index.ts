/**
 * `@svc/plugin-dot11`: IEEE 802.11 support, built only on the public plugin API. Read as a
 * checklist, as Kismet's `phy_80211.cc` constructor reads: the PHY (declared whole in
 * `dot11-phy.ts`: sub-record, views, decoder, classifier, alerts, UI module), element parsers
 * from other plugins, the event topics, the datasource types, the scan-report and read routes,
 * the SSID scan settings, the alert checks, and the release of each decoded frame at the end of the chain.
 */
import { definePlugin, ScanReceiver } from '@svc/core';
import { applyDot11Alerts, DOT11_ALERT_CONFIG_KEYS } from './alerts/dot11-alerts.js';
import { pcapfileType } from './datasources/pcapfile.js';
import { createLinuxWifiType } from './datasources/linuxwifi/linuxwifi.js';
import { dot11Phy } from './dot11-phy.js';
import { DOT11_EVENT_TOPICS } from './events.js';
import { getDot11Hooks } from './hooks.js';
import { IeParserTable } from './parse/ie-parsers.js';
import { readDot11ScanReport } from './scan/scan-report.js';
import { SCAN_SOURCE_TYPE, scanSourceType } from './scan/scan-source.js';
import { addHandshakeRoutes } from './handshake-routes.js';
import { addDot11ReadRoutes } from './routes/dot11-read-routes.js';
import { addBssidStreamRoutes } from './routes/bssid-stream.js';
import { SsidGroups, SSID_GROUP_FIELDS } from './ssids/ssid-groups.js';
import { SsidScan, SSID_SCAN_CONFIG_KEYS, SSID_SCAN_FIELDS } from './ssidscan/ssid-scan.js';
import { addSsidScanRoutes } from './ssidscan/ssid-scan-routes.js';
import { ACCESS_POINT_VIEW, DOT11_PHY_NAME } from './dot11-names.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-dot11';

/** `track` stage priority of the tap that releases the decoded frame: after every other tap. */
const RELEASE_STAGE = Number.MAX_SAFE_INTEGER;

/** Config key that turns the access point view off. */
const VIEW_CONFIG_KEY = 'dot11_view_accesspoints';
/** Config key that turns the SSID view off. */
const SSID_VIEW_CONFIG_KEY = 'dot11_view_ssids';

/** The 802.11 plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: [],
  configKeys: {
    [VIEW_CONFIG_KEY]: `keep the ${ACCESS_POINT_VIEW} view (true, the default, or false)`,
    [SSID_VIEW_CONFIG_KEY]: 'keep the SSID view at /phy/phy80211/ssids/views/ssids (true, the default, or false: it is then empty)',
    ...DOT11_ALERT_CONFIG_KEYS,
    ...SSID_SCAN_CONFIG_KEYS,
  },
  apply(svc) {
    const parsers = new IeParserTable();
    svc.hooks.fields.tap(PLUGIN_NAME, () => getDot11Hooks(svc).ieParsers.call(parsers));
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) => phys.add(dot11Phy({ accessPointView: svc.config.getBoolean(VIEW_CONFIG_KEY, true), parsers })));
    svc.hooks.eventTopics.tap(PLUGIN_NAME, (topics) => {
      for (const topic of DOT11_EVENT_TOPICS) topics.add(topic);
    });
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => {
      types.add(pcapfileType);
      types.add(createLinuxWifiType());
      types.add(scanSourceType);
    });
    const scans = new ScanReceiver(svc, SCAN_SOURCE_TYPE);
    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => {
      fields.register('dot11.scanreport.accepted', 'uint64_t', 'networks accepted from a scan report');
      fields.register('dot11.scanreport.source_uuid', 'uuid', 'UUID of the datasource the report was filed under');
    });
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) => addHandshakeRoutes(routes, svc, DOT11_PHY_NAME));
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) => addBssidStreamRoutes(routes, svc, DOT11_PHY_NAME));
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) =>
      routes.http({
        methods: ['POST'],
        path: '/phy/phy80211/scan/scan_report',
        formats: ['cmd'],
        role: 'scanreport',
        description: 'Wi-Fi scan results from a device that cannot capture: source_name, source_uuid, reports [{bssid, signal, ssid, capabilities, channel, freqkhz, timestamp, lat, lon, alt}]',
        handler: async ({ command }) => {
          const report = readDot11ScanReport(command, Date.now() / 1000);
          const uuid = await scans.receive(report);
          return { 'dot11.scanreport.accepted': report.packets.length, 'dot11.scanreport.source_uuid': uuid };
        },
      }),
    );

    const ssids = svc.config.getBoolean(SSID_VIEW_CONFIG_KEY, true) ? new SsidGroups(svc.devices, DOT11_PHY_NAME) : undefined;
    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => fields.registerAll(SSID_GROUP_FIELDS));
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) => addDot11ReadRoutes(routes, { svc, ssids }));
    const ssidScan = new SsidScan(svc.config);
    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => fields.registerAll(SSID_SCAN_FIELDS));
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) => addSsidScanRoutes(routes, ssidScan));

    applyDot11Alerts(svc, PLUGIN_NAME, DOT11_PHY_NAME);
    // The decoded frame lives for one pass of the chain: released after every other tap, it dies
    // young instead of staying reachable from the datasource's batch.
    svc.hooks.packet.for('track').tap({ name: PLUGIN_NAME, stage: RELEASE_STAGE }, (packet) => {
      if (packet.annotations.dot11 !== undefined) packet.annotations.dot11 = undefined;
    });
  },
});

export { ACCESS_POINT_VIEW, DOT11_PHY_NAME } from './dot11-names.js';
export { dot11Phy, type Dot11PhySettings } from './dot11-phy.js';
export { decodeDot11Frame, DOT11_LINK_TYPES } from './dot11-decoder.js';
export { getDot11Hooks, type Dot11Hooks } from './hooks.js';
export type { IeParserDefinition, IeParserTable } from './parse/ie-parsers.js';
export type { Dot11Frame, Dot11Radio } from './parse/decode.js';
export { Dot11Type, ManagementSubtype, type Dot11Header } from './parse/dot11-header.js';
export type { Dot11Ies } from './parse/ies.js';
export { Dot11Device } from './device/dot11-device.js';
export { Dot11TypeSet, BasicType, Dot11DeviceType } from './device/typeset.js';
export { Crypt, BasicCrypt } from './device/crypt.js';
export { Dot11Topic } from './events.js';
