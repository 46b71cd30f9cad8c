/**
 * The `classify` stage for rtl_433: the sensor that sent a message becomes (or updates) an
 * `RFSENSOR` device, as Kismet's sensor PHY makes it. Its MAC is made up from model and id, its
 * type is `Sensor`, its name Kismet's (model and id) on every message, its channel the sensor's
 * own channel, and its `sensor.device` sub-record takes the message's readings. A new sensor is
 * announced on the message bus, as Kismet announces it.
 */
import { MessageFlags, type Packet, type PhyState, type Service } from '@svc/core';
import type { Rtl433Message } from './rtl433-decoder.js';
import { sensorMac } from './sensor/sensor-mac.js';
import { sensorName } from './sensor/sensor-name.js';
import { Rtl433Sensor } from './sensor/rtl433-sensor.js';

/** Device type text of every rtl_433 device. */
export const SENSOR_TYPE = 'Sensor';
/** Manufacturer of every rtl_433 device, as Kismet names it: its MAC is made up, so no registry knows it. */
export const SENSOR_MANUFACTURER = 'RF Sensor';
/** Kismet's basic type bit for a device that is neither AP nor client. */
const BASIC_TYPE_DEVICE = 1 << 4;

/** Kismet's announcement of a sensor heard for the first time. */
function newSensorMessage(sensor: Rtl433Sensor): string {
  const id = sensor.id === '' ? '' : ` ID ${sensor.id}`;
  const channel = sensor.subchannel === '0' ? '' : ` Channel ${sensor.subchannel}`;
  return `Detected new RF sensor device '${sensor.model}'${id}${channel}`;
}

/** Applies decoded rtl_433 messages to the tracker. */
export class Rtl433Classifier {
  constructor(
    private readonly devices: Service['devices'],
    private readonly messages: Service['messages'],
    private readonly phy: PhyState,
  ) {}

  /** Updates the sensor that sent the message. */
  classify(packet: Packet, message: Rtl433Message): void {
    const device = this.devices.touch(packet, this.phy, sensorMac(message));
    if (device === undefined) return; // an ingest filter rule blocks it
    device.packetsTx++;
    device.name = sensorName(message);
    const known = device.components.sensor;
    const sensor = known ?? (device.components.sensor = new Rtl433Sensor(device.name));
    if (known === undefined) {
      device.type = SENSOR_TYPE;
      device.basicTypeSet = BASIC_TYPE_DEVICE;
      device.manuf = SENSOR_MANUFACTURER;
    }
    sensor.apply(message, packet.json!.text, packet.tsSec + packet.tsUsec / 1e6);
    device.channel = sensor.subchannel;
    if (known === undefined) this.messages.post(newSensorMessage(sensor), MessageFlags.INFO);
  }
}
