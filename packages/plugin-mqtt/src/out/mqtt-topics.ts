/**
 * The topics MQTT out publishes on, all under the prefix (`svc/<server_name>` by default).
 * Events are not retained: a subscriber sees them as they happen. States are retained: a
 * subscriber that connects later gets the last one at once.
 *
 * | topic | retained | payload |
 * |---|---|---|
 * | `<prefix>/status` | yes | `online`, or `offline` (also the last will) |
 * | `<prefix>/devices/<device key>` | yes | the device, fields as `mqtt_device_fields` chooses |
 * | `<prefix>/events/alert` | no | each alert record |
 * | `<prefix>/alerts/<HEADER>` | yes | the last alert of that name |
 * | `<prefix>/events/message` | no | each message record |
 * | `<prefix>/events/datasource` | no | `{"event": "DATASOURCE_OPENED", ...datasource fields}` |
 * | `<prefix>/datasources/<uuid>` | yes | the datasource's state |
 * | `<prefix>/events/sensor` | no | each rtl_433 message with the sensor's device key |
 * | `<prefix>/sensors/<device key>/<reading>` | yes | the reading's value in svc's unit |
 */

/** Topic names under one prefix. */
export class MqttTopics {
  constructor(readonly prefix: string) {}

  get status(): string {
    return `${this.prefix}/status`;
  }

  device(key: string): string {
    return `${this.prefix}/devices/${key}`;
  }

  get alertEvent(): string {
    return `${this.prefix}/events/alert`;
  }

  alert(header: string): string {
    return `${this.prefix}/alerts/${header}`;
  }

  get messageEvent(): string {
    return `${this.prefix}/events/message`;
  }

  get datasourceEvent(): string {
    return `${this.prefix}/events/datasource`;
  }

  datasource(uuid: string): string {
    return `${this.prefix}/datasources/${uuid}`;
  }

  get sensorEvent(): string {
    return `${this.prefix}/events/sensor`;
  }

  sensorReading(key: string, reading: string): string {
    return `${this.prefix}/sensors/${key}/${reading}`;
  }

  /** Default topic of an `alert_sink=mqtt` line without `topic=`. */
  alertSink(name: string): string {
    return `${this.prefix}/alert_sinks/${name}`;
  }
}
