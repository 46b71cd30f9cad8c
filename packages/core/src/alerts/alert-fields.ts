/**
 * Field definitions of alert records and alert definitions (`svc.alert.*`), after Kismet's
 * alert tracker, so clients that read Kismet alerts read ours.
 */
import type { FieldDefinition } from '../fields/field-registry.js';

/** Fields of a raised alert. */
export const ALERT_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.alert.hash', type: 'uint32_t', description: 'unique id of this alert' },
  { name: 'svc.alert.header', type: 'string', description: 'alert name (definition header)' },
  { name: 'svc.alert.class', type: 'string', description: 'alert class (SYSTEM, DENIAL, EXPLOIT, PROBE, SPOOF, OTHER)' },
  { name: 'svc.alert.severity', type: 'uint8_t', description: 'severity: 0 info, 5 low, 10 medium, 15 high, 20 critical' },
  { name: 'svc.alert.phy_name', type: 'string', description: 'PHY the alert concerns, empty for any' },
  { name: 'svc.alert.timestamp', type: 'double', description: 'time the alert was raised, Unix seconds with fraction (beside svc.alert.list: the time of the answer)' },
  { name: 'svc.alert.device_key', type: 'devicekey', description: 'key of the device the alert concerns, if any' },
  { name: 'svc.alert.transmitter_mac', type: 'mac_addr', description: 'transmitter (BSSID) MAC' },
  { name: 'svc.alert.source_mac', type: 'mac_addr', description: 'source MAC' },
  { name: 'svc.alert.dest_mac', type: 'mac_addr', description: 'destination MAC' },
  { name: 'svc.alert.other_mac', type: 'mac_addr', description: 'other MAC involved' },
  { name: 'svc.alert.channel', type: 'string', description: 'channel the alert was seen on' },
  { name: 'svc.alert.text', type: 'string', description: 'alert text' },
  { name: 'svc.alert.location', type: 'object', description: 'position of the server when the alert was raised (location record), when a GPS had a valid fix' },
  { name: 'svc.alert.list', type: 'vector[object]', description: 'alerts raised after the requested time' },
];

/** Fields of an alert definition. */
export const ALERT_DEFINITION_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.alert.definition.header', type: 'string', description: 'alert name' },
  { name: 'svc.alert.definition.class', type: 'string', description: 'alert class' },
  { name: 'svc.alert.definition.severity', type: 'uint8_t', description: 'severity: 0 info, 5 low, 10 medium, 15 high, 20 critical' },
  { name: 'svc.alert.definition.description', type: 'string', description: 'what the alert means' },
  { name: 'svc.alert.definition.phyid', type: 'int64_t', description: 'number of the PHY the alert belongs to (/phy/all_phys.json), -1 for any' },
  { name: 'svc.alert.definition.limit_unit', type: 'uint64_t', description: 'throttle unit: 0 second, 1 minute, 2 hour, 3 day' },
  { name: 'svc.alert.definition.limit_rate', type: 'uint64_t', description: 'alerts allowed per limit unit (throttle); 0 turns the alert off' },
  { name: 'svc.alert.definition.burst_unit', type: 'uint64_t', description: 'burst unit: 0 second, 1 minute, 2 hour, 3 day' },
  { name: 'svc.alert.definition.limit_burst', type: 'uint64_t', description: 'alerts allowed per burst unit; 0 turns the alert off' },
  { name: 'svc.alert.definition.burst_sent', type: 'uint64_t', description: 'alerts sent in the current burst window' },
  { name: 'svc.alert.definition.total_sent', type: 'uint64_t', description: 'alerts sent in the current throttle window' },
  { name: 'svc.alert.definition.time_last', type: 'double', description: 'time the alert was last sent, Unix seconds' },
  { name: 'svc.alert.definition.phy_name', type: 'string', description: 'name of the PHY the alert belongs to, empty for any' },
];
