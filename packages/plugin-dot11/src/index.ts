/**
 * `@svc/plugin-dot11`: IEEE 802.11 support, built only on the public plugin API. Read as a
 * checklist, as Kismet's `phy_80211.cc` constructor reads: the PHY and its device sub-record,
 * the access point view, the event topics, the datasource types, the scan-report route, element
 * parsers from other plugins, then the two packet-chain stages (decode, classify).
 */
import { definePlugin, packageFile, type PhyState } from '@svc/core';
import { Dot11Classifier } from './classify.js';
import { decodePacket } from './decode-stage.js';
import { DOT11_DEVICE_FIELDS } from './device/fields.js';
import { applyDot11Alerts, DOT11_ALERT_CONFIG_KEYS } from './alerts/dot11-alerts.js';
import { ACCESS_POINT_BITS } from './device/typeset.js';
import { pcapfileType } from './datasources/pcapfile.js';
import { createLinuxWifiType } from './datasources/linuxwifi/linuxwifi.js';
import { DOT11_EVENT_TOPICS, Dot11Events } from './events.js';
import { getDot11Hooks } from './hooks.js';
import { IeParserTable } from './parse/ie-parsers.js';
import type { Dot11Frame } from './parse/decode.js';
import { readScanReport, type ScannedNetwork } from './scan/scan-report.js';
import { ScanReceiver, scanSourceType } from './scan/scan-source.js';
import { dot11WigleRow } from './wigle-row.js';
import { dot11DeviceFromRecord } from './device/dot11-restore.js';
import { dot11ComponentState } from './device/dot11-state.js';
import { addHandshakeRoutes } from './handshake-routes.js';
import { addDot11ReadRoutes } from './routes/dot11-read-routes.js';
import { SsidGroups, SSID_GROUP_FIELDS } from './ssids/ssid-groups.js';
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
  },
  apply(svc) {
    const parsers = new IeParserTable();
    svc.hooks.fields.tap(PLUGIN_NAME, () => getDot11Hooks(svc).ieParsers.call(parsers));
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) =>
      phys.add({
        name: DOT11_PHY_NAME,
        description: 'IEEE 802.11 Wi-Fi',
        deviceComponent: { field: 'dot11.device', key: 'dot11', description: '802.11 sub-record', fields: DOT11_DEVICE_FIELDS },
        views: svc.config.getBoolean(VIEW_CONFIG_KEY, true)
          ? [{ name: ACCESS_POINT_VIEW, description: 'IEEE802.11 Access Points', includes: (device) => ((device.components.dot11?.typeset ?? 0) & ACCESS_POINT_BITS) !== 0 }]
          : [],
        wigleRow: dot11WigleRow,
        restoreComponent: (record) => dot11DeviceFromRecord(record),
        componentState: dot11ComponentState,
      }),
    );
    svc.hooks.eventTopics.tap(PLUGIN_NAME, (topics) => {
      for (const topic of DOT11_EVENT_TOPICS) topics.add(topic);
    });
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => {
      types.add(pcapfileType);
      types.add(createLinuxWifiType());
      types.add(scanSourceType);
    });
    svc.hooks.uiModules.tap(PLUGIN_NAME, (modules) =>
      modules.add({
        name: 'dot11',
        description: "Wi-Fi panels of a device's detail (SSIDs with encryption, clients and access points, WPA handshakes), and the default columns of the 802.11 views",
        file: packageFile(import.meta.url, 'dist/ui/dot11.js'),
      }),
    );
    const scans = new ScanReceiver(svc);
    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => {
      fields.register('dot11.scanreport.accepted', 'uint64_t', 'networks accepted from a scan report');
      fields.register('dot11.scanreport.source_uuid', 'uuid', 'UUID of the datasource the report was filed under');
    });
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) => addHandshakeRoutes(routes, svc, DOT11_PHY_NAME));
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) =>
      routes.http({
        methods: ['POST'],
        path: '/phy/phy80211/scan/scan_report',
        formats: ['cmd'],
        role: 'scanreport',
        description: 'Wi-Fi scan results from a device that cannot capture: source_name, source_uuid, reports [{bssid, signal, ssid, capabilities, channel, freqkhz, timestamp, lat, lon, alt}]',
        handler: async ({ command }) => {
          const report = readScanReport(command, Date.now() / 1000);
          const uuid = await scans.receive(report);
          return { 'dot11.scanreport.accepted': report.packets.length, 'dot11.scanreport.source_uuid': uuid };
        },
      }),
    );

    const ssids = svc.config.getBoolean(SSID_VIEW_CONFIG_KEY, true) ? new SsidGroups(svc.devices, DOT11_PHY_NAME) : undefined;
    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => fields.registerAll(SSID_GROUP_FIELDS));
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) => addDot11ReadRoutes(routes, { svc, ssids }));

    let classifier: Dot11Classifier | undefined;
    svc.hooks.packet.for('decode').tap(PLUGIN_NAME, (packet) => {
      decodePacket(packet, parsers);
    });
    svc.hooks.packet.for('classify').tap(PLUGIN_NAME, (packet) => {
      const frame = packet.annotations.dot11 as Dot11Frame | undefined;
      const scanned = packet.annotations.dot11scan as ScannedNetwork | undefined;
      if (!frame && !scanned) return;
      classifier ??= new Dot11Classifier(svc.devices, svc.devices.phy(DOT11_PHY_NAME) as PhyState, new Dot11Events(svc));
      if (frame) classifier.classify(packet, frame);
      else classifier.scanned(packet, scanned!);
    });
    applyDot11Alerts(svc, PLUGIN_NAME, DOT11_PHY_NAME);
    // The decoded frame lives for one pass of the chain: released after every other tap, it dies
    // young instead of staying reachable from the datasource's batch.
    svc.hooks.packet.for('track').tap({ name: PLUGIN_NAME, stage: RELEASE_STAGE }, (packet) => {
      if (packet.annotations.dot11 !== undefined) packet.annotations.dot11 = undefined;
    });
  },
});

export { ACCESS_POINT_VIEW, DOT11_PHY_NAME } from './dot11-names.js';
export { getDot11Hooks, type Dot11Hooks } from './hooks.js';
export type { IeParserDefinition, IeParserTable } from './parse/ie-parsers.js';
export type { Dot11Frame, Dot11Radio } from './parse/decode.js';
export type { Dot11Header } from './parse/dot11-header.js';
export type { Dot11Ies } from './parse/ies.js';
export { Dot11Device } from './device/dot11-device.js';
export { Dot11TypeSet, BasicType, Dot11DeviceType } from './device/typeset.js';
export { Crypt, BasicCrypt } from './device/crypt.js';
export { Dot11Topic } from './events.js';
