/**
 * The `classify` stage for rtl_433: the sensor that sent a message becomes (or updates) an
 * `RFSENSOR` device. Its MAC is made up from model and id as Kismet does, its type is `Sensor`,
 * its name the model, its channel the sensor's own channel, and its `sensor.device` sub-record
 * takes the message's readings.
 */
import type { Packet, PhyState, Service } from '@svc/core';
import type { Rtl433Message } from './rtl433-decoder.js';
import { sensorMac } from './sensor/sensor-mac.js';
import { Rtl433Sensor } from './sensor/rtl433-sensor.js';

/** Device type text of every rtl_433 device. */
export const SENSOR_TYPE = 'Sensor';
/** Manufacturer of every rtl_433 device, as Kismet names it: its MAC is made up, so no registry knows it. */
export const SENSOR_MANUFACTURER = 'RF Sensor';
/** Kismet's basic type bit for a device that is neither AP nor client. */
const BASIC_TYPE_DEVICE = 1 << 4;

/** Applies decoded rtl_433 messages to the tracker. */
export class Rtl433Classifier {
  constructor(
    private readonly devices: Service['devices'],
    private readonly phy: PhyState,
  ) {}

  /** Updates the sensor that sent the message. */
  classify(packet: Packet, message: Rtl433Message): void {
    const device = this.devices.touch(packet, this.phy, sensorMac(message));
    if (device === undefined) return; // an ingest filter rule blocks it
    device.packetsTx++;
    let sensor = device.components.sensor;
    if (sensor === undefined) {
      const model = typeof message.model === 'string' ? message.model : '';
      sensor = device.components.sensor = new Rtl433Sensor(model);
      device.type = SENSOR_TYPE;
      device.basicTypeSet = BASIC_TYPE_DEVICE;
      device.name = model || SENSOR_TYPE;
      device.manuf = SENSOR_MANUFACTURER;
    }
    sensor.apply(message, packet.json!.text, packet.tsSec + packet.tsUsec / 1e6);
    device.channel = sensor.subchannel;
  }
}
