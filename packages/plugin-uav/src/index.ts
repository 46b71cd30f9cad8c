/**
 * `@svc/plugin-uav`: drones, built only on the public plugin API and on what the 802.11 and
 * Bluetooth plugins offer other plugins. It provides the `UAV` PHY: drones keyed by their serial
 * or UA ID, from ASTM F3411 Remote ID (Wi-Fi beacons, Wi-Fi NAN, Bluetooth LE legacy and
 * extended advertising, F3411-19 and -22) and DJI DroneID, with their position, track and
 * operator; the reports of Kismet's AntSDR DroneID tool (`antsdr-droneid`, over remote capture);
 * Kismet's manufacturer rules (`uav_match=`) and their route; and the drone alerts (UAVGEOFENCE,
 * UAVNEW, UAVSPOOF).
 */
import { definePlugin } from '@svc/core';
import { antsdrRemoteType } from './antsdr/antsdr-type.js';
import { getDot11Hooks } from '@svc/plugin-dot11';
import { UAV_ALERT_CONFIG_KEYS, uavAlerts } from './alerts/uav-alerts.js';
import { parseUavMatchRules, UAV_MATCH_CONFIG_KEY, UAV_MATCH_FIELDS } from './match/uav-match-rules.js';
import { UAV_ELEMENT_PARSERS } from './radio/wifi-sightings.js';
import { addManufMatchersRoute } from './routes/manuf-matchers-route.js';
import { addUavMetrics, UavCounters } from './drone/uav-counters.js';
import { uavPhy } from './uav-phy.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-uav';

/** The drone plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: ['@svc/plugin-dot11', '@svc/plugin-bluetooth'],
  configKeys: {
    [UAV_MATCH_CONFIG_KEY]: 'a manufacturer rule recognising drones by their Wi-Fi network, as Kismet writes them: name:name="Manufacturer",model="...",mac=MAC/MASK,ssid="regex"[,match_any=true]; repeatable',
    ...UAV_ALERT_CONFIG_KEYS,
  },
  apply(svc) {
    const rules = parseUavMatchRules(svc.config.getAll(UAV_MATCH_CONFIG_KEY));
    const watch = uavAlerts(svc);
    const counters = new UavCounters();
    getDot11Hooks(svc).ieParsers.tap(PLUGIN_NAME, (parsers) => {
      for (const parser of UAV_ELEMENT_PARSERS) parsers.add(parser);
    });
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) => phys.add(uavPhy({ rules, counters, watch })));
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => types.add(antsdrRemoteType));
    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => fields.registerAll(UAV_MATCH_FIELDS));
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) => addManufMatchersRoute(routes, rules));
    svc.hooks.metrics.tap(PLUGIN_NAME, (metrics) => addUavMetrics(metrics, counters));
  },
});

export { UAV_PHY_NAME, uavPhy, type UavPhySettings } from './uav-phy.js';
export { UavDevice, UAV_DEVICE_FIELDS, type UavPosition, type UavTransmitter } from './drone/uav-device.js';
export { UAV_TELEMETRY_FIELDS, type UavPoint, type UavTelemetry } from './drone/uav-telemetry.js';
export { UAV_DEVICE_TYPE, DJI_UAV_DEVICE_TYPE, RELATED_UAV, RELATED_TRANSMITTER, type UavSighted, type UavWatch } from './drone/uav-classify.js';
export { UavCounters } from './drone/uav-counters.js';
export { droneMac, type DroneIdentity, type DroneIdKind } from './drone/drone-identity.js';
export type { UavObservation, UavSighting, UavRadio, UavTransport } from './drone/uav-sighting.js';
export { decodeRemoteIdPayload, decodeOdidMessage, MAX_PACK_MESSAGES } from './remoteid/decode-odid.js';
export * from './remoteid/odid-message.js';
export { ASD_STAN_OUI, ODID_APP_CODE, ODID_SERVICE_UUID, ODID_NAN_SERVICE_ID, readBeaconElement, readNanActionFrame, readServiceData } from './remoteid/remote-id-transports.js';
export { DJI_DRONEID_OUI, DJI_DRONEID_VENDOR_TYPE, readDjiDroneId, type DjiDroneId, type DjiFlightTelemetry, type DjiFlightPurpose, type DjiState } from './dji/dji-droneid.js';
export { UAV_MATCH_CONFIG_KEY, parseUavMatchRule, ruleMatches, type UavMatchRule } from './match/uav-match-rules.js';
export { GEOFENCE_CONFIG_KEY, parseGeofence, insideGeofence, type Geofence } from './alerts/geofence.js';
export { UAV_ALERTS, UAV_ALERT_CONFIG_KEYS } from './alerts/uav-alerts.js';
export { MANUF_MATCHERS_PATH } from './routes/manuf-matchers-route.js';
export { decodeUavRecord, antsdrMac, UAV_RECORD_TYPES } from './uav-decoder.js';
export { ANTSDR_RECORD_TYPE, readAntsdrRecord, type AntsdrDroneId } from './antsdr/antsdr-record.js';
export { antsdrRemoteType } from './antsdr/antsdr-type.js';
