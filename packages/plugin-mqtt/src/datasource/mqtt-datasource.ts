/**
 * The `mqtt` datasource type: sensors that already publish to a broker feed svc.
 * `mqtt:broker=mqtt://host,topic=sensors/#,name=x` subscribes to the topic (wildcards allowed)
 * and takes each message as a report in a format some plugin reads (`mqtt-report.ts`); a message that is no report is an
 * error packet on the source, as a bad line is on a serial source. The broker is read no
 * faster than svc takes the packets (mqtt.js waits for each message to be handled). A broken
 * connection fails the source, and the datasource tracker reopens it under its retry policy.
 * The login is `user=` with the password in the environment variable `password_env=` names;
 * without `user=`, a source on the broker of `mqtt_broker` uses MQTT out's login.
 */
import { connect, type MqttClient } from 'mqtt';
import {
  createPacketQueue,
  describeError,
  stableUuid,
  SvcError,
  type Capture,
  type Config,
  type DatasourceTypeDefinition,
  type OpenContext,
  type Packet,
  type Registry,
  type ReportFormatDefinition,
  type SourceDefinition,
} from '@svc/core';
import { parseBrokerAddress, type BrokerAddress } from '../broker/broker-address.js';
import { clientOptions, type BrokerLogin } from '../broker/connection-options.js';
import { readLogin } from '../out/mqtt-settings.js';
import { mqttReportPacket } from './mqtt-report.js';

/** Type name, as Kismet names its MQTT source. */
export const MQTT_TYPE = 'mqtt';

/** How long an open waits for the broker to accept the connection and the subscription. */
const OPEN_TIMEOUT_MS = 10_000;

/** The checked options of a definition. */
interface MqttSourceOptions {
  readonly address: BrokerAddress;
  readonly topic: string;
  readonly qos: 0 | 1;
  readonly username?: string;
  readonly passwordEnv?: string;
}

const bad = (definition: SourceDefinition, problem: string) => new SvcError('SVC_ERR_BAD_DEFINITION', `mqtt source ${definition.options.get('name') ?? definition.interface}: ${problem}`);

/** Reads and checks a definition's options. */
export function readMqttSourceOptions(definition: SourceDefinition): MqttSourceOptions {
  const broker = definition.options.get('broker');
  if (!broker) throw bad(definition, 'needs broker=mqtt://host[:port] (or mqtts://)');
  const address = parseBrokerAddress(broker, 'broker', 'SVC_ERR_BAD_DEFINITION');
  const topic = definition.options.get('topic');
  if (!topic) throw bad(definition, 'needs topic=<topic filter> (sensors/#, rtl_433/+/events)');
  if (!validTopicFilter(topic)) throw bad(definition, `topic '${topic}' is not a topic filter ('#' only as the last level, '+' only as a whole level)`);
  const qos = definition.options.get('qos') ?? '1';
  if (qos !== '0' && qos !== '1') throw bad(definition, `qos must be 0 or 1, got '${qos}'`);
  const passwordEnv = definition.options.get('password_env');
  if (passwordEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(passwordEnv)) throw bad(definition, 'password_env must name an environment variable');
  if (passwordEnv !== undefined && !definition.options.has('user')) throw bad(definition, 'password_env needs user= too');
  return { address, topic, qos: Number(qos) as 0 | 1, username: definition.options.get('user'), passwordEnv };
}

/** Whether a topic filter is well formed (MQTT 3.1.1 4.7). */
export function validTopicFilter(topic: string): boolean {
  if (topic === '' || topic.includes('\u0000') || Buffer.byteLength(topic) > 65_535) return false;
  const levels = topic.split('/');
  return levels.every((level, index) => (level.includes('#') ? level === '#' && index === levels.length - 1 : !level.includes('+') || level === '+'));
}

/**
 * Builds the type; MQTT out's login is used for sources on its broker, and messages are read
 * in the report formats plugins contribute.
 */
export function createMqttSourceType(config: Config, formats: Pick<Registry<ReportFormatDefinition>, 'list'>): DatasourceTypeDefinition {
  const outBroker = config.get('mqtt_broker');

  function loginFor(options: MqttSourceOptions): BrokerLogin {
    const shared = readLogin(config);
    if (options.username !== undefined) {
      const password = options.passwordEnv !== undefined ? process.env[options.passwordEnv] : undefined;
      if (options.passwordEnv !== undefined && password === undefined) throw new SvcError('SVC_ERR_DATASOURCE_OPEN', `password_env names ${options.passwordEnv}, which is not set in svc's environment`);
      return { username: options.username, password, caFile: shared.caFile, insecure: shared.insecure };
    }
    let sameBroker = false;
    try {
      sameBroker = outBroker !== undefined && parseBrokerAddress(outBroker, 'mqtt_broker', 'SVC_ERR_CONFIG_VALUE').url === options.address.url;
    } catch {
      sameBroker = false;
    }
    return sameBroker ? shared : { caFile: shared.caFile, insecure: shared.insecure };
  }

  async function open(definition: SourceDefinition, context: OpenContext): Promise<Capture> {
    const options = readMqttSourceOptions(definition);
    const clientId = `svc-source-${context.uuid.slice(0, 8).toLowerCase()}-${process.pid}`;
    const client = connect(clientOptions(options.address, loginFor(options), clientId));
    const queue = createPacketQueue();
    const reportFormats = formats.list();
    let failure = '';
    let closing = false;
    let errors = 0;
    const push = (packet: Packet, done: () => void) => {
      if (queue.push(packet)) done();
      else void queue.drained().then(done);
    };
    client.handleMessage = (message, done) => {
      const payload = Buffer.isBuffer(message.payload) ? message.payload : Buffer.from(message.payload);
      let packet: Packet;
      try {
        packet = mqttReportPacket(payload, context.uuid, reportFormats);
      } catch (error) {
        if (errors++ === 0) context.message(`${options.address.url} ${message.topic}: a message svc could not take (${(error as Error).message}); further ones are only counted`, 'error');
        const now = Date.now();
        packet = { tsSec: Math.floor(now / 1000), tsUsec: (now % 1000) * 1000, sourceUuid: context.uuid, dlt: 0, error: true, annotations: {} };
      }
      push(packet, () => done());
    };
    client.on('error', (error) => (failure = describeError(error)));

    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`no answer from ${options.address.url} within ${OPEN_TIMEOUT_MS / 1000} s`)), OPEN_TIMEOUT_MS);
      const fail = (error: Error) => {
        clearTimeout(timer);
        client.end(true);
        reject(new SvcError('SVC_ERR_DATASOURCE_OPEN', `cannot connect to ${options.address.url}: ${failure || error.message}`, { cause: error }));
      };
      const closed = () => fail(new Error('the connection closed'));
      client.once('close', closed);
      client.once('connect', () => {
        client.subscribe(options.topic, { qos: options.qos }, (error, granted) => {
          if (error || !granted || granted.some((grant) => grant.qos === 128)) {
            fail(new Error(`the broker refused the subscription to ${options.topic}${error ? ` (${error.message})` : ''}`));
            return;
          }
          clearTimeout(timer);
          client.removeListener('close', closed);
          resolve();
        });
      });
    });
    context.message(`subscribed to ${options.topic} on ${options.address.url}`);
    client.on('close', () => {
      if (!closing) queue.fail(new Error(`lost the connection to ${options.address.url}${failure ? ` (${failure})` : ''}`));
    });
    return {
      info: { captureInterface: `${options.address.url} ${options.topic}`, hardware: 'MQTT broker', dlt: 0 },
      packets: queue.batches,
      async close() {
        closing = true;
        await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
        queue.end();
      },
    };
  }

  return {
    name: MQTT_TYPE,
    description: 'reports from an MQTT broker, in the formats plugins read (serialjson device reports and raw packets, rtl_433 events of -F mqtt), mqtt:broker=mqtt://host,topic=sensors/#',
    capabilities: { probe: true, list: false, local: true, remote: false, passive: false, tune: false, hop: false },
    options: {
      broker: 'the broker, mqtt://host[:port] or mqtts://host[:port]; required',
      topic: 'the topic filter to subscribe to (sensors/#, rtl_433/+/events); required',
      qos: 'subscription QoS, 0 or 1 (default 1)',
      user: 'broker user (default: MQTT out\'s login when the broker is mqtt_broker\'s, else none)',
      password_env: 'name of the environment variable holding the broker password (never in the definition)',
    },
    validate: (definition) => void readMqttSourceOptions(definition),
    probe: async (definition) => definition.interface.toLowerCase() === MQTT_TYPE,
    open,
    uuidFor(definition) {
      const options = readMqttSourceOptions(definition);
      return stableUuid(MQTT_TYPE, `${options.address.url} ${options.topic}`);
    },
  };
}
