/**
 * MQTT out's settings from config. Only `mqtt_broker` is needed; everything else has a default
 * that works. The user and password come from `mqtt_username` / `mqtt_password` or, to keep
 * them out of config files, `SVC_MQTT_USERNAME` / `SVC_MQTT_PASSWORD` in the environment; the
 * password is never shown. A bad value is an `SVC_ERR_CONFIG_VALUE` naming where it was set.
 */
import { readFileSync } from 'node:fs';
import { parseFieldSpecs, SvcError, type Config, type FieldSpec } from '@svc/core';
import { parseBrokerAddress, type BrokerAddress } from '../broker/broker-address.js';
import type { BrokerLogin } from '../broker/connection-options.js';

/** Everything MQTT out reads from config. */
export interface MqttOutSettings {
  readonly address: BrokerAddress;
  readonly login: BrokerLogin;
  readonly clientId: string;
  /** Topic prefix, `svc/<server_name>` unless `mqtt_topic_prefix` says otherwise; no trailing `/`. */
  readonly prefix: string;
  readonly qos: 0 | 1;
  readonly queueMax: number;
  /** Seconds between two publications of one changed device. */
  readonly deviceInterval: number;
  /** Fields of the device states, parsed by core's field simplification. */
  readonly deviceFields: readonly FieldSpec[];
  readonly homeAssistant: boolean;
  readonly homeAssistantPrefix: string;
}

/** Config keys of the MQTT plugin, with what they mean. */
export const MQTT_CONFIG_KEYS: Readonly<Record<string, string>> = {
  mqtt_broker: 'MQTT out: the broker, mqtt://host:1883 or mqtts://host:8883 (no credentials in the URL); unset = MQTT out off',
  mqtt_username: 'MQTT out: broker user (or SVC_MQTT_USERNAME in the environment)',
  mqtt_password: 'MQTT out: broker password (or SVC_MQTT_PASSWORD in the environment, which keeps it out of config files); never logged',
  mqtt_ca_file: 'MQTT out and mqtt sources over mqtts://: PEM file of the CA that signed the broker certificate',
  mqtt_tls_insecure: 'MQTT over mqtts://: skip the broker certificate check (test brokers only; default false)',
  mqtt_client_id: 'MQTT out: client id (default svc-<server_name>-<first 8 hex of the server UUID>)',
  mqtt_topic_prefix: 'MQTT out: topic prefix (default svc/<server_name>)',
  mqtt_qos: 'MQTT out: QoS of what svc publishes, 0 or 1 (default 1)',
  mqtt_queue_max: 'MQTT out: messages kept while the broker is away; past it the oldest are dropped and counted (default 10000)',
  mqtt_device_interval: 'MQTT out: seconds between two publications of one changed device (default 10)',
  mqtt_device_fields: 'MQTT out: fields of the device states, comma separated paths or a JSON fields list with [path, alias] pairs (default: key, MAC, PHY, name, type, channel, manufacturer, last time, signal, packets)',
  mqtt_homeassistant: 'MQTT out: publish Home Assistant discovery configs for rtl_433 sensors (default false)',
  mqtt_homeassistant_prefix: 'MQTT out: Home Assistant discovery prefix (default homeassistant)',
};

/** Device fields published when `mqtt_device_fields` is not set. */
export const DEFAULT_DEVICE_FIELDS = [
  'svc.device.base.key',
  'svc.device.base.macaddr',
  'svc.device.base.phyname',
  'svc.device.base.commonname',
  'svc.device.base.type',
  'svc.device.base.channel',
  'svc.device.base.manuf',
  'svc.device.base.first_time',
  'svc.device.base.last_time',
  'svc.device.base.signal/svc.common.signal.last_signal',
  'svc.device.base.packets.total',
];

const TOPIC_PREFIX = /^[^#+\u0000]+$/;

/** Reads the settings; undefined when `mqtt_broker` is not set (MQTT out is off). */
export function readMqttOutSettings(config: Config, serverUuid: string): MqttOutSettings | undefined {
  const broker = config.get('mqtt_broker');
  if (broker === undefined || broker.trim() === '') return undefined;
  const where = (key: string) => `${config.origin(key)}: ${key}`;
  const bad = (key: string, problem: string) => new SvcError('SVC_ERR_CONFIG_VALUE', `${where(key)} ${problem}`);
  const address = parseBrokerAddress(broker.trim(), where('mqtt_broker'), 'SVC_ERR_CONFIG_VALUE');
  const serverName = config.get('server_name') ?? 'svc';
  const prefix = (config.get('mqtt_topic_prefix') ?? `svc/${topicLevel(serverName)}`).replace(/\/+$/, '');
  if (!TOPIC_PREFIX.test(prefix) || prefix.startsWith('$')) throw bad('mqtt_topic_prefix', `'${prefix}' cannot start topics (no '#', '+', NUL, leading '$')`);
  const qos = config.getNumber('mqtt_qos', 1, { min: 0, max: 1, integer: true }) as 0 | 1;
  const haPrefix = (config.get('mqtt_homeassistant_prefix') ?? 'homeassistant').replace(/\/+$/, '');
  if (!TOPIC_PREFIX.test(haPrefix) || haPrefix === '') throw bad('mqtt_homeassistant_prefix', `'${haPrefix}' cannot start topics`);
  const clientId = config.get('mqtt_client_id') ?? `svc-${topicLevel(serverName)}-${serverUuid.slice(0, 8).toLowerCase()}`;
  return {
    address,
    login: readLogin(config),
    clientId,
    prefix,
    qos,
    queueMax: config.getNumber('mqtt_queue_max', 10_000, { min: 10, max: 10_000_000, integer: true }),
    deviceInterval: config.getNumber('mqtt_device_interval', 10, { min: 0.1, max: 86_400 }),
    deviceFields: readDeviceFields(config),
    homeAssistant: config.getBoolean('mqtt_homeassistant', false),
    homeAssistantPrefix: haPrefix,
  };
}

/** The broker login (and TLS settings) from config or environment, shared with `mqtt` sources. */
export function readLogin(config: Config): BrokerLogin {
  const caFile = config.get('mqtt_ca_file');
  if (caFile !== undefined) {
    try {
      readFileSync(caFile);
    } catch (error) {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('mqtt_ca_file')}: mqtt_ca_file ${caFile} cannot be read (${(error as { code?: string }).code ?? (error as Error).message})`);
    }
  }
  return {
    username: config.get('mqtt_username') ?? process.env.SVC_MQTT_USERNAME,
    password: config.get('mqtt_password') ?? process.env.SVC_MQTT_PASSWORD,
    caFile,
    insecure: config.getBoolean('mqtt_tls_insecure', false),
  };
}

/** `mqtt_device_fields`: comma separated paths, or a JSON list as a `fields` dictionary takes. */
function readDeviceFields(config: Config): FieldSpec[] {
  const raw = config.get('mqtt_device_fields');
  if (raw === undefined || raw.trim() === '') return parseFieldSpecs(DEFAULT_DEVICE_FIELDS);
  let list: unknown;
  if (raw.trim().startsWith('[')) {
    try {
      list = JSON.parse(raw);
    } catch {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('mqtt_device_fields')}: mqtt_device_fields starts with '[' but is not a JSON list`);
    }
  } else {
    list = raw.split(',').map((field) => field.trim()).filter((field) => field !== '');
  }
  try {
    const specs = parseFieldSpecs(list);
    if (specs.length === 0) throw new SvcError('SVC_ERR_BAD_FIELDS', 'it names no field');
    return specs;
  } catch (error) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('mqtt_device_fields')}: mqtt_device_fields: ${(error as Error).message}`);
  }
}

/** A name as one topic level: `/`, `+`, `#` and spaces replaced by `_`. */
export function topicLevel(name: string): string {
  const cleaned = name.replace(/[/+#\s\u0000]/g, '_');
  return cleaned === '' ? '_' : cleaned;
}
