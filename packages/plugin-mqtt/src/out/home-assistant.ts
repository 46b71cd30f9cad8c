/**
 * Home Assistant MQTT discovery for sensors (behind `mqtt_homeassistant=true`): for each sensor
 * and each reading class it reports, one retained config at
 * `<ha prefix>/sensor/<node>/<device key>_<reading>/config` that points Home Assistant at the
 * reading's retained state topic, with the unit, device and state class, and the sensor as
 * the device (manufacturer and model as the sensor's plugin reports them: from rtl_433's
 * `Maker-Model` names, as `rtl_433_mqtt_hass.py` splits them). The entity is available while
 * svc's status is `online`.
 */
import type { SensorReport } from '@svc/core';
import type { ReadingClass } from './sensor-readings.js';

/** What an entity config is made from. */
export interface SensorEntity {
  /** The sensor's svc device key. */
  readonly key: string;
  /** The sensor's model and id, as its decoder gives them, and its maker and model for the device registry. */
  readonly model: string;
  readonly id: string;
  readonly make: SensorReport['make'];
  readonly reading: ReadingClass;
  readonly unit: string;
  readonly stateTopic: string;
}

/** Discovery settings. */
export interface DiscoverySettings {
  /** `mqtt_homeassistant_prefix`. */
  readonly prefix: string;
  /** Node id: svc and the server name, letters, digits, `_` and `-` only. */
  readonly nodeId: string;
  /** svc's `<prefix>/status` topic. */
  readonly availabilityTopic: string;
}

/** A node or object id: only what Home Assistant takes in a discovery topic. */
export function discoveryId(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The config topic of an entity. */
export function discoveryTopic(settings: DiscoverySettings, entity: Pick<SensorEntity, 'key' | 'reading'>): string {
  return `${settings.prefix}/sensor/${settings.nodeId}/${discoveryId(`${entity.key}_${entity.reading.id}`)}/config`;
}

/** The config payload of an entity. */
export function discoveryConfig(settings: DiscoverySettings, entity: SensorEntity): Record<string, unknown> {
  const { manufacturer, model } = entity.make;
  const deviceId = discoveryId(`${settings.nodeId}_${entity.key}`);
  const config: Record<string, unknown> = {
    name: entity.reading.name,
    unique_id: `${deviceId}_${entity.reading.id}`,
    state_topic: entity.stateTopic,
    unit_of_measurement: entity.unit,
    state_class: entity.reading.stateClass,
    availability_topic: settings.availabilityTopic,
    payload_available: 'online',
    payload_not_available: 'offline',
    device: { identifiers: [deviceId], name: `${entity.model} ${entity.id}`, manufacturer, model },
  };
  if (entity.reading.deviceClass) config.device_class = entity.reading.deviceClass;
  if (entity.reading.diagnostic) config.entity_category = 'diagnostic';
  return config;
}
